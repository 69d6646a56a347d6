import { findSport } from '@magotips/contracts/sports';
import type { TTrackRecordTipsResponse } from '@magotips/contracts/track-record-schemas';
import { useId } from 'react';
import { ResultBadge } from '../../../components/track-record/result-badge';
import { ErrorPanel } from '../../../components/ui/list-states';
import { formatOdds, formatUnits } from '../../../lib/format-track-record';
import { formatMatchDate } from '../../../lib/format-date';
import { CATEGORY_LABELS } from '../track-record-filters';
import { profitTone } from './profit-tone';

type SettledTip = TTrackRecordTipsResponse['tips'][number];

/** Rows drawn while a page loads: the list keeps its height (a page holds up to 20). */
const PLACEHOLDER_ROWS = 5;

type SettledTipsProps = {
  status: 'pending' | 'error' | 'success';
  data: TTrackRecordTipsResponse | undefined;
  error: Error | null;
  onRetry: () => void;
  /** Loading another page while the current one stays on screen. */
  busy: boolean;
  onPage: (page: number) => void;
};

export function SettledTips({ status, data, error, onRetry, busy, onPage }: SettledTipsProps) {
  const pagerId = useId();
  if (status === 'error') {
    return (
      <ErrorPanel
        title="No pudimos cargar los tips resueltos."
        message={error?.message}
        onRetry={onRetry}
      />
    );
  }
  if (status === 'pending' || !data) {
    return (
      <>
        <p className="visually-hidden" role="status">
          Cargando tips resueltos...
        </p>
        <ol className="tr-tips tr-ghost" aria-hidden="true">
          {Array.from({ length: PLACEHOLDER_ROWS }, (_, index) => (
            <li key={index} className="tr-tip tr-tip--ghost" />
          ))}
        </ol>
      </>
    );
  }
  const { page, pages, total } = data.pagination;
  return (
    <>
      <ol className="tr-tips" aria-busy={busy}>
        {data.tips.map((tip) => (
          <li key={tip._id}>
            <SettledTipRow tip={tip} />
          </li>
        ))}
      </ol>
      {pages > 1 ? (
        <nav className="tr-pager" aria-labelledby={pagerId}>
          <h3 id={pagerId} className="visually-hidden">
            Páginas de tips resueltos
          </h3>
          <button
            type="button"
            className="btn btn--small btn--outline"
            disabled={page <= 1 || busy}
            onClick={() => onPage(page - 1)}
          >
            Anterior
          </button>
          <p className="tr-pager__where" aria-live="polite">
            Página {page} de {pages} · {total} tips
          </p>
          <button
            type="button"
            className="btn btn--small btn--outline"
            disabled={page >= pages || busy}
            onClick={() => onPage(page + 1)}
          >
            Siguiente
          </button>
        </nav>
      ) : null}
    </>
  );
}

function SettledTipRow({ tip }: { tip: SettledTip }) {
  const sport = findSport(tip.sport);
  return (
    <article className="tr-tip">
      <div className="tr-tip__top">
        <ResultBadge result={tip.result} />
        <strong className={`tr-tip__profit ${profitTone(tip.profitUnits)}`}>
          {formatUnits(tip.profitUnits)}
        </strong>
      </div>
      <h3 className="tr-tip__title">{tip.title}</h3>
      <p className="tr-tip__bet">
        <span className="tr-tip__pick">{tip.pick}</span> @ {formatOdds(tip.odds)} · {tip.stake} u
        {tip.bookmaker ? ` · ${tip.bookmaker}` : ''}
      </p>
      <p className="tr-tip__meta">
        <time dateTime={tip.matchDate}>{formatMatchDate(tip.matchDate)}</time> ·{' '}
        <span aria-hidden="true">{sport?.emoji} </span>
        {sport?.label ?? tip.sport} · {CATEGORY_LABELS[tip.category]}
      </p>
    </article>
  );
}
