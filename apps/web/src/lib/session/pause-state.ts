import { useSession } from './session-context';
import type { TSessionUser } from './session-user';

// The reader's pause (decision 0116) as every page reads it: the account card, the panel's
// notice, the purchase buttons and the promotions all ask the same question of the stored user.
// No contracts import here (their Zod schemas would follow): the landing's cards read it too.

export type PauseView = {
  /** The end; null is an indefinite pause. */
  until: Date | null;
  since: Date | null;
  /** From when an indefinite pause may be lifted on request; null otherwise. */
  liftableFrom: Date | null;
  /** The zone its dates are shown in. */
  zone: string;
};

/** The browser's zone, for a stored user from before the reader's zone existed. */
export function browserTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone;
}

function readDate(iso: string | null | undefined): Date | null {
  if (!iso) return null;
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** The pause the user is in at `now`, or null. A dated pause past its end is over even while the
 * stored user (refreshed at start-up and every renewal) still says paused. */
export function pauseOf(user: TSessionUser | null, now: Date = new Date()): PauseView | null {
  if (!user?.paused) return null;
  const until = readDate(user.pausedUntil);
  if (until && until.getTime() <= now.getTime()) return null;
  return {
    until,
    since: readDate(user.pausedAt),
    liftableFrom: readDate(user.pauseLiftableFrom),
    zone: user.timeZone ?? browserTimeZone(),
  };
}

/** The signed-in user's pause, or null (visitors and readers who are not paused). */
export function usePause(): PauseView | null {
  const { user } = useSession();
  return pauseOf(user);
}
