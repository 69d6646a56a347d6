import type { TAdminPagination } from '@magotips/contracts/admin';

type PagerProps = { pagination: TAdminPagination; onPage: (page: number) => void; label: string };

/** Previous / next over a server-paged list; nothing when everything fits on one page. */
export function Pager({ pagination, onPage, label }: PagerProps) {
  const { page, pages, total, estimated } = pagination;
  if (pages <= 1) return null;
  return (
    <nav className="admin-pager" aria-label={label}>
      <button type="button" className="btn btn--small btn--outline" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        Anterior
      </button>
      <span className="admin-pager__status">
        Página {page} de {estimated ? `unas ${pages}` : pages} · {estimated ? '≈' : ''}
        {total} en total
      </span>
      <button
        type="button"
        className="btn btn--small btn--outline"
        disabled={page >= pages}
        onClick={() => onPage(page + 1)}
      >
        Siguiente
      </button>
    </nav>
  );
}
