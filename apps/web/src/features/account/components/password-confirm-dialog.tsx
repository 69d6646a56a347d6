import { PAUSE_TEXT } from '@magotips/contracts/pause';
import { useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { CallError } from '../../../components/form/call-error';
import { ModalDialog } from '../../../components/ui/modal-dialog';

/** What the dialog reads of the TanStack mutation it runs. */
type Call = { isPending: boolean; isError: boolean; error: unknown; submittedAt: number };

type PasswordConfirmDialogProps = {
  title: string;
  /** The consequences, read with the title (aria-describedby). */
  children: ReactNode;
  confirmLabel: string;
  busyLabel: string;
  call: Call;
  /** The server's fallback text for a failure it did not explain. */
  failed: string;
  onConfirm: (password: string) => void;
  onCancel: () => void;
};

/** A step that can't be undone, confirmed with the password (the pause and its lifting): an
 * alertdialog whose focus starts on the password; Tab stays inside, Escape cancels and the focus
 * goes back to the button that opened it (ModalDialog). */
export function PasswordConfirmDialog({
  title,
  children,
  confirmLabel,
  busyLabel,
  call,
  failed,
  onConfirm,
  onCancel,
}: PasswordConfirmDialogProps) {
  const id = useId();
  const passwordRef = useRef<HTMLInputElement>(null);
  const [password, setPassword] = useState('');
  const [missing, setMissing] = useState(false);
  const busy = call.isPending;

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!password) {
      setMissing(true);
      passwordRef.current?.focus();
      return;
    }
    onConfirm(password);
  }

  const errorId = `${id}-error`;
  return (
    <ModalDialog
      role="alertdialog"
      labelledBy={`${id}-title`}
      describedBy={`${id}-detail`}
      initialFocusRef={passwordRef}
      className="dialog-box--narrow confirm-dialog pause-dialog"
      onClose={() => {
        if (!busy) onCancel();
      }}
    >
      <h2 id={`${id}-title`} className="confirm-dialog__question">
        {title}
      </h2>
      <div id={`${id}-detail`} className="pause-dialog__detail">
        {children}
      </div>
      <form className="form" noValidate onSubmit={submit}>
        <div className="field">
          <label htmlFor={`${id}-password`} className="field__label">
            Contraseña
          </label>
          <input
            ref={passwordRef}
            id={`${id}-password`}
            className="field__input"
            type="password"
            autoComplete="current-password"
            required
            value={password}
            disabled={busy}
            aria-invalid={missing ? true : undefined}
            aria-describedby={missing ? errorId : undefined}
            onChange={(event) => {
              setPassword(event.target.value);
              setMissing(false);
            }}
          />
          {missing ? (
            <p id={errorId} className="field__error">
              {PAUSE_TEXT.passwordRequired}
            </p>
          ) : null}
        </div>
        <CallError call={call} fallback={failed} />
        <div className="dialog-actions">
          <button type="button" className="btn btn--outline" onClick={onCancel} disabled={busy}>
            Cancelar
          </button>
          <button type="submit" className="btn btn--danger" disabled={busy}>
            {busy ? busyLabel : confirmLabel}
          </button>
        </div>
      </form>
    </ModalDialog>
  );
}
