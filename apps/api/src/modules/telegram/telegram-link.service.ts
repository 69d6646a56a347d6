import { createHash, randomBytes } from 'node:crypto';
import { TELEGRAM_LINK_MINUTES, TELEGRAM_MSG } from '@magotips/contracts/telegram';
import type { Db } from '../../db/database';
import type { Clock } from '../../lib/clock';
import type { ReaderEventBus } from '../events/reader-events';
import { isUniqueViolation } from '../../lib/db-errors';
import type { JobRunner } from '../jobs/job-runner';
import { chatJoinedJob, joinRequestJob } from './telegram-join-requests';
import { createTelegramLinksRepository } from './telegram-links.repository';
import { replyJob } from './telegram-replies';
import { botCommand, joinedThroughLink, type TelegramUpdate } from './telegram-update';

/** 32 random bytes in base64url: 43 characters, inside what a t.me start parameter allows
 * (A-Z a-z 0-9 _ -, at most 64). */
const TOKEN_FORMAT = /^[\w-]{43}$/;

const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');

/** What the webhook did with an update, for the log line. */
export type UpdateOutcome =
  | 'ignored'
  | 'welcome'
  | 'linked'
  | 'expired'
  | 'taken'
  | 'stopped'
  | 'not-linked'
  | 'join-request'
  | 'joined';

export function createTelegramLinkService(deps: {
  db: Db;
  clock: Clock;
  jobs: JobRunner;
  /** The VIP group's id (TELEGRAM_VIP_CHAT_ID): its join requests are queued, others ignored. */
  vipChatId?: string | undefined;
  /** `telegramLinked`, in the link's transaction: the bot's copies of the reader's packs' tips
   * already published follow it (decision 0110). */
  events: Pick<ReaderEventBus, 'emit'>;
}) {
  const { db, clock, jobs, vipChatId, events } = deps;
  const links = createTelegramLinksRepository(db);

  return {
    async status(userId: string) {
      const link = await links.find(userId);
      return { linked: link !== null, username: link?.username ?? null };
    },

    /** A new one-time token for `userId`; only its hash is stored. */
    async newToken(userId: string): Promise<string> {
      const now = clock();
      const token = randomBytes(32).toString('base64url');
      const expiresAt = new Date(now.getTime() + TELEGRAM_LINK_MINUTES * 60_000);
      await links.saveToken(userId, hashOf(token), expiresAt, now);
      return token;
    },

    unlink: (userId: string) => links.unlinkAccount(userId),

    /** One update from the webhook: commands in a private chat change links and queue the
     * bot's answer in the same transaction; everything else is ignored. */
    async handleUpdate(update: TelegramUpdate): Promise<UpdateOutcome> {
      const request = update.chat_join_request;
      if (request) {
        if (!vipChatId || String(request.chat.id) !== vipChatId || request.from.is_bot)
          return 'ignored';
        await jobs.enqueue(
          db,
          joinRequestJob(update.update_id, {
            chatId: request.chat.id,
            telegramUserId: request.from.id,
          }),
        );
        return 'join-request';
      }
      const joined = joinedThroughLink(update);
      if (joined) {
        if (!vipChatId || String(joined.chatId) !== vipChatId) return 'ignored';
        await jobs.enqueue(db, chatJoinedJob(update.update_id, joined));
        return 'joined';
      }
      const message = update.message;
      const from = message?.from;
      if (!message || !from || from.is_bot || message.chat.type !== 'private') return 'ignored';
      const command = botCommand(message.text);
      const chatId = message.chat.id;
      const now = clock();
      const reply = (text: string) => replyJob(update.update_id, chatId, text);

      if (command.kind === 'stop') {
        return db.transaction(async (tx) => {
          const was = await links.unlinkTelegramUser(tx, from.id);
          const text = was ? TELEGRAM_MSG.bot.stopped : TELEGRAM_MSG.bot.notLinked;
          await jobs.enqueue(tx, reply(text));
          return was ? 'stopped' : 'not-linked';
        });
      }
      if (command.kind !== 'start') return 'ignored';
      if (command.payload === null) {
        await jobs.enqueue(db, reply(TELEGRAM_MSG.bot.welcome));
        return 'welcome';
      }
      // A payload of another shape was never ours: the same answer as a spent one.
      if (!TOKEN_FORMAT.test(command.payload)) {
        await jobs.enqueue(db, reply(TELEGRAM_MSG.bot.expired));
        return 'expired';
      }
      const who = { telegramUserId: from.id, chatId, username: from.username ?? null };
      const tokenHash = hashOf(command.payload);
      try {
        return await db.transaction(async (tx) => {
          const { outcome, userId } = await links.linkWithToken(tx, tokenHash, who, now);
          if (userId) await events.emit(tx, { type: 'telegramLinked', at: now, userId });
          const text =
            outcome === 'linked'
              ? TELEGRAM_MSG.bot.linked
              : outcome === 'taken'
                ? TELEGRAM_MSG.bot.takenByOther
                : TELEGRAM_MSG.bot.expired;
          await jobs.enqueue(tx, reply(text));
          return outcome;
        });
      } catch (err) {
        // Another account linked this Telegram user between our read and our insert.
        if (!isUniqueViolation(err)) throw err;
        await jobs.enqueue(db, reply(TELEGRAM_MSG.bot.takenByOther));
        return 'taken';
      }
    },
  };
}
