import { TELEGRAM_MSG } from '@magotips/contracts/telegram';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { movableClock } from '../../../test/payments';
import { startTelegramDouble, type TelegramDouble } from '../../../test/telegram-double';
import { buildTestApp, type TestApp } from '../../../test/test-app';
import { authorizationAt, createTestUser } from '../../../test/users';
import { jobs, telegramLinks, telegramLinkTokens, users } from '../../db/schema';
import { registerWebhook } from './register-webhook';

const TOKEN = '123456:AAbbCCddEEffGGhhIIjjKKll-_mm';
const SECRET = 'w'.repeat(40) + '_-0123456789';
const APP_URL = 'https://magotips.test';
const RESPONSIBLE = '+21 · Juega con responsabilidad';

const time = movableClock(new Date('2031-03-01T10:00:00Z'));
let t: TestApp;
let telegram: TelegramDouble;

beforeAll(async () => {
  telegram = await startTelegramDouble({ token: TOKEN });
  t = await buildTestApp({
    clock: time.clock,
    env: {
      APP_URL,
      TELEGRAM_BOT_TOKEN: TOKEN,
      TELEGRAM_WEBHOOK_SECRET: SECRET,
      TELEGRAM_API_URL: telegram.url,
    },
  });
  // What `npm run telegram:webhook` does on a deploy, against the double.
  await registerWebhook({ token: TOKEN, apiUrl: telegram.url, webhookSecret: SECRET }, APP_URL);
});
afterAll(async () => {
  await t.close();
  await telegram.close();
});
beforeEach(() => {
  telegram.posts.length = 0;
});

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
const tokenOf = (url: string) => new URL(url).searchParams.get('start') ?? '';

async function linkOf(userId: string) {
  const [row] = await db().select().from(telegramLinks).where(eq(telegramLinks.userId, userId));
  return row ?? null;
}

/** The bot's replies sent so far (the queue runs as the worker would). */
async function replies() {
  await t.app.jobs.runDue();
  return telegram.posts.map((p) => ({ chatId: p.chatId, text: p.text }));
}

describe('linking a Telegram account (issue 31 item 1)', () => {
  it('registers the webhook as Telegram documents setWebhook: our address, the secret, the updates we read', () => {
    expect(telegram.webhook).toEqual({
      url: `${APP_URL}/api/telegram/webhook`,
      secretToken: SECRET,
      allowedUpdates: ['message', 'chat_join_request'],
    });
  });

  it('links with a one-time token: t.me address from getMe, only the hash stored, a Spanish reply', async () => {
    const me = await reader();
    const url = await linkUrl(me);
    expect(url).toMatch(/^https:\/\/t\.me\/MagoTipsTestBot\?start=[A-Za-z0-9_-]{43}$/);
    const token = tokenOf(url);
    const stored = await db()
      .select()
      .from(telegramLinkTokens)
      .where(eq(telegramLinkTokens.userId, me.id));
    expect(stored).toHaveLength(1);
    expect(stored[0]?.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(stored)).not.toContain(token);
    expect(stored[0]?.expiresAt.getTime()).toBe(time.now().getTime() + 15 * 60_000);

    const res = await telegram.deliver(
      t.app,
      telegram.privateMessage({ id: 501, username: 'ana_t' }, `/start ${token}`),
    );
    expect(res.statusCode).toBe(200);
    expect(await linkOf(me.id)).toMatchObject({
      telegramUserId: 501,
      chatId: 501,
      username: 'ana_t',
    });
    const sent = await replies();
    expect(sent).toEqual([{ chatId: 501, text: TELEGRAM_MSG.bot.linked }]);
    expect(sent[0]?.text).toContain(RESPONSIBLE);

    const status = await t.app.inject({
      method: 'GET',
      url: '/api/telegram/link',
      headers: await me.auth(),
    });
    expect(status.json()).toEqual({
      success: true,
      available: true,
      linked: true,
      username: 'ana_t',
    });
  });

  it('asks getMe once and calls every method on /bot<token>/<method> with its documented parameters', async () => {
    const me = await reader();
    await linkUrl(me);
    await linkUrl(me);
    expect(telegram.botCalls.filter((c) => c.method === 'getMe')).toHaveLength(1);
    const methods = new Set(telegram.botCalls.map((c) => c.method));
    expect([...methods].sort()).toEqual(['getMe', 'sendMessage', 'setWebhook']);
    for (const call of telegram.botCalls.filter((c) => c.method === 'sendMessage')) {
      expect(Object.keys(call.params).sort()).toEqual(['chat_id', 'link_preview_options', 'text']);
      expect(typeof call.params.chat_id).toBe('number');
    }
  });

  it('refuses a token used before, even by the same Telegram user: no second link', async () => {
    const me = await reader();
    const token = tokenOf(await linkUrl(me));
    await telegram.deliver(t.app, telegram.privateMessage({ id: 502 }, `/start ${token}`));
    await replies();
    telegram.posts.length = 0;

    const again = await telegram.deliver(
      t.app,
      telegram.privateMessage({ id: 503 }, `/start ${token}`),
    );
    expect(again.statusCode).toBe(200);
    expect(await linkOf(me.id)).toMatchObject({ telegramUserId: 502 });
    expect(await replies()).toEqual([{ chatId: 503, text: TELEGRAM_MSG.bot.expired }]);
    expect(TELEGRAM_MSG.bot.expired).toContain('Conectar Telegram');
  });

  it('refuses a token after its 15 minutes', async () => {
    const me = await reader();
    const token = tokenOf(await linkUrl(me));
    const start = time.now();
    time.advance(15 * 60_000);
    try {
      await telegram.deliver(t.app, telegram.privateMessage({ id: 504 }, `/start ${token}`));
      expect(await linkOf(me.id)).toBeNull();
      expect(await replies()).toEqual([{ chatId: 504, text: TELEGRAM_MSG.bot.expired }]);
    } finally {
      time.set(start);
    }
  });

  it('answers an unknown or malformed token the same way, and /start alone with a welcome', async () => {
    await telegram.deliver(t.app, telegram.privateMessage({ id: 505 }, `/start ${'A'.repeat(43)}`));
    await telegram.deliver(t.app, telegram.privateMessage({ id: 505 }, '/start <script>'));
    await telegram.deliver(t.app, telegram.privateMessage({ id: 505 }, '/start'));
    expect(await replies()).toEqual([
      { chatId: 505, text: TELEGRAM_MSG.bot.expired },
      { chatId: 505, text: TELEGRAM_MSG.bot.expired },
      { chatId: 505, text: TELEGRAM_MSG.bot.welcome },
    ]);
  });

  it('refuses a wrong or missing secret header with 401 and changes nothing', async () => {
    const me = await reader();
    const token = tokenOf(await linkUrl(me));
    const jobsBefore = (await db().select().from(jobs)).length;
    const update = JSON.stringify(telegram.privateMessage({ id: 506 }, `/start ${token}`));
    for (const headers of [
      {},
      { 'x-telegram-bot-api-secret-token': 'x'.repeat(52) },
      { 'x-telegram-bot-api-secret-token': SECRET.slice(0, -1) },
      { 'x-telegram-bot-api-secret-token': `${SECRET}x` },
    ]) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/telegram/webhook',
        headers: { 'content-type': 'application/json', ...headers },
        payload: update,
      });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({ success: false, code: 'UNAUTHORIZED' });
    }
    expect(await linkOf(me.id)).toBeNull();
    expect((await db().select().from(jobs)).length).toBe(jobsBefore);
    const [row] = await db()
      .select()
      .from(telegramLinkTokens)
      .where(eq(telegramLinkTokens.userId, me.id));
    expect(row?.usedAt).toBeNull();
  });

  it('one Telegram user per account and one account per Telegram user', async () => {
    const first = await reader();
    const second = await reader();
    await telegram.deliver(
      t.app,
      telegram.privateMessage({ id: 507 }, `/start ${tokenOf(await linkUrl(first))}`),
    );

    // Telegram user 507 is the first account's: the second account's link is refused, unspent.
    const secondToken = tokenOf(await linkUrl(second));
    await telegram.deliver(t.app, telegram.privateMessage({ id: 507 }, `/start ${secondToken}`));
    expect(await linkOf(second.id)).toBeNull();
    expect(await linkOf(first.id)).toMatchObject({ telegramUserId: 507 });
    expect((await replies()).at(-1)).toEqual({ chatId: 507, text: TELEGRAM_MSG.bot.takenByOther });

    // Linking the same pair again is fine.
    await telegram.deliver(
      t.app,
      telegram.privateMessage({ id: 507 }, `/start ${tokenOf(await linkUrl(first))}`),
    );
    expect(await linkOf(first.id)).toMatchObject({ telegramUserId: 507 });
    expect((await replies()).at(-1)?.text).toBe(TELEGRAM_MSG.bot.linked);

    // The first account links another Telegram user: it replaces 507, who is free again.
    await telegram.deliver(
      t.app,
      telegram.privateMessage({ id: 508 }, `/start ${tokenOf(await linkUrl(first))}`),
    );
    expect(await linkOf(first.id)).toMatchObject({ telegramUserId: 508 });
    await telegram.deliver(t.app, telegram.privateMessage({ id: 507 }, `/start ${secondToken}`));
    expect(await linkOf(second.id)).toMatchObject({ telegramUserId: 507 });
  });

  it('/stop unlinks and says so; /stop without a link says that', async () => {
    const me = await reader();
    await telegram.deliver(
      t.app,
      telegram.privateMessage({ id: 509 }, `/start ${tokenOf(await linkUrl(me))}`),
    );
    await replies();
    telegram.posts.length = 0;
    await telegram.deliver(t.app, telegram.privateMessage({ id: 509 }, '/stop'));
    expect(await linkOf(me.id)).toBeNull();
    await telegram.deliver(t.app, telegram.privateMessage({ id: 509 }, '/stop'));
    expect(await replies()).toEqual([
      { chatId: 509, text: TELEGRAM_MSG.bot.stopped },
      { chatId: 509, text: TELEGRAM_MSG.bot.notLinked },
    ]);
  });

  it('"Desconectar" (DELETE) unlinks, and answers the same without a link', async () => {
    const me = await reader();
    await telegram.deliver(
      t.app,
      telegram.privateMessage({ id: 510, username: 'eva' }, `/start ${tokenOf(await linkUrl(me))}`),
    );
    for (let i = 0; i < 2; i += 1) {
      const res = await t.app.inject({
        method: 'DELETE',
        url: '/api/telegram/link',
        headers: await me.auth(),
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ success: true, message: TELEGRAM_MSG.unlinked });
    }
    expect(await linkOf(me.id)).toBeNull();
    const status = await t.app.inject({
      method: 'GET',
      url: '/api/telegram/link',
      headers: await me.auth(),
    });
    expect(status.json()).toMatchObject({ linked: false, username: null });
  });

  it('ignores what it does not act on with 200: other kinds of update, groups, bots, plain text', async () => {
    const before = (await db().select().from(jobs)).length;
    const group = telegram.privateMessage({ id: 511 }, '/stop');
    group.message.chat = { id: -100123, type: 'supergroup' };
    for (const update of [
      {
        update_id: 1,
        chat_join_request: { chat: { id: -100123, type: 'supergroup' }, from: { id: 5 }, date: 1 },
      },
      { update_id: 2, edited_message: { message_id: 1 } },
      group,
      telegram.privateMessage({ id: 511 }, 'hola'),
    ]) {
      const res = await telegram.deliver(t.app, update);
      expect(res.statusCode).toBe(200);
    }
    expect((await db().select().from(jobs)).length).toBe(before);
  });

  it('answers what is not an update with a Spanish 400, never a 500', async () => {
    for (const payload of [
      '{}',
      '[]',
      '{"update_id":"uno"}',
      '{"update_id":1,"message":{"chat":1}}',
      'no es json',
    ]) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/telegram/webhook',
        headers: { 'content-type': 'application/json', 'x-telegram-bot-api-secret-token': SECRET },
        payload,
      });
      expect(res.statusCode).toBe(400);
      expect((res.json() as { message: string }).message).toMatch(/[a-záéíóúñ]/i);
    }
  });

  it('erases the link and its tokens with the account', async () => {
    const me = await reader();
    await linkUrl(me);
    await telegram.deliver(
      t.app,
      telegram.privateMessage({ id: 512 }, `/start ${tokenOf(await linkUrl(me))}`),
    );
    await db().delete(users).where(eq(users.id, me.id));
    expect(await linkOf(me.id)).toBeNull();
    expect(
      await db().select().from(telegramLinkTokens).where(eq(telegramLinkTokens.userId, me.id)),
    ).toEqual([]);
  });
});

describe('limits and logs', () => {
  it('makes at most 12 links a quarter of an hour per account, then a Spanish 429', async () => {
    const me = await reader();
    const headers = await me.auth();
    const statuses: number[] = [];
    for (let i = 0; i < 12; i += 1) {
      statuses.push(
        (await t.app.inject({ method: 'POST', url: '/api/telegram/link', headers })).statusCode,
      );
    }
    expect(statuses.every((s) => s === 200)).toBe(true);
    const refused = await t.app.inject({ method: 'POST', url: '/api/telegram/link', headers });
    expect(refused.statusCode).toBe(429);
    expect((refused.json() as { message: string }).message).toMatch(/intent/i);
  });

  it('never writes the secret header or a start token into the log', async () => {
    const lines: string[] = [];
    const logged = await buildTestApp({
      database: t.database,
      clock: time.clock,
      env: {
        APP_URL,
        TELEGRAM_BOT_TOKEN: TOKEN,
        TELEGRAM_WEBHOOK_SECRET: SECRET,
        TELEGRAM_API_URL: telegram.url,
      },
      logStream: { write: (line) => lines.push(line) },
    });
    try {
      const me = await reader();
      const url = (
        await logged.app.inject({
          method: 'POST',
          url: '/api/telegram/link',
          headers: await me.auth(),
        })
      ).json<{ url: string }>().url;
      const update = telegram.privateMessage({ id: 520 }, `/start ${tokenOf(url)}`);
      await telegram.deliver(logged.app, update);
      await logged.app.inject({
        method: 'POST',
        url: '/api/telegram/webhook',
        headers: {
          'content-type': 'application/json',
          'x-telegram-bot-api-secret-token': 'x'.repeat(40),
        },
        payload: JSON.stringify(update),
      });
      const text = lines.join('\n');
      expect(text).toContain('update de Telegram');
      expect(text).not.toContain(SECRET);
      expect(text).not.toContain(tokenOf(url));
      expect(text).not.toContain(TOKEN);
    } finally {
      await logged.close();
    }
  });
});

describe('a site without a bot', () => {
  it('answers POST /api/telegram/link with a Spanish 503, the card is told, the webhook is 401', async () => {
    const bare = await buildTestApp({ database: t.database, clock: time.clock });
    try {
      const me = await reader();
      const res = await bare.app.inject({
        method: 'POST',
        url: '/api/telegram/link',
        headers: await me.auth(),
      });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toMatchObject({
        code: 'TELEGRAM_UNAVAILABLE',
        message: TELEGRAM_MSG.unavailable,
      });
      const status = await bare.app.inject({
        method: 'GET',
        url: '/api/telegram/link',
        headers: await me.auth(),
      });
      expect(status.json()).toEqual({
        success: true,
        available: false,
        linked: false,
        username: null,
      });
      const hook = await bare.app.inject({
        method: 'POST',
        url: '/api/telegram/webhook',
        headers: { 'content-type': 'application/json', 'x-telegram-bot-api-secret-token': SECRET },
        payload: '{"update_id":1}',
      });
      expect(hook.statusCode).toBe(401);
    } finally {
      await bare.close();
    }
  });

  it('answers 503 when Telegram does not answer getMe', async () => {
    const down = await buildTestApp({
      database: t.database,
      clock: time.clock,
      env: {
        TELEGRAM_BOT_TOKEN: TOKEN,
        TELEGRAM_WEBHOOK_SECRET: SECRET,
        TELEGRAM_API_URL: 'http://127.0.0.1:9',
      },
    });
    try {
      const me = await reader();
      const res = await down.app.inject({
        method: 'POST',
        url: '/api/telegram/link',
        headers: await me.auth(),
      });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toMatchObject({ message: TELEGRAM_MSG.unavailable });
      expect(
        await db().select().from(telegramLinkTokens).where(eq(telegramLinkTokens.userId, me.id)),
      ).toEqual([]);
    } finally {
      await down.close();
    }
  });
});
