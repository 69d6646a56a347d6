import { isNull, lte, or, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { users } from '../../db/schema';

/**
 * Not paused at `now` (decision 0116), as a condition on a `users` row of the outer query: the
 * SQL twin of isPaused, for the alert fan-outs and the VIP posts, which pick their readers in
 * the database. A pause's end at or before `now` is over; a null end (indefinite) never is.
 */
export function notPausedAt(
  now: Date,
  columns: { pausedAt: AnyPgColumn; pausedUntil: AnyPgColumn } = users,
): SQL {
  return or(isNull(columns.pausedAt), lte(columns.pausedUntil, now))!;
}
