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

/** Someone entered the VIP group through one of the bot's links (a chat_member update): the
 * unit that knows whose link it was keeps the link's owner, or removes a person who was not
 * (a one-person link forwarded before its owner used it; decision 0104). */
export const TELEGRAM_CHAT_JOINED_JOB = 'telegram.chat-joined';

export type ChatJoinedPayload = { chatId: number; telegramUserId: number; inviteLink: string };

export function chatJoinedJob(updateId: number, payload: ChatJoinedPayload): JobInput {
  return {
    kind: TELEGRAM_CHAT_JOINED_JOB,
    payload,
    dedupeKey: `${TELEGRAM_CHAT_JOINED_JOB}:${updateId}`,
    maxAttempts: 8,
  };
}
