import {
  isMessageShown,
  MESSAGE_TYPE_COLORS,
  MESSAGE_TYPE_LABELS,
  type TGlobalMessage,
} from '@magotips/contracts/global-message-types';
import { useEffect, useState, type CSSProperties } from 'react';
import { useActiveMessages } from '../../lib/api/get-active-messages';
import { dismissalKey, useDismissedMessages } from './use-dismissed-messages';
import './global-banner.css';

type BannerStyle = CSSProperties & Record<'--banner-bg' | '--banner-text' | '--banner-border', string>;

// Custom properties set through the DOM (not a style attribute in markup), which the strict
// CSP allows; the colours stay in one place, the contracts.
function bannerStyle(message: TGlobalMessage): BannerStyle {
  const colors = MESSAGE_TYPE_COLORS[message.type];
  return { '--banner-bg': colors.background, '--banner-text': colors.text, '--banner-border': colors.border };
}

/** setTimeout's longest delay (about 24.8 days); a later end is looked at again then. */
const MAX_DELAY = 2 ** 31 - 1;

/** The clock's reading, read again when the earliest "Mostrar hasta" among `messages` comes:
 * a page left open stops showing a message at its end, without a new answer from the server. */
function useNowUntilNextEnd(messages: readonly TGlobalMessage[]): Date {
  const [now, setNow] = useState(() => new Date());
  const ends = messages
    .map((m) => (m.endsAt ? Date.parse(m.endsAt) : Number.NaN))
    .filter((end) => end > now.getTime());
  const next = ends.length > 0 ? Math.min(...ends) : null;
  useEffect(() => {
    if (next === null) return;
    const timer = window.setTimeout(
      () => setNow(new Date()),
      Math.min(next - Date.now() + 50, MAX_DELAY),
    );
    return () => window.clearTimeout(timer);
  }, [next]);
  return now;
}

/**
 * The active global messages (SPEC.md §3, DESIGN.md §4), one banner each, coloured by type,
 * on every page and for everyone, visitors too (decision 0087), each until its "Mostrar hasta".
 * Critical ones interrupt a screen reader (role=alert); info and warn wait their turn
 * (role=status). Each can be closed for the rest of the browser session. While loading, on
 * error or with nothing active it renders nothing: a notice strip is never worth an error box
 * on the landing. `className` lets the host page align it (e.g. `container`).
 */
export function GlobalBanner({ className }: { className?: string }) {
  const { data } = useActiveMessages();
  const [dismissed, dismiss] = useDismissedMessages();
  const messages = data?.messages ?? [];
  const now = useNowUntilNextEnd(messages);
  const shown = messages.filter((m) => isMessageShown(m, now) && !dismissed.has(dismissalKey(m)));
  if (shown.length === 0) return null;

  return (
    <div className={`global-banner${className ? ` ${className}` : ''}`}>
      {shown.map((message) => (
        <div
          key={message.id}
          className={`global-banner__item global-banner__item--${message.type}`}
          role={message.type === 'critical' ? 'alert' : 'status'}
          style={bannerStyle(message)}
        >
          <span className="global-banner__icon" aria-hidden="true">
            {message.type === 'critical' ? '⛔' : message.type === 'warn' ? '⚠️' : 'ℹ️'}
          </span>
          <p className="global-banner__text">
            <span className="visually-hidden">{MESSAGE_TYPE_LABELS[message.type]}: </span>
            {message.text}
          </p>
          <button
            type="button"
            className="global-banner__close"
            aria-label="Cerrar aviso"
            onClick={() => dismiss(dismissalKey(message))}
          >
            <span aria-hidden="true">×</span>
          </button>
        </div>
      ))}
    </div>
  );
}
