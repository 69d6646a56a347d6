import { errorText } from '../../lib/error-text';
import { FormAlert } from './form-alert';

/** What CallError reads of a TanStack mutation. */
type FailedCall = { isError: boolean; error: unknown; submittedAt: number };

type CallErrorProps = {
  call: FailedCall;
  /** The form's own text for a failure the server did not explain (errorText). */
  fallback: string;
  className?: string;
};

/** A failed call's message, or nothing. Keyed by the attempt, so each failure takes the focus
 * and is announced again. */
export function CallError({ call, fallback, className }: CallErrorProps) {
  if (!call.isError) return null;
  return (
    <FormAlert tone="error" focus key={call.submittedAt} className={className}>
      {errorText(call.error, fallback)}
    </FormAlert>
  );
}
