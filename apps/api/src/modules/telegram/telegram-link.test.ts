import { TELEGRAM_MSG } from '@magotips/contracts/telegram';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  TELEGRAM_APP_URL as APP_URL,
  TELEGRAM_SECRET as SECRET,
  type TelegramKit,
  startTelegramKit,
  tokenOf,
} from '../../../test/telegram';
import { jobs, telegramLinkTokens, users } from '../../db/schema';

// Issue 31 item 1 against the Bot API double (test/telegram-double.ts); limits, logs and a site
// without a bot are in telegram-link.edges.test.ts.

const RESPONSIBLE = '+21 · Juega con responsabilidad';

let kit: TelegramKit;
beforeAll(async () => {
  kit = await startTelegramKit();
});
afterAll(() => kit.close());
beforeEach(() => {
  kit.telegram.posts.length = 0;
});

describe('linking a Telegram account (issue 31 item 1)', () => {
  it('registers the webhook as Telegram documents setWebhook: our address, the secret, the updates we read', () => {
    expect(kit.telegram.webhook).toEqual({
      url: `${APP_URL}/api/telegram/webhook`,
      secretToken: SECRET,
      allowedUpdates: ['message', 'chat_join_request', 'chat_member'],
    });
  });

  it('links with a one-time token: t.me address from getMe, only the hash stored, a Spanish reply', async () => {
    const me = await kit.reader();
    const url = await kit.linkUrl(me);
    expect(url).toMatch(/^https:\/\/t\.me\/MagoTipsTestBot\?start=[A-Za-z0-9_-]{43}$/);
    const token = tokenOf(url);
    const stored = await kit
      .db()
      .select()
      .from(telegramLinkTokens)
      .where(eq(telegramLinkTokens.userId, me.id));
    expect(stored).toHaveLength(1);
    expect(stored[0]?.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(stored)).not.toContain(token);
    expect(stored[0]?.expiresAt.getTime()).toBe(kit.time.now().getTime() + 15 * 60_000);

    const res = await kit.telegram.deliver(
      kit.t.app,
      kit.telegram.privateMessage({ id: 501, username: 'ana_t' }, `/start ${token}`),
    );
    expect(res.statusCode).toBe(200);
    expect(await kit.linkOf(me.id)).toMatchObject({
      telegramUserId: 501,
      chatId: 501,
      username: 'ana_t',
    });
    const sent = await kit.replies();
    expect(sent).toEqual([{ chatId: 501, text: TELEGRAM_MSG.bot.linked }]);
    expect(sent[0]?.text).toContain(RESPONSIBLE);

    const status = await kit.t.app.inject({
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
    const me = await kit.reader();
    await kit.linkUrl(me);
    await kit.linkUrl(me);
    expect(kit.telegram.botCalls.filter((c) => c.method === 'getMe')).toHaveLength(1);
    const methods = new Set(kit.telegram.botCalls.map((c) => c.method));
    expect([...methods].sort()).toEqual(['getMe', 'sendMessage', 'setWebhook']);
    for (const call of kit.telegram.botCalls.filter((c) => c.method === 'sendMessage')) {
      expect(Object.keys(call.params).sort()).toEqual(['chat_id', 'link_preview_options', 'text']);
      expect(typeof call.params.chat_id).toBe('number');
    }
  });

  it('refuses a token used before, even by the same Telegram user: no second link', async () => {
    const me = await kit.reader();
    const token = tokenOf(await kit.linkUrl(me));
    await kit.telegram.deliver(
      kit.t.app,
      kit.telegram.privateMessage({ id: 502 }, `/start ${token}`),
    );
    await kit.replies();
    kit.telegram.posts.length = 0;

    const again = await kit.telegram.deliver(
      kit.t.app,
      kit.telegram.privateMessage({ id: 503 }, `/start ${token}`),
    );
    expect(again.statusCode).toBe(200);
    expect(await kit.linkOf(me.id)).toMatchObject({ telegramUserId: 502 });
    expect(await kit.replies()).toEqual([{ chatId: 503, text: TELEGRAM_MSG.bot.expired }]);
    expect(TELEGRAM_MSG.bot.expired).toContain('Conectar Telegram');
  });

  it('refuses a token after its 15 minutes', async () => {
    const me = await kit.reader();
    const token = tokenOf(await kit.linkUrl(me));
    const start = kit.time.now();
    kit.time.advance(15 * 60_000);
    try {
      await kit.telegram.deliver(
        kit.t.app,
        kit.telegram.privateMessage({ id: 504 }, `/start ${token}`),
      );
      expect(await kit.linkOf(me.id)).toBeNull();
      expect(await kit.replies()).toEqual([{ chatId: 504, text: TELEGRAM_MSG.bot.expired }]);
    } finally {
      kit.time.set(start);
    }
  });

  it('answers an unknown or malformed token the same way, and /start alone with a welcome', async () => {
    await kit.telegram.deliver(
      kit.t.app,
      kit.telegram.privateMessage({ id: 505 }, `/start ${'A'.repeat(43)}`),
    );
    await kit.telegram.deliver(
      kit.t.app,
      kit.telegram.privateMessage({ id: 505 }, '/start <script>'),
    );
    await kit.telegram.deliver(kit.t.app, kit.telegram.privateMessage({ id: 505 }, '/start'));
    expect(await kit.replies()).toEqual([
      { chatId: 505, text: TELEGRAM_MSG.bot.expired },
      { chatId: 505, text: TELEGRAM_MSG.bot.expired },
      { chatId: 505, text: TELEGRAM_MSG.bot.welcome },
    ]);
  });

  it('refuses a wrong or missing secret header with 401 and changes nothing', async () => {
    const me = await kit.reader();
    const token = tokenOf(await kit.linkUrl(me));
    const jobsBefore = (await kit.db().select().from(jobs)).length;
    const update = JSON.stringify(kit.telegram.privateMessage({ id: 506 }, `/start ${token}`));
    for (const headers of [
      {},
      { 'x-telegram-bot-api-secret-token': 'x'.repeat(52) },
      { 'x-telegram-bot-api-secret-token': SECRET.slice(0, -1) },
      { 'x-telegram-bot-api-secret-token': `${SECRET}x` },
    ]) {
      const res = await kit.t.app.inject({
        method: 'POST',
        url: '/api/telegram/webhook',
        headers: { 'content-type': 'application/json', ...headers },
        payload: update,
      });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({ success: false, code: 'UNAUTHORIZED' });
    }
    expect(await kit.linkOf(me.id)).toBeNull();
    expect((await kit.db().select().from(jobs)).length).toBe(jobsBefore);
    const [row] = await kit
      .db()
      .select()
      .from(telegramLinkTokens)
      .where(eq(telegramLinkTokens.userId, me.id));
    expect(row?.usedAt).toBeNull();
  });

  it('one Telegram user per account and one account per Telegram user', async () => {
    const first = await kit.reader();
    const second = await kit.reader();
    await kit.telegram.deliver(
      kit.t.app,
      kit.telegram.privateMessage({ id: 507 }, `/start ${tokenOf(await kit.linkUrl(first))}`),
    );

    // Telegram user 507 is the first account's: the second account's link is refused, unspent.
    const secondToken = tokenOf(await kit.linkUrl(second));
    await kit.telegram.deliver(
      kit.t.app,
      kit.telegram.privateMessage({ id: 507 }, `/start ${secondToken}`),
    );
    expect(await kit.linkOf(second.id)).toBeNull();
    expect(await kit.linkOf(first.id)).toMatchObject({ telegramUserId: 507 });
    expect((await kit.replies()).at(-1)).toEqual({
      chatId: 507,
      text: TELEGRAM_MSG.bot.takenByOther,
    });

    // Linking the same pair again is fine.
    await kit.telegram.deliver(
      kit.t.app,
      kit.telegram.privateMessage({ id: 507 }, `/start ${tokenOf(await kit.linkUrl(first))}`),
    );
    expect(await kit.linkOf(first.id)).toMatchObject({ telegramUserId: 507 });
    expect((await kit.replies()).at(-1)?.text).toBe(TELEGRAM_MSG.bot.linked);

    // The first account links another Telegram user: it replaces 507, who is free again.
    await kit.telegram.deliver(
      kit.t.app,
      kit.telegram.privateMessage({ id: 508 }, `/start ${tokenOf(await kit.linkUrl(first))}`),
    );
    expect(await kit.linkOf(first.id)).toMatchObject({ telegramUserId: 508 });
    await kit.telegram.deliver(
      kit.t.app,
      kit.telegram.privateMessage({ id: 507 }, `/start ${secondToken}`),
    );
    expect(await kit.linkOf(second.id)).toMatchObject({ telegramUserId: 507 });
  });

  it('/stop unlinks and says so; /stop without a link says that', async () => {
    const me = await kit.reader();
    await kit.telegram.deliver(
      kit.t.app,
      kit.telegram.privateMessage({ id: 509 }, `/start ${tokenOf(await kit.linkUrl(me))}`),
    );
    await kit.replies();
    kit.telegram.posts.length = 0;
    await kit.telegram.deliver(kit.t.app, kit.telegram.privateMessage({ id: 509 }, '/stop'));
    expect(await kit.linkOf(me.id)).toBeNull();
    await kit.telegram.deliver(kit.t.app, kit.telegram.privateMessage({ id: 509 }, '/stop'));
    expect(await kit.replies()).toEqual([
      { chatId: 509, text: TELEGRAM_MSG.bot.stopped },
      { chatId: 509, text: TELEGRAM_MSG.bot.notLinked },
    ]);
  });

  it('"Desconectar" (DELETE) unlinks, and answers the same without a link', async () => {
    const me = await kit.reader();
    await kit.telegram.deliver(
      kit.t.app,
      kit.telegram.privateMessage(
        { id: 510, username: 'eva' },
        `/start ${tokenOf(await kit.linkUrl(me))}`,
      ),
    );
    for (let i = 0; i < 2; i += 1) {
      const res = await kit.t.app.inject({
        method: 'DELETE',
        url: '/api/telegram/link',
        headers: await me.auth(),
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ success: true, message: TELEGRAM_MSG.unlinked });
    }
    expect(await kit.linkOf(me.id)).toBeNull();
    const status = await kit.t.app.inject({
      method: 'GET',
      url: '/api/telegram/link',
      headers: await me.auth(),
    });
    expect(status.json()).toMatchObject({ linked: false, username: null });
  });

  it('ignores what it does not act on with 200: other kinds of update, groups, bots, plain text', async () => {
    const before = (await kit.db().select().from(jobs)).length;
    const group = kit.telegram.privateMessage({ id: 511 }, '/stop');
    group.message.chat = { id: -100123, type: 'supergroup' };
    for (const update of [
      {
        update_id: 1,
        chat_join_request: { chat: { id: -100123, type: 'supergroup' }, from: { id: 5 }, date: 1 },
      },
      { update_id: 2, edited_message: { message_id: 1 } },
      group,
      kit.telegram.privateMessage({ id: 511 }, 'hola'),
    ]) {
      const res = await kit.telegram.deliver(kit.t.app, update);
      expect(res.statusCode).toBe(200);
    }
    expect((await kit.db().select().from(jobs)).length).toBe(before);
  });

  it('answers what is not an update with a Spanish 400, never a 500', async () => {
    for (const payload of [
      '{}',
      '[]',
      '{"update_id":"uno"}',
      '{"update_id":1,"message":{"chat":1}}',
      'no es json',
    ]) {
      const res = await kit.t.app.inject({
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
    const me = await kit.reader();
    await kit.linkUrl(me);
    await kit.telegram.deliver(
      kit.t.app,
      kit.telegram.privateMessage({ id: 512 }, `/start ${tokenOf(await kit.linkUrl(me))}`),
    );
    await kit.db().delete(users).where(eq(users.id, me.id));
    expect(await kit.linkOf(me.id)).toBeNull();
    expect(
      await kit.db().select().from(telegramLinkTokens).where(eq(telegramLinkTokens.userId, me.id)),
    ).toEqual([]);
  });
});
