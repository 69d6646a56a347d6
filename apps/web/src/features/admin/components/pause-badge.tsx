import type { TUser } from '@magotips/contracts/users';
import { pauseDateText, pauseOf } from '../../../lib/session/pause';

/** "En pausa · hasta el 28 de febrero de 2027" or "En pausa · indefinida" (decision 0116): read
 * only, as nobody but time (or the reader's own request) ends a pause. Dates in the reader's zone. */
export function pauseBadgeText(user: TUser): string | null {
  const pause = pauseOf(user);
  if (!pause) return null;
  return `En pausa · ${pause.until ? `hasta el ${pauseDateText(pause.until, pause)}` : 'indefinida'}`;
}

export function PauseBadge({ user }: { user: TUser }) {
  const text = pauseBadgeText(user);
  return text ? <p className="admin-chip admin-chip--paused admin-user__pause">{text}</p> : null;
}
