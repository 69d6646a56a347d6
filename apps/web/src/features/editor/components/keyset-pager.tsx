import { formatMatchDay } from '../../../lib/format-date';

type KeysetPagerProps = {
  /** The match dates of the page's first and last tips (latest first), when it has any. */
  span: { from: string; to: string } | null;
  total: number;
  /** The total is the database's estimate (very large lists). */
  estimated: boolean;
  hasPrevious: boolean;
  hasNext: boolean;
  loading: boolean;
  onPrevious: () => void;
  onNext: () => void;
};

/**
 * "Anteriores" and "Siguientes" over the list by match date. Without a page number (a keyset
 * list has none) the status says which days the page covers. The buttons stay focusable while
 * a page loads or at an end (aria-disabled): a keyboard user pressing them again keeps their
 * place instead of being dropped to the top of the document.
 */
export function KeysetPager(props: KeysetPagerProps) {
  const { span, total, estimated, loading } = props;
  const count = `${estimated ? 'unos ' : ''}${total.toLocaleString('es')} ${total === 1 ? 'tip' : 'tips'}`;
  const days = span
    ? span.from === span.to
      ? `Partidos del ${span.from}`
      : `Partidos del ${span.from} al ${span.to}`
    : 'Ningún tip en esta página';
  const button = (label: string, enabled: boolean, onClick: () => void) => (
    <button
      type="button"
      className="btn btn--small btn--outline"
      aria-disabled={!enabled || loading}
      onClick={() => {
        if (enabled && !loading) onClick();
      }}
    >
      {label}
    </button>
  );
  return (
    <nav className="pager" aria-label="Páginas de tips">
      {button('← Anteriores', props.hasPrevious, props.onPrevious)}
      <p className="pager__status" aria-live="polite">
        {days} · {count}
      </p>
      {button('Siguientes →', props.hasNext, props.onNext)}
    </nav>
  );
}

/** The page's span of days, as the pager reads it. */
export function pageSpan(
  tips: { matchDate: string }[],
  timeZone: string,
): { from: string; to: string } | null {
  const first = tips[0];
  const last = tips.at(-1);
  if (!first || !last) return null;
  return {
    from: formatMatchDay(first.matchDate, timeZone),
    to: formatMatchDay(last.matchDate, timeZone),
  };
}
