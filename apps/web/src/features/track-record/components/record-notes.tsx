import { HIT_RATE_FORMULA } from '@magotips/contracts/track-record';
import type { TTrackRecordSummary } from '@magotips/contracts/track-record-schemas';
import { formatCount } from '../../../lib/format-track-record';

/** Below this many settled bets a yield says little: the page says so beside the figures. */
export const SMALL_SAMPLE = 30;

const plural = (n: number, one: string, many: string) =>
  `${formatCount(n)} ${n === 1 ? one : many}`;

/** What the figures leave out and how the hit rate is counted (issue 27 items 5 and 6): the
 * published analyses without a bet, the bets still pending, a warning on a small sample, and the
 * hit rate's formula in contracts' words. */
export function RecordNotes({ record }: { record: TTrackRecordSummary }) {
  return (
    <div className="tr-notes">
      {record.settled < SMALL_SAMPLE ? (
        <p className="tr-note tr-note--warn">
          <strong>Menos de {SMALL_SAMPLE} apuestas:</strong> con{' '}
          {plural(record.settled, 'apuesta resuelta', 'apuestas resueltas')} las cifras dependen
          mucho de la suerte; tómalas con prudencia.
        </p>
      ) : null}
      <p className="tr-note">
        {plural(record.withoutBet, 'análisis sin apuesta', 'análisis sin apuesta')} ·{' '}
        {plural(record.pendingBets, 'apuesta pendiente', 'apuestas pendientes')}
        <span className="tr-note__aside">
          {' '}
          (fuera de las cifras: un análisis sin apuesta nunca cuenta; una apuesta, al resolverse)
        </span>
      </p>
      <p className="tr-note tr-note--caption">{HIT_RATE_FORMULA}</p>
    </div>
  );
}
