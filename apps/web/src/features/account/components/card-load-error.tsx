import { errorText } from '../../../lib/error-text';

/** An account card whose data did not load: what failed, the server's reason, and a retry. */
export function CardLoadError({
  title,
  error,
  onRetry,
  retryLabel = 'Reintentar',
}: {
  title: string;
  error: unknown;
  onRetry: () => void;
  /** A card whose words all come from one contract passes that contract's own. */
  retryLabel?: string;
}) {
  const reason = errorText(error, '');
  return (
    <div className="form-alert form-alert--error" role="alert">
      <p>
        <strong>{title}</strong>
      </p>
      {reason ? <p>{reason}</p> : null}
      <button type="button" className="btn btn--small btn--outline" onClick={onRetry}>
        {retryLabel}
      </button>
    </div>
  );
}
