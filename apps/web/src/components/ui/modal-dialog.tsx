import { useEffect, useLayoutEffect, useRef, type KeyboardEvent, type ReactNode, type RefObject } from 'react';
import { createPortal } from 'react-dom';
import './modal-dialog.css';

type ModalDialogProps = {
  /** id of the element that names the dialog (its heading). */
  labelledBy: string;
  describedBy?: string;
  /** `alertdialog` for confirmations that interrupt a task (delete?). */
  role?: 'dialog' | 'alertdialog';
  onClose: () => void;
  /** Where focus lands on opening; the dialog box itself when absent, so a screen reader starts
   * reading at the top of a long analysis instead of at its last button. */
  initialFocusRef?: RefObject<HTMLElement | null>;
  className?: string;
  children: ReactNode;
};

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/**
 * A modal overlay: rendered at the end of <body>, everything else made `inert` while it is open
 * (so neither Tab nor a screen reader's virtual cursor can reach the page behind), Tab cycles
 * inside, Escape and a click on the backdrop close it, and focus goes back to whatever opened it.
 * jsdom has no HTMLDialogElement.showModal, so the native <dialog> would leave tests blind.
 */
export function ModalDialog({
  labelledBy,
  describedBy,
  role = 'dialog',
  onClose,
  initialFocusRef,
  className,
  children,
}: ModalDialogProps) {
  const boxRef = useRef<HTMLDivElement>(null);
  const onCloseRef = useRef(onClose);
  useEffect(() => {
    onCloseRef.current = onClose;
  }, [onClose]);

  // A layout effect: the page goes inert and focus moves into the dialog before it is painted,
  // so no keystroke or screen reader lands on the page behind in between.
  useLayoutEffect(() => {
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const box = boxRef.current;
    const portalRoot = box?.closest('.dialog-backdrop');
    const madeInert: Element[] = [];
    for (const sibling of Array.from(document.body.children)) {
      if (sibling === portalRoot || sibling.hasAttribute('inert')) continue;
      sibling.setAttribute('inert', '');
      madeInert.push(sibling);
    }
    (initialFocusRef?.current ?? box)?.focus();
    // A target that cannot take the focus yet (a button disabled while its form is still busy)
    // would leave it on the inert page, which the browser then moves to <body>: the box, named
    // by its heading, holds it instead.
    if (box && !box.contains(document.activeElement)) box.focus();
    return () => {
      for (const element of madeInert) element.removeAttribute('inert');
      opener?.focus();
    };
    // Opening is a one-off: re-running on a new ref object would steal focus mid-dialog.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  function handleKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    if (event.key === 'Escape') {
      event.stopPropagation();
      onCloseRef.current();
      return;
    }
    if (event.key !== 'Tab' || !boxRef.current) return;
    const focusable = Array.from(boxRef.current.querySelectorAll<HTMLElement>(FOCUSABLE));
    const first = focusable[0];
    const last = focusable[focusable.length - 1];
    if (!first || !last) {
      event.preventDefault();
      return;
    }
    const active = document.activeElement;
    if (event.shiftKey && (active === first || active === boxRef.current)) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && active === last) {
      event.preventDefault();
      first.focus();
    }
  }

  return createPortal(
    <div
      className="dialog-backdrop"
      onMouseDown={(event) => {
        if (event.target === event.currentTarget) onCloseRef.current();
      }}
    >
      <div
        ref={boxRef}
        role={role}
        aria-modal="true"
        aria-labelledby={labelledBy}
        aria-describedby={describedBy}
        tabIndex={-1}
        className={`dialog-box${className ? ` ${className}` : ''}`}
        onKeyDown={handleKeyDown}
      >
        {children}
      </div>
    </div>,
    document.body,
  );
}
