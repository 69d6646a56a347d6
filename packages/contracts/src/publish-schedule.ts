import { MSG } from './messages';

/**
 * What is wrong with publishing a tip at `publishAt` (issue 15 item 2), or null: the time must be
 * ahead of `now` and before kick-off, so that a scheduled pick is public, and counted in the
 * track record, before its match starts. The form and the route both ask; a caller without a
 * trustworthy clock (the request's schema) passes null and the server checks "ahead" itself.
 */
export function publishAtProblem(publishAt: Date, matchDate: Date, now: Date | null): string | null {
  if (Number.isNaN(publishAt.getTime())) return MSG.publishAtInvalid;
  if (now && publishAt.getTime() <= now.getTime()) return MSG.publishAtFuture;
  if (publishAt.getTime() >= matchDate.getTime()) return MSG.publishAtBeforeMatch;
  return null;
}
