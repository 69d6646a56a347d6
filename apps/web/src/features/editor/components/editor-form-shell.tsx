import { useEffect, useRef, type FormEventHandler, type ReactNode } from 'react';
import { ActionError } from '../../../components/ui/list-states';

/** The part of a TanStack mutation the shell reads to show a failed save. */
type SaveState = { error: Error | null; submittedAt: number; reset: () => void };

type EditorFormShellProps = {
  /** "Nuevo tip", "Editar pack"… */
  title: string;
  /** The failure's title (SPEC.md §8: "Error al guardar el tip"). */
  saveErrorTitle: string;
  save: SaveState;
  busy: boolean;
  /** The submit button's text when idle ("Crear tip", "Guardar cambios"). */
  submitLabel: string;
  onSubmit: FormEventHandler<HTMLFormElement>;
  onCancel: () => void;
  children: ReactNode;
  /** Dialogs that belong to the form (the price confirmation), after its buttons. */
  dialogs?: ReactNode;
};

/**
 * The frame of the tip, pack and plan forms: a heading that takes the focus when the form
 * replaces the list (keyboard and screen-reader users land where the new content starts), the
 * server's reason for a failed save (focused and in view, once per attempt), and Cancelar and
 * the submit button, both disabled while saving.
 */
export function EditorFormShell({
  title,
  saveErrorTitle,
  save,
  busy,
  submitLabel,
  onSubmit,
  onCancel,
  children,
  dialogs,
}: EditorFormShellProps) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => headingRef.current?.focus(), []);
  return (
    <form className="editor-form" noValidate onSubmit={onSubmit}>
      <h3 ref={headingRef} tabIndex={-1} className="editor-form__title">
        {title}
      </h3>
      {save.error ? (
        <ActionError
          key={save.submittedAt}
          focus
          title={saveErrorTitle}
          message={save.error.message}
          onDismiss={save.reset}
        />
      ) : null}
      {children}
      <div className="editor-form__actions">
        <button type="button" className="btn btn--outline" onClick={onCancel} disabled={busy}>
          Cancelar
        </button>
        <button type="submit" className="btn btn--gold" disabled={busy}>
          {busy ? 'Guardando...' : submitLabel}
        </button>
      </div>
      {dialogs}
    </form>
  );
}
