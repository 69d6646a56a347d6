import { TipCard, type TipCardAction } from './tip-card';
import type { TipCardTip } from './tip-display';

export const DEFAULT_TIP_CARD_COUNT = 3;
export const EMPTY_TIPS_TEXT = 'No hay tips disponibles.';
export const LOADING_TIPS_TEXT = 'Cargando tips...';

type TipListProps = {
  status: 'pending' | 'error' | 'success';
  tips: readonly TipCardTip[] | undefined;
  error: Error | null;
  onRetry: () => void;
  action: TipCardAction;
  limit?: number;
  headingLevel?: 2 | 3 | 4;
  /** What an empty list says; each caller may have its own wording (VIP tab, SPEC.md §2). */
  emptyText?: string;
  /** The error panel's first line; the server's message follows it. */
  errorTitle?: string;
};

/** Loading, error, empty and list states shared by every place that shows tip cards. */
export function TipList({
  status,
  tips,
  error,
  onRetry,
  action,
  limit = DEFAULT_TIP_CARD_COUNT,
  headingLevel,
  emptyText = EMPTY_TIPS_TEXT,
  errorTitle = 'No pudimos cargar los tips.',
}: TipListProps) {
  if (status === 'pending') {
    return (
      <p className="tip-list__state" role="status">
        {LOADING_TIPS_TEXT}
      </p>
    );
  }
  if (status === 'error') {
    return (
      <div className="tip-list__state tip-list__state--error" role="alert">
        <p className="tip-list__error-title">{errorTitle}</p>
        {error?.message && error.message !== errorTitle ? <p>{error.message}</p> : null}
        <button type="button" className="btn btn--small btn--outline" onClick={onRetry}>
          Reintentar
        </button>
      </div>
    );
  }
  const shown = (tips ?? []).slice(0, limit);
  if (shown.length === 0) {
    return <p className="tip-list__state">{emptyText}</p>;
  }
  return (
    <ul className="tip-list">
      {shown.map((tip) => (
        <li key={tip._id}>
          <TipCard tip={tip} action={action} headingLevel={headingLevel} />
        </li>
      ))}
    </ul>
  );
}
