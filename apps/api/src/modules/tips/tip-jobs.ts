import type { JobInput } from '../jobs/job-runner';

/** Issue 15 item 2: an editor may set a future publication time, which the job queue honours. */
export const TIP_PUBLISH_JOB = 'tips.publish';
/** The proof issue: at a public tip's kick-off the queue announces it (the ledger records what
 * the tip held then and reveals a VIP bet). */
export const TIP_KICKOFF_JOB = 'tips.kickoff';

/**
 * The job that publishes `tipId` at `publishAt`. Its key holds the time: a tip rescheduled gets a
 * new job, and the old one, finding another time stored, does nothing (publishScheduled).
 */
export function tipPublishJob(tipId: string, publishAt: Date): JobInput {
  const at = publishAt.toISOString();
  return {
    kind: TIP_PUBLISH_JOB,
    payload: { tipId, publishAt: at },
    runAt: publishAt,
    dedupeKey: `${TIP_PUBLISH_JOB}:${tipId}:${at}`,
  };
}

/** The kick-off of `tipId` at `matchDate`: one job per tip and date, however often it is
 * published; a date moved gets its own job and the old one finds another date and does nothing. */
export function tipKickoffJob(tipId: string, matchDate: Date): JobInput {
  const at = matchDate.toISOString();
  return {
    kind: TIP_KICKOFF_JOB,
    payload: { tipId, matchDate: at },
    runAt: matchDate,
    dedupeKey: `${TIP_KICKOFF_JOB}:${tipId}:${at}`,
  };
}
