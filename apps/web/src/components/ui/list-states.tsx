import type { ReactNode } from 'react';
import './feedback.css';

/** `inline` for a small status inside a list rather than in place of it. */
export function LoadingState({ text, inline = false }: { text: string; inline?: boolean }) {
  return (
    <p className={inline ? 'ui-state ui-state--inline' : 'ui-state'} role="status">
      {text}
    </p>
  );
}

export function EmptyState({ children }: { children: ReactNode }) {
  return <div className="ui-state">{children}</div>;
}

type ErrorPanelProps = {
  title: string;
  /** The server's message (or the status default), shown under the title when it adds something. */
  message?: string;
  onRetry: () => void;
};

/** A list that failed to load (SPEC.md §2 Panel: an error panel with a Reintentar button). */
export function ErrorPanel({ title, message, onRetry }: ErrorPanelProps) {
  return (
    <div className="ui-state ui-state--error" role="alert">
      <p className="ui-state__title">{title}</p>
      {message && message !== title ? <p>{message}</p> : null}
      <button type="button" className="btn btn--small btn--outline" onClick={onRetry}>
        Reintentar
      </button>
    </div>
  );
}

/** A way out the failure itself suggests (the server said "unpublish it instead"). */
export type AlertAction = { label: string; onClick: () => void };
type ActionErrorProps = { title: string; message?: string; onDismiss: () => void; action?: AlertAction };

/** A failed save, toggle or delete: what failed and the server's reason, until dismissed. */
export function ActionError({ title, message, onDismiss, action }: ActionErrorProps) {
  return (
    <div className="ui-alert" role="alert">
      <div>
        <p className="ui-alert__title">{title}</p>
        {message && message !== title ? <p className="ui-alert__text">{message}</p> : null}
      </div>
      <div className="ui-alert__actions">
        {action ? (
          <button type="button" className="btn btn--small btn--gold" onClick={action.onClick}>
            {action.label}
          </button>
        ) : null}
        <button type="button" className="btn btn--small btn--outline" onClick={onDismiss}>
          Cerrar
        </button>
      </div>
    </div>
  );
}

/** A quiet confirmation of what just happened, read out by screen readers. */
export function ActionNotice({ text }: { text: string | null }) {
  return (
    <p className="ui-notice" role="status">
      {text}
    </p>
  );
}
