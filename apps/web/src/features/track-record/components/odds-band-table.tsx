import { ODDS_BANDS } from '@magotips/contracts/track-record-bands';
import type { TTrackRecordSummary } from '@magotips/contracts/track-record-schemas';
import { formatCount, formatPercent, formatUnits } from '../../../lib/format-track-record';
import { profitTone } from './profit-tone';

type Band = TTrackRecordSummary['yieldByOddsBand'][number];

/** The yield by odds band (<1,50, 1,50–1,99, 2,00–2,99, ≥3,00), as small cards that fit a phone:
 * four bands, four short lines, no table to scroll. */
export function OddsBandFigures({ bands }: { bands: readonly Band[] }) {
  return (
    <ul className="tr-cards tr-cards--bands">
      {ODDS_BANDS.map((band) => {
        const row = bands.find((b) => b.band === band.id);
        return (
          <li key={band.id} className="tr-card">
            <h3 className="tr-card__title">{band.label}</h3>
            <dl className="tr-card__figures">
              <div>
                <dt>Yield</dt>
                <dd className={profitTone(row?.yield)}>{formatPercent(row?.yield)}</dd>
              </div>
              <div>
                <dt>Beneficio</dt>
                <dd className={profitTone(row?.profitUnits)}>
                  {formatUnits(row?.profitUnits ?? 0)}
                </dd>
              </div>
              <div>
                <dt>Tips</dt>
                <dd>{formatCount(row?.settled ?? 0)}</dd>
              </div>
            </dl>
          </li>
        );
      })}
    </ul>
  );
}
