type PagerProps = {
  page: number;
  pages: number;
  total: number;
  loading: boolean;
  onPage: (page: number) => void;
  /** What is counted, singular and plural ('tip', 'tips'). */
  noun: { one: string; many: string };
};

/** Previous and next over a paged list, with where the reader is, read out as it changes. */
export function Pager({ page, pages, total, loading, onPage, noun }: PagerProps) {
  const last = Math.max(pages, 1);
  return (
    <nav className="pager" aria-label={`Páginas de ${noun.many}`}>
      <button
        type="button"
        className="btn btn--small btn--outline"
        disabled={page <= 1 || loading}
        onClick={() => onPage(page - 1)}
      >
        ← Anterior
      </button>
      <p className="pager__status" aria-live="polite">
        Página {page} de {last} · {total} {total === 1 ? noun.one : noun.many}
      </p>
      <button
        type="button"
        className="btn btn--small btn--outline"
        disabled={page >= last || loading}
        onClick={() => onPage(page + 1)}
      >
        Siguiente →
      </button>
    </nav>
  );
}
