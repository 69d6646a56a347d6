import type { InputHTMLAttributes, ReactNode } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { describedBy, FieldError } from './field-error';

/** What the control needs to be tied to its label, hint and error. */
export type FieldControlProps = {
  id: string;
  'aria-invalid': boolean;
  'aria-describedby': string | undefined;
};

type FormFieldProps = {
  id: string;
  label: string;
  error: string | undefined;
  /** A line under the control that says what to type; read with the control. */
  hint?: ReactNode;
  /** The id of an explanation shown elsewhere that also applies (why the field is read-only). */
  noteId?: string;
  className?: string;
  /** The control, given its id and aria attributes. */
  children: (control: FieldControlProps) => ReactNode;
};

/** A labelled control of the editor's forms, its hint, and the rule it broke. */
export function FormField({ id, label, error, hint, noteId, className, children }: FormFieldProps) {
  const hintId = hint ? `${id}-hint` : undefined;
  const described = [noteId, hintId].filter(Boolean).join(' ') || undefined;
  return (
    <div className={className ?? 'editor-field'}>
      <label className="editor-label" htmlFor={id}>
        {label}
      </label>
      {children({ id, ...describedBy(`${id}-error`, error, described) })}
      {hint ? (
        <p id={hintId} className="field-hint">
          {hint}
        </p>
      ) : null}
      <FieldError id={`${id}-error`} message={error} />
    </div>
  );
}

type TextFieldProps = Omit<FormFieldProps, 'children'> & {
  registration: UseFormRegisterReturn;
  /** What differs from a plain text input: type, inputMode, readOnly… */
  input?: InputHTMLAttributes<HTMLInputElement>;
};

/** A FormField holding one input, text by default, registered with react-hook-form. */
export function TextField({ registration, input, ...field }: TextFieldProps) {
  return (
    <FormField {...field}>
      {(control) => (
        <input
          {...control}
          className="editor-input"
          type="text"
          autoComplete="off"
          {...input}
          {...registration}
        />
      )}
    </FormField>
  );
}
