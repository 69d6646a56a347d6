import { TELEGRAM_MSG } from '@magotips/contracts/telegram';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  TELEGRAM_SECRET as SECRET,
  TELEGRAM_TOKEN as TOKEN,
  type TelegramKit,
  startTelegramKit,
  telegramEnv,
  tokenOf,
} from '../../../test/telegram';
import { buildTestApp } from '../../../test/test-app';
import { telegramLinkTokens } from '../../db/schema';

// Issue 31 item 1: the link's rate limit, what the log never holds, and a site without a bot (or
// whose Telegram does not answer).

let kit: TelegramKit;
beforeAll(async () => {
  kit = await startTelegramKit();
});
afterAll(() => kit.close());

describe('limits and logs', () => {
  it('makes at most 12 links a quarter of an hour per account, then a Spanish 429', async () => {
    const me = await kit.reader();
    const headers = await me.auth();
    const statuses: number[] = [];
    for (let i = 0; i < 12; i += 1) {
      statuses.push(
        (await kit.t.app.inject({ method: 'POST', url: '/api/telegram/link', headers })).statusCode,
      );
    }
    expect(statuses.every((s) => s === 200)).toBe(true);
    const refused = await kit.t.app.inject({ method: 'POST', url: '/api/telegram/link', headers });
    expect(refused.statusCode).toBe(429);
    expect((refused.json() as { message: string }).message).toMatch(/intent/i);
  });

  it('never writes the secret header or a start token into the log', async () => {
    const lines: string[] = [];
    const logged = await buildTestApp({
      database: kit.t.database,
      clock: kit.time.clock,
      env: telegramEnv(kit.telegram.url),
      logStream: { write: (line) => lines.push(line) },
    });
    try {
      const me = await kit.reader();
      const url = (
        await logged.app.inject({
          method: 'POST',
          url: '/api/telegram/link',
          headers: await me.auth(),
        })
      ).json<{ url: string }>().url;
      const update = kit.telegram.privateMessage({ id: 520 }, `/start ${tokenOf(url)}`);
      await kit.telegram.deliver(logged.app, update);
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
    const bare = await buildTestApp({ database: kit.t.database, clock: kit.time.clock });
    try {
      const me = await kit.reader();
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
      database: kit.t.database,
      clock: kit.time.clock,
      env: telegramEnv('http://127.0.0.1:9'),
    });
    try {
      const me = await kit.reader();
      const res = await down.app.inject({
        method: 'POST',
        url: '/api/telegram/link',
        headers: await me.auth(),
      });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toMatchObject({ message: TELEGRAM_MSG.unavailable });
      expect(
        await kit
          .db()
          .select()
          .from(telegramLinkTokens)
          .where(eq(telegramLinkTokens.userId, me.id)),
      ).toEqual([]);
    } finally {
      await down.close();
    }
  });
});
