import { useState, type ReactNode } from 'react';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { EmptyState, ErrorPanel, LoadingState } from '../../../components/ui/list-states';
import { PanelFeedbackView, usePanelFeedback, type PanelFeedback } from './panel-feedback';

/**
 * The state every editor panel keeps: the item open in the form (`{}` for a new one), the item
 * waiting for the delete confirmation, and the feedback of the last action.
 */
export function useManagementPanel<T>() {
  const [editing, setEditing] = useState<{ item?: T } | null>(null);
  const [toDelete, setToDelete] = useState<T | null>(null);
  const feedback = usePanelFeedback();
  return {
    editing,
    feedback,
    toDelete,
    /** The form for `item`, or for a new one. Editing an item drops the notice of the last
     * action (it may be about that item); a new one keeps it, to read again after Cancelar. */
    openForm(item?: T) {
      if (item === undefined) {
        setEditing({});
        return;
      }
      feedback.announce(null);
      setEditing({ item });
    },
    closeForm: () => setEditing(null),
    /** The form saved: back to the list, where its notice takes the focus. */
    saved(text: string) {
      setEditing(null);
      feedback.announceSaved(text);
    },
    askDelete: setToDelete,
    cancelDelete: () => setToDelete(null),
    /** The delete mutation's callbacks: the notice, the failure, and the dialog closed either way. */
    deleteHandlers(done: string, failTitle: string) {
      return { ...feedback.handlers(done, failTitle), onSettled: () => setToDelete(null) };
    },
  };
}

/** The part of a TanStack Query result the panel reads. */
type ListQuery = {
  status: 'pending' | 'error' | 'success';
  error: Error | null;
  refetch: () => unknown;
};

type ManagementPanelProps = {
  title: string;
  /** "12 tips en total", once the list is known. */
  count?: string | null;
  newLabel: string;
  onNew: () => void;
  feedback: PanelFeedback;
  list: ListQuery;
  loadingText: string;
  /** The error panel's title, and the server's message under it when it adds something. */
  loadError: (error: Error) => { title: string; message?: string };
  isEmpty: boolean;
  emptyText: string;
  /** The list itself (and its pager), shown when it has items. */
  children: ReactNode;
  /** The open form, which takes the panel's place. */
  form?: ReactNode;
  /** The item about to be deleted, for the confirmation (SPEC.md §8 questions). */
  deleting?: {
    question: string;
    detail: string;
    busy: boolean;
    onConfirm: () => void;
    onCancel: () => void;
  } | null;
  /** Dialogs of this kind of item only (e.g. changing a tip's result). */
  dialogs?: ReactNode;
};

/**
 * The frame of the Tips, Packs and Suscripciones panels: title and count, the create button,
 * the last action's notice or failure, the list with its loading, empty and error (Reintentar)
 * states, and the question before a delete.
 */
export function ManagementPanel({
  title,
  count,
  newLabel,
  onNew,
  feedback,
  list,
  loadingText,
  loadError,
  isEmpty,
  emptyText,
  children,
  form,
  deleting,
  dialogs,
}: ManagementPanelProps) {
  if (form) return <>{form}</>;
  const failed = list.status === 'error' && list.error ? loadError(list.error) : null;
  return (
    <div className="editor-panel">
      <div className="editor-panel__head">
        <div>
          <h2 className="editor-panel__title">{title}</h2>
          {count ? <p className="editor-panel__count">{count}</p> : null}
        </div>
        <button type="button" className="btn btn--gold" onClick={onNew}>
          {newLabel}
        </button>
      </div>
      <PanelFeedbackView feedback={feedback} />

      {list.status === 'pending' ? (
        <LoadingState text={loadingText} />
      ) : failed ? (
        <ErrorPanel
          title={failed.title}
          {...(failed.message ? { message: failed.message } : {})}
          onRetry={() => void list.refetch()}
        />
      ) : isEmpty ? (
        <EmptyState>
          <p>{emptyText}</p>
        </EmptyState>
      ) : (
        children
      )}

      {deleting ? (
        <ConfirmDialog
          question={deleting.question}
          detail={deleting.detail}
          confirmLabel="Eliminar"
          busyLabel="Eliminando..."
          busy={deleting.busy}
          onConfirm={deleting.onConfirm}
          onCancel={deleting.onCancel}
        />
      ) : null}
      {dialogs}
    </div>
  );
}
