import { useId, useRef } from 'react';
import { ModalDialog } from '../../tips/components/modal-dialog';

type ConfirmDialogProps = {
  /** The question, word for word from SPEC.md where it gives one. */
  question: string;
  /** Who or what is affected, so the admin confirms the right thing. */
  detail?: string;
  confirmLabel: string;
  busyLabel: string;
  busy: boolean;
  onConfirm: () => void;
  onCancel: () => void;
};

/** An accessible yes/no (alertdialog, focus kept inside, Escape cancels) instead of
 * window.confirm, which screen readers and the strict page styling handle badly. Focus starts
 * on Cancelar, the harmless choice. */
export function ConfirmDialog({ question, detail, confirmLabel, busyLabel, busy, onConfirm, onCancel }: ConfirmDialogProps) {
  const titleId = useId();
  const detailId = useId();
  const cancelRef = useRef<HTMLButtonElement>(null);
  return (
    <ModalDialog
      role="alertdialog"
      labelledBy={titleId}
      describedBy={detail ? detailId : undefined}
      onClose={() => {
        if (!busy) onCancel();
      }}
      initialFocusRef={cancelRef}
      className="dialog-box--narrow admin-confirm"
    >
      <h2 id={titleId} className="admin-confirm__question">
        {question}
      </h2>
      {detail ? (
        <p id={detailId} className="admin-confirm__detail">
          {detail}
        </p>
      ) : null}
      <div className="dialog-actions">
        <button ref={cancelRef} type="button" className="btn btn--outline" onClick={onCancel} disabled={busy}>
          Cancelar
        </button>
        <button type="button" className="btn admin-btn--danger" onClick={onConfirm} disabled={busy}>
          {busy ? busyLabel : confirmLabel}
        </button>
      </div>
    </ModalDialog>
  );
}
