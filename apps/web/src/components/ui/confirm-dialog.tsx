import { useEffect, useId, useRef } from 'react';
import { ModalDialog } from './modal-dialog';
import './feedback.css';

type ConfirmDialogProps = {
  /** The question, word for word from SPEC.md §8 where it gives one. */
  question: string;
  /** What exactly is about to go (the item's name), and any consequence worth repeating. */
  detail?: string;
  confirmLabel: string;
  busyLabel: string;
  busy: boolean;
  onConfirm: () => void;
  onCancel: () => void;
  /** danger (default) for what cannot be undone; gold for a check before saving. */
  tone?: 'danger' | 'gold';
};

/** Every destructive action asks first, in an accessible alertdialog rather than window.confirm.
 * Focus starts on Cancelar, the harmless choice (on the dialog itself while Cancelar is disabled). */
export function ConfirmDialog({
  question,
  detail,
  confirmLabel,
  busyLabel,
  busy,
  onConfirm,
  onCancel,
  tone = 'danger',
}: ConfirmDialogProps) {
  const titleId = useId();
  const detailId = useId();
  const cancelRef = useRef<HTMLButtonElement>(null);
  // Opened while busy, the dialog box held the focus (ModalDialog): Cancelar takes it once it
  // can, unless the user has moved it already.
  useEffect(() => {
    const cancel = cancelRef.current;
    if (!busy && cancel && document.activeElement === cancel.closest('[role="alertdialog"]'))
      cancel.focus();
  }, [busy]);
  return (
    <ModalDialog
      role="alertdialog"
      labelledBy={titleId}
      describedBy={detail ? detailId : undefined}
      onClose={() => {
        if (!busy) onCancel();
      }}
      initialFocusRef={cancelRef}
      className="dialog-box--narrow confirm-dialog"
    >
      <h2 id={titleId} className="confirm-dialog__question">
        {question}
      </h2>
      {detail ? (
        <p id={detailId} className="confirm-dialog__detail">
          {detail}
        </p>
      ) : null}
      <div className="dialog-actions">
        <button
          ref={cancelRef}
          type="button"
          className="btn btn--outline"
          onClick={onCancel}
          disabled={busy}
        >
          Cancelar
        </button>
        <button type="button" className={`btn btn--${tone}`} onClick={onConfirm} disabled={busy}>
          {busy ? busyLabel : confirmLabel}
        </button>
      </div>
    </ModalDialog>
  );
}
