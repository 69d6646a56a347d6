import { useEffect, useRef, type ReactNode } from 'react';

type FormAlertProps = {
  tone: 'error' | 'success' | 'info';
  children: ReactNode;
  /** Moves focus here when it appears: after a failed submit the disabled button has dropped
   * it, and after a success the form it was in may have been cleared. Give the alert a new
   * `key` per attempt to have it taken again. */
  focus?: boolean;
  className?: string;
};

/** A call's outcome. Errors interrupt (role=alert); successes and notes wait (role=status). */
export function FormAlert({ tone, children, focus = false, className }: FormAlertProps) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (focus) ref.current?.focus();
    // Only on appearance: re-renders of the form around it must not pull focus back here.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return (
    <div
      ref={ref}
      className={`form-alert form-alert--${tone}${className ? ` ${className}` : ''}`}
      role={tone === 'error' ? 'alert' : 'status'}
      tabIndex={focus ? -1 : undefined}
    >
      {children}
    </div>
  );
}
