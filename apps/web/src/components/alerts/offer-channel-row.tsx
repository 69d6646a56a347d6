import { useEffect, useRef, type ReactNode } from 'react';
import { OFFER_TEXT } from './alerts-offer-text';

type RowProps = {
  name: string;
  /** What the channel's state is, or why it can't be turned on; the control points to it. */
  note: ReactNode;
  noteId: string;
  on?: boolean;
  children: ReactNode;
};

/** One channel of the offer: its name and state on the left, the one tap (or "Activado") on the
 * right; both always drawn, so a loaded row has the loading row's size. */
export function ChannelRow({ name, note, noteId, on = false, children }: RowProps) {
  return (
    <li className={`alerts-offer__channel${on ? ' alerts-offer__channel--on' : ''}`}>
      <div className="alerts-offer__what">
        <span className="alerts-offer__name">{name}</span>
        <span id={noteId} className="alerts-offer__note">
          {note}
        </span>
      </div>
      <div className="alerts-offer__control">{children}</div>
    </li>
  );
}

/** "Activado". Takes the focus when it replaces the button just pressed, so a keyboard is not
 * dropped to the top of the page. */
export function OnBadge({ focus, describedBy }: { focus: boolean; describedBy: string }) {
  const ref = useRef<HTMLSpanElement>(null);
  useEffect(() => {
    if (focus) ref.current?.focus();
  }, [focus]);
  return (
    <span ref={ref} className="alerts-offer__on" tabIndex={-1} aria-describedby={describedBy}>
      <span aria-hidden="true">✓ </span>
      {OFFER_TEXT.on}
    </span>
  );
}

type ActionProps = {
  label: string;
  noteId: string;
  /** Loading or in flight: announced as unavailable but kept focusable. */
  busy?: boolean;
  /** Can't be done here (the note says why). */
  disabled?: boolean;
  onPress: () => void;
};

export function ChannelAction({
  label,
  noteId,
  busy = false,
  disabled = false,
  onPress,
}: ActionProps) {
  return (
    <button
      type="button"
      className="btn btn--small btn--gold alerts-offer__action"
      aria-describedby={noteId}
      aria-disabled={busy || undefined}
      disabled={disabled}
      onClick={() => {
        // aria-disabled rather than disabled while busy, so the focus stays on the button.
        if (!busy) onPress();
      }}
    >
      {label}
    </button>
  );
}
