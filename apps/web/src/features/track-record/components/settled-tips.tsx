import type { TTrackRecordTipsResponse } from '@magotips/contracts/track-record-schemas';
import { useId } from 'react';
import { ErrorPanel } from '../../../components/ui/list-states';
import { SettledTipRow } from './settled-tip-row';

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
