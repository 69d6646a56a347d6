import { formatUsd } from '@magotips/contracts/money';
import { DEFAULT_PACK_MATCH_ICON, findSport, sportEmoji } from '@magotips/contracts/sports';
import { formatMatchDate } from '../../../lib/format-date';
import { useReaderTimeZone } from '../../../lib/reader-zone';
import { StatusBadge } from '../../../components/tips/tip-card-head';
import type { PackItem } from '../purchase-state';
import '../../../components/tips/tip-card.css';

/** SPEC.md §9: the purchase summary lists 3 matches, then a remainder count. The contract's
 * PACK_PREVIEW_TIPS, restated because contracts/packs.ts carries Zod. */
export const SUMMARY_MATCHES = 3;

export function remainingMatchesText(count: number): string {
  return count === 1 ? '... y 1 partido más' : `... y ${count} partidos más`;
}

export function PackSummary({ pack }: { pack: PackItem }) {
  const timeZone = useReaderTimeZone();
  const shown = pack.matches.slice(0, SUMMARY_MATCHES);
  const remaining = pack.matches.length - shown.length;
  const fallbackSport = findSport(DEFAULT_PACK_MATCH_ICON);
  return (
    <div className="purchase-summary">
      <div className="purchase-summary__head">
        <h3 className="purchase-summary__name">{pack.name}</h3>
        <p className="purchase-summary__price">{formatUsd(pack.price)}</p>
      </div>
      {pack.description ? (
        <p className="purchase-summary__description">{pack.description}</p>
      ) : null}
      {shown.length > 0 ? (
        <>
          <h4 className="purchase-summary__subtitle">Partidos incluidos</h4>
          <ul className="purchase-matches">
            {shown.map((match, index) => {
              // SPEC.md §3: a match without a sport shows the baseball icon.
              const sport = findSport(match.icon) ?? fallbackSport;
              return (
                <li key={`${match.name}-${match.date ?? ''}-${index}`} className="purchase-match">
                  <span className="purchase-match__sport" role="img" aria-label={sport?.label}>
                    {sportEmoji(match.icon, sportEmoji(DEFAULT_PACK_MATCH_ICON))}
                  </span>
                  <span className="purchase-match__name">{match.name}</span>
                  <span className="purchase-match__info">
                    <StatusBadge status={match.status} />
                    {match.date ? (
                      <time className="purchase-match__date" dateTime={match.date}>
                        {formatMatchDate(match.date, timeZone)}
                      </time>
                    ) : (
                      <span className="purchase-match__date">
                        {formatMatchDate(null, timeZone)}
                      </span>
                    )}
                  </span>
                </li>
              );
            })}
          </ul>
          {remaining > 0 ? (
            <p className="purchase-summary__more">{remainingMatchesText(remaining)}</p>
          ) : null}
        </>
      ) : null}
    </div>
  );
}
