import { findSport } from '@magotips/contracts/sports';
import { tipState } from '@magotips/contracts/tip-state';
import type { TTrackRecordTip } from '@magotips/contracts/track-record-schemas';
import { Link } from 'react-router';
import { formatMoment } from '../../../lib/format-date';
import { useReaderTimeZone } from '../../../lib/reader-zone';
import { formatOdds } from '../../../lib/format-track-record';
import { publishedText } from '../format-dates';
import { CATEGORY_LABELS } from '../track-record-filters';
import '../../../components/track-record/result-badge.css';

// result-badge.css's colour per state (components/track-record/result-badge.tsx uses the same).
const BADGE: Record<string, string> = {
  ganado: 'won',
  perdido: 'lost',
  nulo: 'void',
  medio_ganado: 'half-won',
  medio_perdido: 'half-lost',
};

/** The ledger page's address for one tip's entries. */
export const ledgerHref = (tipId: string) => `/historial/registro?tip=${tipId}`;

/** One settled bet: its state in the one wording of contracts/tip-state.ts, when it went public
 * and how long before kick-off, and the two ways to check it (its page and its ledger entries). */
export function SettledTipRow({ tip }: { tip: TTrackRecordTip }) {
  const timeZone = useReaderTimeZone();
  const sport = findSport(tip.sport);
  // A row of the record is settled: the match is over and the result decides the state.
  const state = tipState({
    status: 'finalizado',
    result: tip.result,
    profitUnits: tip.profitUnits,
  });
  return (
    <article className="tr-tip">
      <div className="tr-tip__top">
        <span className={`result-badge result-badge--${BADGE[state.key] ?? 'pending'}`}>
          {state.label}
        </span>
        <span className="tr-tip__category">{CATEGORY_LABELS[tip.category]}</span>
      </div>
      <h3 className="tr-tip__title">
        <Link to={`/tip/${tip._id}`}>{tip.title}</Link>
      </h3>
      <p className="tr-tip__bet">
        <span className="tr-tip__pick">{tip.pick}</span> @ {formatOdds(tip.odds)} · {tip.stake} u
        {tip.bookmaker ? ` · ${tip.bookmaker}` : ''}
      </p>
      <p className="tr-tip__meta">
        <time dateTime={tip.matchDate}>{formatMoment(tip.matchDate, timeZone)}</time> ·{' '}
        <span aria-hidden="true">{sport?.emoji} </span>
        {sport?.label ?? tip.sport}
      </p>
      <p className="tr-tip__meta">
        <time dateTime={tip.publishedAt}>
          {publishedText(tip.publishedAt, tip.matchDate, timeZone)}
        </time>
      </p>
      <p className="tr-tip__links">
        <Link to={ledgerHref(tip._id)}>
          Ver en el registro<span className="visually-hidden">: {tip.title}</span>
        </Link>
      </p>
    </article>
  );
}
