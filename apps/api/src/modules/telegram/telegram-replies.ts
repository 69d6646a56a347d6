import type { JobInput, JobRunner } from '../jobs/job-runner';
import { type BotConfig, callBotApi } from './bot-api';

/** The bot's answers in a chat go out as jobs, enqueued in the transaction of the change they
 * report: the webhook answers Telegram at once, and a Telegram outage delays a reply without
 * losing it (decision 0102). */
export const TELEGRAM_REPLY_JOB = 'telegram.reply';

type ReplyPayload = { chatId: number; text: string };

/** One reply per update: an update Telegram delivers again (our 200 got lost) is answered once. */
export function replyJob(updateId: number, chatId: number, text: string): JobInput {
  const payload: ReplyPayload = { chatId, text };
  return {
    kind: TELEGRAM_REPLY_JOB,
    payload,
    dedupeKey: `telegram.reply:${updateId}`,
    // A reply hours late would answer a question nobody is waiting on any more.
    maxAttempts: 6,
  };
}

export function registerTelegramReplies(jobs: JobRunner, bot: BotConfig): void {
  jobs.register(TELEGRAM_REPLY_JOB, async (job) => {
    const { chatId, text } = job.payload as ReplyPayload;
    await callBotApi(bot, 'sendMessage', {
      chat_id: chatId,
      text,
      link_preview_options: { is_disabled: true },
    });
  });
}
