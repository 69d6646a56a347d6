import { useId, useState, type InputHTMLAttributes, type ReactNode } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';

type InputProps = Omit<
  InputHTMLAttributes<HTMLInputElement>,
  'id' | 'name' | 'onChange' | 'onBlur' | 'ref' | 'aria-invalid' | 'aria-describedby'
>;

type FieldProps = InputProps & {
  label: string;
  registration: UseFormRegisterReturn;
  error?: string | undefined;
  hint?: ReactNode;
  /** Marks the label "(opcional)" instead of making the input required. */
  optional?: boolean;
};

/** Ids for the hint and the error, joined for aria-describedby so a screen reader reads both
 * with the field. */
function useDescribedBy(hint: ReactNode, error: string | undefined) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ');
  return { id, hintId, errorId, describedBy: describedBy || undefined };
}

function FieldFooter({ hint, hintId, error, errorId }: FieldFooterProps) {
  return (
    <>
      {hint ? (
        <p id={hintId} className="field__hint">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className="field__error">
          {error}
        </p>
      ) : null}
    </>
  );
}
type FieldFooterProps = { hint: ReactNode; hintId: string; error?: string | undefined; errorId: string };

/** A labelled input wired to react-hook-form; `noValidate` forms show the contract's texts. */
export function TextField({ label, registration, error, hint, optional, ...input }: FieldProps) {
  const { id, hintId, errorId, describedBy } = useDescribedBy(hint, error);
  return (
    <div className="field">
      <label htmlFor={id} className="field__label">
        {label}
        {optional ? <span className="field__optional"> (opcional)</span> : null}
      </label>
      <input
        id={id}
        className="field__input"
        required={!optional}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        {...input}
        {...registration}
      />
      <FieldFooter hint={hint} hintId={hintId} error={error} errorId={errorId} />
    </div>
  );
}

/** A password input with a show/hide button whose accessible name says what it will do. */
export function PasswordField({ label, registration, error, hint, ...input }: FieldProps) {
  const { id, hintId, errorId, describedBy } = useDescribedBy(hint, error);
  const [visible, setVisible] = useState(false);
  return (
    <div className="field">
      <label htmlFor={id} className="field__label">
        {label}
      </label>
      <div className="field__password">
        <input
          id={id}
          className="field__input"
          required
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          {...input}
          {...registration}
          type={visible ? 'text' : 'password'}
        />
        <button
          type="button"
          className="field__toggle"
          aria-controls={id}
          aria-label={visible ? 'Ocultar contraseña' : 'Mostrar contraseña'}
          onClick={() => setVisible((v) => !v)}
        >
          <EyeIcon crossed={visible} />
        </button>
      </div>
      <FieldFooter hint={hint} hintId={hintId} error={error} errorId={errorId} />
    </div>
  );
}

function EyeIcon({ crossed }: { crossed: boolean }) {
  return (
    <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
      <path
        d="M12 5C6.5 5 2.7 9.2 1.5 12c1.2 2.8 5 7 10.5 7s9.3-4.2 10.5-7C21.3 9.2 17.5 5 12 5Zm0 11.5a4.5 4.5 0 1 1 0-9 4.5 4.5 0 0 1 0 9Zm0-2.2a2.3 2.3 0 1 0 0-4.6 2.3 2.3 0 0 0 0 4.6Z"
        fill="currentColor"
      />
      {crossed ? (
        <path d="M3.5 3.5l17 17" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" />
      ) : null}
    </svg>
  );
}

type CheckboxFieldProps = {
  registration: UseFormRegisterReturn;
  error?: string | undefined;
  children: ReactNode;
};

/** A checkbox whose label may hold links (the terms). */
export function CheckboxField({ registration, error, children }: CheckboxFieldProps) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <div className="field field--checkbox">
      <div className="field__check">
        <input
          id={id}
          type="checkbox"
          className="field__checkbox"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          {...registration}
        />
        <label htmlFor={id} className="field__check-label">
          {children}
        </label>
      </div>
      {error ? (
        <p id={errorId} className="field__error">
          {error}
        </p>
      ) : null}
    </div>
  );
}
