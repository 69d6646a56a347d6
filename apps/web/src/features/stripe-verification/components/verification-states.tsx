import type { ReactNode } from 'react';

export function LoadingState({ text }: { text: string }) {
  return (
    <p className="verification-state" role="status">
      {text}
    </p>
  );
}

export function EmptyState({ children }: { children: ReactNode }) {
  return <p className="verification-state">{children}</p>;
}

type ErrorProps = {
  /** SPEC.md §8's text ('Error obteniendo historial'…). */
  title: string;
  /** The server's reason, or 'HTTP error! status: {code}'. */
  detail?: string;
  onRetry?: () => void;
  onDismiss?: () => void;
};

export function ErrorState({ title, detail, onRetry, onDismiss }: ErrorProps) {
  return (
    <div className="verification-state verification-state--error" role="alert">
      <p className="verification-state__title">{title}</p>
      {detail && detail !== title ? <p className="verification-state__text">{detail}</p> : null}
      {onRetry ? (
        <button type="button" className="btn btn--small btn--outline" onClick={onRetry}>
          Reintentar
        </button>
      ) : null}
      {onDismiss ? (
        <button type="button" className="btn btn--small btn--outline" onClick={onDismiss}>
          Cerrar
        </button>
      ) : null}
    </div>
  );
}
