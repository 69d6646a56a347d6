import type { JobInput } from '../jobs/job-runner';

/** The alert jobs (decision 0042): one fan-out per tip, one delivery per reader and channel. */
export const ALERT_JOBS = {
  fanout: 'alerts.fanout',
  deliver: 'alerts.deliver',
  test: 'alerts.test',
} as const;

/** Enqueued in the transaction that makes a tip public. The key is the "never twice": however
 * often the tip is edited, hidden and shown again, it is announced once. */
export function tipFanoutJob(tipId: string): JobInput {
  return { kind: ALERT_JOBS.fanout, payload: { tipId }, dedupeKey: `alerts.fanout:${tipId}` };
}
