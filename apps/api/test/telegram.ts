import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { telegramLinks } from '../src/db/schema';
import { registerWebhook } from '../src/modules/telegram/register-webhook';
import { movableClock } from './payments';
import { startTelegramDouble } from './telegram-double';
import { buildTestApp } from './test-app';
import { authorizationAt, createTestUser } from './users';

export const TELEGRAM_TOKEN = '123456:AAbbCCddEEffGGhhIIjjKKll-_mm';
export const TELEGRAM_SECRET = `${'w'.repeat(40)}_-0123456789`;
export const TELEGRAM_APP_URL = 'https://magotips.test';

/** The environment of a site with a bot whose Bot API is `apiUrl`. */
export const telegramEnv = (apiUrl: string) => ({
  APP_URL: TELEGRAM_APP_URL,
  TELEGRAM_BOT_TOKEN: TELEGRAM_TOKEN,
  TELEGRAM_WEBHOOK_SECRET: TELEGRAM_SECRET,
  TELEGRAM_API_URL: apiUrl,
});

export const tokenOf = (url: string) => new URL(url).searchParams.get('start') ?? '';

/**
 * An app with a bot against the Bot API double, its webhook registered as
 * `npm run telegram:webhook` does on a deploy, a clock the test moves, and the steps of a link:
 * a signed-in reader, their one-time t.me address, their link row, the bot's replies.
 */
export async function startTelegramKit() {
  const time = movableClock(new Date('2031-03-01T10:00:00Z'));
  const telegram = await startTelegramDouble({ token: TELEGRAM_TOKEN });
  const t = await buildTestApp({ clock: time.clock, env: telegramEnv(telegram.url) });
  await registerWebhook(
    { token: TELEGRAM_TOKEN, apiUrl: telegram.url, webhookSecret: TELEGRAM_SECRET },
    TELEGRAM_APP_URL,
  );
  const db = () => t.database.db;

  /** A reader signed in now (sessions live 15 minutes of the app's clock). */
  async function reader() {
    const u = await createTestUser(db(), { now: time.now() });
    return {
      id: u.id,
      auth: async () => ({ authorization: await authorizationAt(db(), u.id, time.now()) }),
    };
  }

  async function linkUrl(user: { auth: () => Promise<{ authorization: string }> }) {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/telegram/link',
      headers: await user.auth(),
    });
    expect(res.statusCode).toBe(200);
    return (res.json() as { url: string }).url;
  }

  async function linkOf(userId: string) {
    const [row] = await db().select().from(telegramLinks).where(eq(telegramLinks.userId, userId));
    return row ?? null;
  }

  /** The bot's replies sent so far (the queue runs as the worker would). */
  async function replies() {
    await t.app.jobs.runDue();
    return telegram.posts.map((p) => ({ chatId: p.chatId, text: p.text }));
  }

  return {
    t,
    telegram,
    time,
    db,
    reader,
    linkUrl,
    linkOf,
    replies,
    async close() {
      await t.close();
      await telegram.close();
    },
  };
}
export type TelegramKit = Awaited<ReturnType<typeof startTelegramKit>>;
