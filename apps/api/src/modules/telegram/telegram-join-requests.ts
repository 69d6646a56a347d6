import type { JobInput } from '../jobs/job-runner';

/** A join request to the VIP group, as a job: the webhook answers Telegram at once and the
 * unit that knows who is entitled (modules/vip-group, above this floor) approves or declines it
 * (decision 0104). The telegram module only knows the group's id. */
export const TELEGRAM_JOIN_REQUEST_JOB = 'telegram.join-request';

export type JoinRequestPayload = { chatId: number; telegramUserId: number };

/** One decision per update: an update Telegram delivers again is decided once. */
export function joinRequestJob(updateId: number, payload: JoinRequestPayload): JobInput {
  return {
    kind: TELEGRAM_JOIN_REQUEST_JOB,
    payload,
    dedupeKey: `${TELEGRAM_JOIN_REQUEST_JOB}:${updateId}`,
    maxAttempts: 8,
  };
}
