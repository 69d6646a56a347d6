import { ResultBadge } from '../track-record/result-badge';
import { signedUnits } from '@magotips/contracts/tip-state';
import { formatOdds } from '../../lib/format-track-record';
import { isSettled, NO_BET_TEXT, PublishedLate, type TipBetFields } from './tip-bet';

/** The whole bet on the tip's own page and in its modal: pick, odds, stake, bookmaker, and the
 * result with its profit once settled. */
export function TipBetDetails({ tip }: { tip: TipBetFields & { noBet?: boolean | null } }) {
  if (tip.noBet)
    return (
      <>
        <p className="tip-bet-details tip-bet-details--none">
          <strong>{NO_BET_TEXT}</strong>
          <span>: no cuenta en el historial de resultados.</span>
        </p>
        <PublishedLate late={tip.publishedLate} />
      </>
    );
  if (!tip.pick) return <PublishedLate late={tip.publishedLate} />;
  return (
    <>
      <dl className="tip-bet-details">
        <div>
          <dt>Pronóstico</dt>
          <dd className="tip-bet__pick">{tip.pick}</dd>
        </div>
        {tip.odds ? (
          <div>
            <dt>Cuota</dt>
            <dd>{formatOdds(tip.odds)}</dd>
          </div>
        ) : null}
        {tip.stake ? (
          <div>
            <dt>Stake</dt>
            <dd>{tip.stake} u</dd>
          </div>
        ) : null}
        {tip.bookmaker ? (
          <div>
            <dt>Casa de apuestas</dt>
            <dd>{tip.bookmaker}</dd>
          </div>
        ) : null}
        {isSettled(tip.result) ? (
          <div>
            <dt>Resultado</dt>
            <dd>
              <ResultBadge result={tip.result} />
              {typeof tip.profitUnits === 'number' ? (
                <strong className="tip-bet-details__profit"> {signedUnits(tip.profitUnits)}</strong>
              ) : null}
            </dd>
          </div>
        ) : null}
      </dl>
      <PublishedLate late={tip.publishedLate} />
    </>
  );
}
