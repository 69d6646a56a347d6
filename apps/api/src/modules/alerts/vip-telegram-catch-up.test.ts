import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  type AlertsKit,
  ALERTS_APP_URL,
  draftTip,
  packHolding,
  startAlertsKit,
} from '../../../test/alerts';
import { sessionIdOf } from '../../../test/payments';
import { startTelegramDouble, type TelegramDouble } from '../../../test/telegram-double';
import { buildTestApp, type TestApp } from '../../../test/test-app';
import { authorizationAt, givePack } from '../../../test/users';
import { jobs, telegramLinks } from '../../db/schema';
import { issueGiftCodes } from '../gift-codes/issue-gift-codes';
import { registerWebhook } from '../telegram/register-webhook';
import { VIP_CATCH_UP_JOB } from './vip-telegram-catch-up';

// Decision 0110: the copies a pack buyer is owed for the pack's VIP tips published before they
// bought it or before they linked Telegram, driven through the real checkout and the real
// webhook against the Bot API double.

const TOKEN = '123456:AAbbCCddEEffGGhhIIjjKKll-_mm';
const SECRET = `${'s'.repeat(40)}_-0123456789`;
const GROUP = -1001234567890;
const HOUR = 3_600_000;
let kit: AlertsKit;
let telegram: TelegramDouble;
let nextTelegramId = 700_000_001;

beforeAll(async () => {
  telegram = await startTelegramDouble({ token: TOKEN });
  kit = await startAlertsKit(new Date('2031-05-10T12:00:00Z'), {
    TELEGRAM_BOT_TOKEN: TOKEN,
    TELEGRAM_WEBHOOK_SECRET: SECRET,
    TELEGRAM_API_URL: telegram.url,
    TELEGRAM_VIP_CHAT_ID: String(GROUP),
  });
  await registerWebhook(
    { token: TOKEN, apiUrl: telegram.url, webhookSecret: SECRET },
    ALERTS_APP_URL,
  );
});
afterAll(async () => {
  await kit.close();
  await telegram.close();
});
beforeEach(() => {
  kit.reset();
  telegram.posts.length = 0;
  telegram.botCalls.length = 0;
});

/** The private copies of VIP tips the bot sent to `chatId` (not its replies to commands). */
const copiesTo = (chatId: number) =>
  telegram.botCalls
    .filter((c) => c.method === 'sendMessage' && c.params.chat_id === chatId)
    .map((c) => String(c.params.text))
    .filter((text) => text.startsWith('💎'));
const titleOf = (text: string) => /<b>Tip VIP de tu pack: (.*)<\/b>/.exec(text)?.[1] ?? text;

const headersOf = async (userId: string) => ({
  authorization: await authorizationAt(kit.db, userId, kit.now()),
});

/** Buys `packId` through the checkout and the simulated provider's "Pagar" on `app`. */
async function buy(app: TestApp['app'], userId: string, packId: string) {
  const created = await app.inject({
    method: 'POST',
    url: '/api/packs/create-payment-stripe',
    headers: await headersOf(userId),
    payload: {
      packId,
      amount: 9,
      currency: 'USD',
      paymentMethod: 'stripe',
      immediateAccessConsent: true,
    },
  });
  expect(created.statusCode, created.body).toBe(201);
  const { stripeCheckoutUrl } = (created.json() as { payment: { stripeCheckoutUrl: string } })
    .payment;
  const pay = () =>
    app.inject({
      method: 'POST',
      url: `/api/payments/simulated/checkout/${sessionIdOf(stripeCheckoutUrl)}/pay`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: '',
    });
  const paid = await pay();
  expect(paid.statusCode, paid.body).toBe(303);
  return { payAgain: pay };
}

/** Links the reader's account through "Conectar Telegram" and the bot's /start. */
async function linkTelegram(userId: string, telegramUserId: number) {
  const res = await kit.t.app.inject({
    method: 'POST',
    url: '/api/telegram/link',
    headers: await headersOf(userId),
  });
  expect(res.statusCode, res.body).toBe(200);
  const token = new URL((res.json() as { url: string }).url).searchParams.get('start');
  const update = telegram.privateMessage({ id: telegramUserId }, `/start ${token}`);
  expect((await telegram.deliver(kit.t.app, update)).statusCode).toBe(200);
}

async function linkedReader(opts: { subscriber?: boolean } = {}) {
  const u = await kit.reader({ subscriber: opts.subscriber });
  const chatId = nextTelegramId++;
  await kit.db
    .insert(telegramLinks)
    .values({ userId: u.id, telegramUserId: chatId, chatId, linkedAt: kit.now() });
  return { id: u.id, chatId };
}

async function published(title: string, opts: { free?: boolean; hoursAhead?: number } = {}) {
  const tipId = await draftTip(kit.db, kit.now(), {
    category: opts.free ? 'free' : 'premium',
    title,
    hoursAhead: opts.hoursAhead ?? 30,
  });
  await kit.setPublished(tipId, true);
  return tipId;
}

const catchUpJobsOf = (userId: string) =>
  kit.db
    .select({ id: jobs.id })
    .from(jobs)
    .where(and(eq(jobs.kind, VIP_CATCH_UP_JOB), sql`${jobs.payload}->>'userId' = ${userId}`));

describe('a pack bought after its tips were published', () => {
  it("the copy of each VIP tip to come arrives once; not a started match's, a free tip's nor a hidden one's", async () => {
    const buyer = await linkedReader();
    const started = await published('Cádiz vs. Málaga', { hoursAhead: 1 });
    const toCome = await published('Villarreal vs. Valencia');
    const free = await published('Getafe vs. Celta', { free: true });
    const hidden = await published('Almería vs. Granada');
    await kit.setPublished(hidden, false);
    const draft = await draftTip(kit.db, kit.now(), { category: 'premium', title: 'Borrador' });
    const packId = await packHolding(kit.db, [started, toCome, free, hidden, draft]);
    kit.advance(2 * HOUR);
    await kit.t.app.jobs.runDue();
    expect(copiesTo(buyer.chatId)).toEqual([]);

    const { payAgain } = await buy(kit.t.app, buyer.id, packId);
    await kit.t.app.jobs.runDue();
    const copies = copiesTo(buyer.chatId);
    expect(copies.map(titleOf)).toEqual(['Villarreal vs. Valencia']);
    expect(copies[0]).toContain('Pronóstico: <b>Gana el Betis</b>');
    expect(copies[0]).toContain(`${ALERTS_APP_URL}/tip/${toCome}`);

    // The payment's page posted again, and the catch-up job enqueued again (same key: nothing),
    // or under another occasion's key: no second copy.
    await payAgain();
    const [purchaseJob] = await catchUpJobsOf(buyer.id);
    expect(purchaseJob).toBeDefined();
    const again = await kit.t.app.jobs.enqueue(kit.db, {
      kind: VIP_CATCH_UP_JOB,
      payload: { userId: buyer.id },
      dedupeKey: `alerts.vip.catch-up:${buyer.id}:link:${kit.now().getTime()}`,
    });
    expect(again).toBe(1);
    await kit.t.app.jobs.runDue();
    expect(copiesTo(buyer.chatId)).toHaveLength(1);
    expect(await catchUpJobsOf(buyer.id)).toHaveLength(2);
  });

  it('a subscriber who buys a pack gets no private copy: the group is theirs', async () => {
    const subscriber = await linkedReader({ subscriber: true });
    const packId = await packHolding(kit.db, [await published('Oviedo vs. Sporting')]);
    await kit.t.app.jobs.runDue();
    await buy(kit.t.app, subscriber.id, packId);
    await kit.t.app.jobs.runDue();
    expect(await catchUpJobsOf(subscriber.id)).toHaveLength(1);
    expect(copiesTo(subscriber.chatId)).toEqual([]);
  });

  it('a reader not linked to Telegram gets nothing until they link', async () => {
    const reader = await kit.reader();
    const packId = await packHolding(kit.db, [await published('Zaragoza vs. Huesca')]);
    await buy(kit.t.app, reader.id, packId);
    await kit.t.app.jobs.runDue();
    expect(await catchUpJobsOf(reader.id)).toHaveLength(1);
    // The tip's post in the group, and nothing else.
    const chats = telegram.botCalls
      .filter((c) => c.method === 'sendMessage')
      .map((c) => c.params.chat_id);
    expect(chats).toEqual([GROUP]);
  });
});

describe('a pack given by a gift code', () => {
  it('is a pack bought: the copies of its published tips arrive on redeeming', async () => {
    const reader = await linkedReader();
    const packId = await packHolding(kit.db, [await published('Racing vs. Burgos')]);
    const grant = { type: 'pack' as const, packId, packName: 'Pack de prueba' };
    const { codes } = await issueGiftCodes(kit.db, {
      grant,
      count: 1,
      expiresAt: null,
      note: 'Catch-up',
      createdBy: null,
      now: kit.now(),
    });
    const res = await kit.t.app.inject({
      method: 'POST',
      url: '/api/gift-codes/redeem',
      headers: await headersOf(reader.id),
      payload: { code: codes[0] },
    });
    expect(res.statusCode, res.body).toBe(200);
    await kit.t.app.jobs.runDue();
    expect(copiesTo(reader.chatId).map(titleOf)).toEqual(['Racing vs. Burgos']);
  });
});

describe('Telegram linked after buying', () => {
  it("the pack's published tips arrive on linking, also one published while unlinked; a second link sends nothing twice", async () => {
    const reader = await kit.reader();
    const before = await published('Athletic vs. Real Sociedad');
    const later = await draftTip(kit.db, kit.now(), {
      category: 'premium',
      title: 'Celta vs. Vigo B',
    });
    await givePack(kit.db, reader.id, await packHolding(kit.db, [before, later]));
    await kit.setPublished(later, true);
    await kit.t.app.jobs.runDue();

    const chatId = nextTelegramId++;
    await linkTelegram(reader.id, chatId);
    await kit.t.app.jobs.runDue();
    expect(copiesTo(chatId).map(titleOf).sort()).toEqual(
      ['Athletic vs. Real Sociedad', 'Celta vs. Vigo B'].sort(),
    );

    // The same Telegram user links again later ("Conectar Telegram" pressed twice).
    kit.advance(60_000);
    await linkTelegram(reader.id, chatId);
    await kit.t.app.jobs.runDue();
    expect(copiesTo(chatId)).toHaveLength(2);
    expect(await catchUpJobsOf(reader.id)).toHaveLength(2);
  });

  it('a subscriber who links gets no private copy of their pack', async () => {
    const subscriber = await kit.reader({ subscriber: true });
    const tipId = await published('Mirandés vs. Eldense');
    await givePack(kit.db, subscriber.id, await packHolding(kit.db, [tipId]));
    const chatId = nextTelegramId++;
    await linkTelegram(subscriber.id, chatId);
    await kit.t.app.jobs.runDue();
    expect(await catchUpJobsOf(subscriber.id)).toHaveLength(1);
    expect(copiesTo(chatId)).toEqual([]);
  });
});

describe('a tip added to a pack already bought', () => {
  it("its linked buyers get the added tip's copy once, through the editor's change of the pack", async () => {
    const buyer = await linkedReader();
    const unlinked = await kit.reader();
    const first = await published('Eibar vs. Huesca');
    const packId = await packHolding(kit.db, [first]);
    await givePack(kit.db, buyer.id, packId);
    await givePack(kit.db, unlinked.id, packId);
    const added = await published('Racing vs. Burgos');
    await kit.t.app.jobs.runDue();
    const edit = async (tipIds: string[]) => {
      const body = {
        nombre: 'Pack de prueba',
        descripcion: 'x',
        precio: 9,
        tips: tipIds,
        activo: true,
      };
      const res = await kit.asEditor('PUT', `/api/packs/${packId}`, body);
      expect(res.statusCode, res.body).toBe(200);
      await kit.t.app.jobs.runDue();
    };
    await edit([first, added]);
    // The first tip was owed too (the buyer was linked without the event): both, in any order.
    expect(copiesTo(buyer.chatId).map(titleOf).sort()).toEqual([
      'Eibar vs. Huesca',
      'Racing vs. Burgos',
    ]);
    // Saved again with the same tips: nothing new is owed.
    kit.advance(60_000);
    await edit([first, added]);
    expect(copiesTo(buyer.chatId)).toHaveLength(2);
    expect(await catchUpJobsOf(unlinked.id)).toEqual([]);
  });
});

describe('without the bot', () => {
  it('a pack bought queues no catch-up', async () => {
    const env = { APP_URL: ALERTS_APP_URL };
    const bare = await buildTestApp({ database: kit.t.database, clock: kit.now, env });
    const reader = await linkedReader();
    const packId = await packHolding(kit.db, [await published('Tenerife vs. Las Palmas')]);
    await buy(bare.app, reader.id, packId);
    expect(await catchUpJobsOf(reader.id)).toEqual([]);
    await bare.close();
  });
});
