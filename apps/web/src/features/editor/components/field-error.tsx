/** The Spanish message of a rule a field broke, tied to the field by aria-describedby. */
export function FieldError({ id, message }: { id: string; message: string | undefined }) {
  if (!message) return null;
  return (
    <p id={id} className="field-error">
      {message}
    </p>
  );
}

/** aria-invalid and aria-describedby for a field that may carry an error (and a hint). */
export function describedBy(
  errorId: string,
  message: string | undefined,
  hintId?: string,
): { 'aria-invalid': boolean; 'aria-describedby': string | undefined } {
  const ids = [hintId, message ? errorId : undefined].filter(Boolean).join(' ');
  return { 'aria-invalid': Boolean(message), 'aria-describedby': ids || undefined };
}
