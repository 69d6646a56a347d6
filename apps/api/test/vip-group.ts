import { and, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { jobs, subscriptions, vipGroupMembers } from '../src/db/schema';
import { registerWebhook } from '../src/modules/telegram/register-webhook';
import { movableClock } from './payments';
import {
  TELEGRAM_APP_URL,
  TELEGRAM_SECRET,
  TELEGRAM_TOKEN,
  telegramEnv,
  tokenOf,
} from './telegram';
import { startTelegramDouble } from './telegram-double';
import { buildTestApp, type TestApp } from './test-app';
import { authorizationAt, createTestUser } from './users';

export const VIP_CHAT_ID = -1001234567890;
const START = new Date('2031-05-01T10:00:30Z');

/** The environment of a site with the bot and its paid group. */
export const vipEnv = (apiUrl: string) => ({
  ...telegramEnv(apiUrl),
  TELEGRAM_VIP_CHAT_ID: String(VIP_CHAT_ID),
});

/**
 * An app with the bot administering the VIP group, against the Bot API double, on a clock the
 * test moves; readers linked the way readers link (the t.me token, /start in the chat).
 * `restart()` closes the app and builds a new one on the same database, as a deploy does.
 */
export async function startVipKit() {
  const time = movableClock(START);
  const telegram = await startTelegramDouble({ token: TELEGRAM_TOKEN, vipChatId: VIP_CHAT_ID });
  let t: TestApp = await buildTestApp({ clock: time.clock, env: vipEnv(telegram.url) });
  const database = t.database;
  await registerWebhook(
    { token: TELEGRAM_TOKEN, apiUrl: telegram.url, webhookSecret: TELEGRAM_SECRET },
    TELEGRAM_APP_URL,
  );
  const db = () => database.db;
  let nextTelegramId = 900_000;

  /** A reader linked to a fresh Telegram user; a subscriber (paid, 30 days) unless told not. */
  async function linkedReader(opts: { subscriber?: boolean } = {}) {
    const u = await createTestUser(db(), {
      now: time.now(),
      subscriber: opts.subscriber ?? true,
    });
    const telegramUserId = (nextTelegramId += 1);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/telegram/link',
      headers: { authorization: await authorizationAt(db(), u.id, time.now()) },
    });
    expect(res.statusCode).toBe(200);
    const token = tokenOf(res.json<{ url: string }>().url);
    const update = telegram.privateMessage({ id: telegramUserId }, `/start ${token}`);
    expect((await telegram.deliver(t.app, update)).statusCode).toBe(200);
    return { id: u.id, telegramUserId };
  }

  /** Moves the clock and runs what became due, as the worker would. */
  async function advance(ms: number) {
    time.advance(ms);
    await t.app.jobs.runDue();
  }

  return {
    get t() {
      return t;
    },
    telegram,
    group: telegram.group,
    time,
    db,
    linkedReader,
    advance,
    async member(telegramUserId: number) {
      const [row] = await db()
        .select()
        .from(vipGroupMembers)
        .where(eq(vipGroupMembers.telegramUserId, telegramUserId));
      return row ?? null;
    },
    /** Ends the subscription's access at `at` (no renewal): how every ending looks in the row. */
    async endSubscription(userId: string, at: Date) {
      await db()
        .update(subscriptions)
        .set({ endDate: at, isRecurring: false })
        .where(eq(subscriptions.userId, userId));
    },
    calls(method: string, userId?: number) {
      return telegram.botCalls.filter(
        (c) => c.method === method && (userId === undefined || c.params.user_id === userId),
      );
    },
    messagesTo(chatId: number) {
      return telegram.posts.filter((p) => p.chatId === chatId).map((p) => p.text);
    },
    async jobsOf(kind: string) {
      return db()
        .select()
        .from(jobs)
        .where(and(eq(jobs.kind, kind)));
    },
    async restart() {
      await t.app.close();
      t = await buildTestApp({ database, clock: time.clock, env: vipEnv(telegram.url) });
    },
    async close() {
      await t.app.close();
      await database.close();
      await telegram.close();
    },
  };
}
export type VipKit = Awaited<ReturnType<typeof startVipKit>>;
