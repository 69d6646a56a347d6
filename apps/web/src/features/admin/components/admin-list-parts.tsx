import type { UseMutationResult, UseQueryResult } from '@tanstack/react-query';
import { type ReactNode, useCallback, useState } from 'react';
import {
  ActionError,
  ActionNotice,
  EmptyState,
  ErrorPanel,
  LoadingState,
} from '../../../components/ui/list-states';

/** A server list's four faces: loading, failed (with Reintentar), empty, or its rows. */
export function ListBody<T>({
  query,
  loading,
  loadError,
  isEmpty,
  empty,
  children,
}: {
  query: UseQueryResult<T, Error>;
  loading: string;
  loadError: string;
  isEmpty: (data: T) => boolean;
  empty: ReactNode;
  children: (data: T) => ReactNode;
}) {
  if (query.isPending) return <LoadingState text={loading} />;
  if (query.isError)
    return (
      <ErrorPanel
        title={loadError}
        message={query.error.message}
        onRetry={() => void query.refetch()}
      />
    );
  return isEmpty(query.data) ? <EmptyState>{empty}</EmptyState> : children(query.data);
}

/** A table that scrolls sideways inside its own focusable region on a phone, rather than
 * widening the page; busy while a new page replaces the rows shown. */
export function TableRegion({
  label,
  busy,
  children,
}: {
  label: string;
  busy: boolean;
  children: ReactNode;
}) {
  return (
    <div
      className="admin-table-scroll"
      role="region"
      aria-label={label}
      tabIndex={0}
      aria-busy={busy || undefined}
    >
      {children}
    </div>
  );
}

/** The outcome line of a row action: shown and focused once after a success (the row's button
 * may be gone, taking the focus with it). */
export function useActionNotice() {
  const [text, setText] = useState<string | null>(null);
  const [focus, setFocus] = useState(false);
  const onFocused = useCallback(() => setFocus(false), []);
  const show = useCallback((message: string) => {
    setText(message);
    setFocus(true);
  }, []);
  const clear = useCallback(() => setText(null), []);
  return { text, focus, onFocused, show, clear };
}

/** The notice of the last success and the failure of `action`, until dismissed. */
export function ActionFeedback<TData, TVariables>({
  notice,
  action,
  failTitle,
}: {
  notice: ReturnType<typeof useActionNotice>;
  action: UseMutationResult<TData, Error, TVariables>;
  failTitle: string;
}) {
  return (
    <>
      <ActionNotice text={notice.text} focus={notice.focus} onFocused={notice.onFocused} />
      {action.isError ? (
        <ActionError
          title={failTitle}
          message={action.error.message}
          onDismiss={() => action.reset()}
          focus
          key={action.submittedAt}
        />
      ) : null}
    </>
  );
}
