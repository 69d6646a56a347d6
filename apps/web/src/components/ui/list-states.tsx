import { useEffect, useRef, type ReactNode } from 'react';
import './feedback.css';

/** Moves focus to a result the reader must not miss and brings it into view: after a save the
 * form that held the focus is gone (or its button was disabled), so focus would fall to the body
 * with the page still scrolled where the button was. */
function takeFocus(element: HTMLElement | null) {
  if (!element) return;
  element.focus({ preventScroll: true });
  element.scrollIntoView?.({ block: 'center' });
}

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
type ActionErrorProps = {
  title: string;
  message?: string;
  onDismiss: () => void;
  action?: AlertAction;
  /** Take focus when shown (a failed save: key it by the attempt so each one is announced). */
  focus?: boolean;
};

/** A failed save, toggle or delete: what failed and the server's reason, until dismissed. */
export function ActionError({ title, message, onDismiss, action, focus = false }: ActionErrorProps) {
  const ref = useRef<HTMLDivElement>(null);
  // Once, when it appears: a later re-render must not pull focus back.
  const focusWhenShown = useRef(focus);
  useEffect(() => {
    if (focusWhenShown.current) takeFocus(ref.current);
  }, []);
  return (
    <div ref={ref} className="ui-alert" role="alert" tabIndex={focus ? -1 : undefined}>
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

type ActionNoticeProps = {
  text: string | null;
  /** The notice reports a save (issue 13, item 16): focus it and bring it into view, once. */
  focus?: boolean;
  /** Called once the focus has been taken, so the request is not repeated on a later mount. */
  onFocused?: () => void;
};

/** A quiet confirmation of what just happened, read out by screen readers. */
export function ActionNotice({ text, focus = false, onFocused }: ActionNoticeProps) {
  const ref = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (!focus || !text) return;
    takeFocus(ref.current);
    onFocused?.();
  }, [focus, text, onFocused]);
  return (
    <p ref={ref} className="ui-notice" role="status" tabIndex={focus || text ? -1 : undefined}>
      {text}
    </p>
  );
}
