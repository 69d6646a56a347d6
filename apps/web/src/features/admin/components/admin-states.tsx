import type { ReactNode } from 'react';

export function LoadingState({ text }: { text: string }) {
  return (
    <p className="admin-state" role="status">
      {text}
    </p>
  );
}

export function EmptyState({ children }: { children: ReactNode }) {
  return <div className="admin-state">{children}</div>;
}

type ErrorPanelProps = {
  /** SPEC.md §8's text ('Error al cargar usuarios'…). */
  title: string;
  /** The server's reason, shown under the title when it adds something. */
  message?: string;
  onRetry: () => void;
};

/** A list that failed to load, with the way out. */
export function ErrorPanel({ title, message, onRetry }: ErrorPanelProps) {
  return (
    <div className="admin-state admin-state--error" role="alert">
      <p className="admin-state__title">{title}</p>
      {message && message !== title ? <p className="admin-state__text">{message}</p> : null}
      <button type="button" className="btn btn--small btn--outline" onClick={onRetry}>
        Reintentar
      </button>
    </div>
  );
}

type ActionErrorProps = { title: string; message?: string; onDismiss: () => void };

/** A failed change (role, message): what failed and the server's reason, until closed. */
export function ActionError({ title, message, onDismiss }: ActionErrorProps) {
  return (
    <div className="admin-alert" role="alert">
      <div>
        <p className="admin-alert__title">{title}</p>
        {message && message !== title ? <p className="admin-alert__text">{message}</p> : null}
      </div>
      <button type="button" className="btn btn--small btn--outline" onClick={onDismiss}>
        Cerrar
      </button>
    </div>
  );
}

/** What just succeeded, read out politely. Always in the page so the announcement is heard. */
export function ActionNotice({ text }: { text: string | null }) {
  return (
    <p className="admin-notice" role="status">
      {text}
    </p>
  );
}
