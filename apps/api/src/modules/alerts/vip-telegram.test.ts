import { audienceHelpLine, responsiblePlayLine } from '@magotips/contracts/help-resources';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  type AlertsKit,
  ALERTS_APP_URL,
  draftTip,
  packHolding,
  startAlertsKit,
} from '../../../test/alerts';
import { startTelegramDouble, type TelegramDouble } from '../../../test/telegram-double';
import { buildTestApp } from '../../../test/test-app';
import { authorizationAt, givePack } from '../../../test/users';
import { jobs, packPurchases, telegramLinks, telegramVipPosts, users } from '../../db/schema';
import { escapeHtml } from '../mail/templates';
import { createEventBus } from '../events/event-bus';
import type { JobInput } from '../jobs/job-runner';
import type { TipEvent, TipEventBus, TipSnapshot } from '../tips/tip-events';
import { subscribeVipTelegram, VIP_JOBS } from './vip-telegram-jobs';

const TOKEN = '123456:AAbbCCddEEffGGhhIIjjKKll-_mm';
const GROUP = -1001234567890;
const HOUR = 3_600_000;
let kit: AlertsKit;
let telegram: TelegramDouble;
let nextTelegramId = 500_000_001;

const envOf = (apiUrl: string, group: boolean): Record<string, string> => ({
  TELEGRAM_BOT_TOKEN: TOKEN,
  TELEGRAM_WEBHOOK_SECRET: `${'s'.repeat(40)}_-0123456789`,
  TELEGRAM_API_URL: apiUrl,
  ...(group ? { TELEGRAM_VIP_CHAT_ID: String(GROUP) } : {}),
});

beforeAll(async () => {
  telegram = await startTelegramDouble({ token: TOKEN });
  kit = await startAlertsKit(new Date('2031-05-10T12:00:00Z'), envOf(telegram.url, true));
});
afterAll(async () => {
  await kit.close();
  await telegram.close();
});
beforeEach(() => {
  kit.reset();
  telegram.posts.length = 0;
  telegram.botCalls.length = 0;
  telegram.rateLimitNext(0, 0);
});

/** Every sendMessage the bot made, with its parameters as Telegram received them. */
const sent = () => telegram.botCalls.filter((c) => c.method === 'sendMessage').map((c) => c.params);
const sentTo = (chatId: number) => sent().filter((p) => p.chat_id === chatId);

/** A reader whose Telegram account is linked (its private chat id is its Telegram user id). */
async function linkedReader(opts: { subscriber?: boolean } = {}) {
  const u = await kit.reader({ subscriber: opts.subscriber });
  const telegramUserId = nextTelegramId++;
  await kit.db
    .insert(telegramLinks)
    .values({ userId: u.id, telegramUserId, chatId: telegramUserId, linkedAt: kit.now() });
  return { ...u, chatId: telegramUserId };
}

/** A VIP draft, a pack holding it bought by `buyers`, then published by the editor. */
async function publishedInPack(buyers: { id: string }[], title: string): Promise<string> {
  const tipId = await draftTip(kit.db, kit.now(), { category: 'premium', title });
  const packId = await packHolding(kit.db, [tipId]);
  for (const b of buyers) await givePack(kit.db, b.id, packId);
  await kit.setPublished(tipId, true);
  return tipId;
}

describe('the VIP post in the paid group', () => {
  it("a VIP tip's first publication: one sendMessage to the group, HTML, with the bet and the link", async () => {
    const tipId = await kit.createTip({ category: 'premium', title: 'Betis vs. Sevilla' });
    await kit.t.app.jobs.runDue();
    expect(sent()).toEqual([
      {
        chat_id: GROUP,
        text: [
          '💎 <b>Nuevo tip VIP: Betis vs. Sevilla</b>',
          // The group's readers live in several zones (decision 0114).
          '⚽ Fútbol · 20:00 España · 12:00 México · 13:00 Colombia/Perú · 15:00 Argentina · 14:00 Chile',
          'Pronóstico: <b>Gana el Betis</b>',
          'Cuota: 1,85 · Stake: 3 u',
          `<a href="${ALERTS_APP_URL}/tip/${tipId}">Lee el análisis completo</a>`,
          '<i>Los resultados pasados no garantizan resultados futuros.</i>',
          escapeHtml(audienceHelpLine()),
        ].join('\n'),
        parse_mode: 'HTML',
        link_preview_options: { is_disabled: true },
      },
    ]);
    const rows = await kit.db
      .select()
      .from(telegramVipPosts)
      .where(eq(telegramVipPosts.tipId, tipId));
    expect(rows).toEqual([
      { tipId, chatId: GROUP, userId: null, messageId: telegram.posts.length, postedAt: kit.now() },
    ]);
  });

  it('a free tip is not posted in the group', async () => {
    await kit.createTip({ title: 'Getafe vs. Celta' });
    await kit.t.app.jobs.runDue();
    expect(sentTo(GROUP)).toEqual([]);
  });

  it('one post per tip: the job, the event and a hide and show again send nothing more', async () => {
    const tipId = await kit.createTip({ category: 'premium', title: 'Osasuna vs. Girona' });
    await kit.t.app.jobs.runDue();
    expect(sentTo(GROUP)).toHaveLength(1);
    // The fan-out again (its key is spent), and a post job run again as after a crash.
    const again = await kit.t.app.jobs.enqueue(kit.db, [
      { kind: VIP_JOBS.fanout, payload: { tipId }, dedupeKey: `alerts.vip:${tipId}` },
      { kind: VIP_JOBS.post, payload: { tipId, userId: null } },
    ]);
    expect(again).toBe(1);
    await kit.setPublished(tipId, false);
    await kit.setPublished(tipId, true);
    await kit.t.app.jobs.runDue();
    expect(sentTo(GROUP)).toHaveLength(1);
  });

  it('a change of the bet before kick-off is a reply to the post; the analysis or a change after kick-off is not', async () => {
    const kickOff = new Date(kit.now().getTime() + 30 * HOUR).toISOString();
    const values = { category: 'premium', title: 'Alavés vs. Mallorca', matchDate: kickOff };
    const tipId = await kit.createTip(values);
    await kit.t.app.jobs.runDue();
    const original = telegram.posts.length;
    await kit.editTip(tipId, { ...values, pick: 'Empate', odds: 3.1 });
    await kit.t.app.jobs.runDue();
    const [change] = sent().slice(1);
    expect(sent()).toHaveLength(2);
    expect(change).toMatchObject({
      chat_id: GROUP,
      parse_mode: 'HTML',
      reply_parameters: { message_id: original, allow_sending_without_reply: true },
    });
    expect(String(change?.text).split('\n').slice(0, 4)).toEqual([
      '✏️ <b>Cambio en el tip VIP: Alavés vs. Mallorca</b>',
      'Ha cambiado el pronóstico y la cuota. Así queda:',
      '⚽ Fútbol · 20:00 España · 12:00 México · 13:00 Colombia/Perú · 15:00 Argentina · 14:00 Chile',
      'Pronóstico: <b>Empate</b>',
    ]);
    expect(String(change?.text)).toContain('Cuota: 3,10 · Stake: 3 u');

    const bet = { pick: 'Empate', odds: 3.1 };
    await kit.editTip(tipId, { ...values, ...bet, analisis: 'Otro análisis, más largo.' });
    await kit.t.app.jobs.runDue();
    expect(sent()).toHaveLength(2);

    // After kick-off the record is locked: the bet can't change, the analysis can, unannounced.
    kit.advance(31 * HOUR);
    const late = await kit.asEditor(
      'PUT',
      `/api/tips/${tipId}`,
      kit.tipBody({ ...values, ...bet, stake: 5 }),
    );
    expect(late.statusCode).toBe(409);
    await kit.editTip(tipId, { ...values, ...bet, analisis: 'Tras el partido: corregido.' });
    await kit.t.app.jobs.runDue();
    expect(sent()).toHaveLength(2);
  });

  it('a change event from kick-off on queues no post, whatever the field', async () => {
    const queued: JobInput[] = [];
    const bus: TipEventBus = createEventBus<TipEvent>({
      enqueue: async (_db, jobs) => {
        queued.push(...[jobs].flat());
        return 1;
      },
    });
    subscribeVipTelegram(bus);
    const matchDate = new Date('2031-05-11T18:00:00Z');
    const tip: TipSnapshot = {
      id: '7d4f0c1e-0000-4000-8000-000000000001',
      title: 'Betis vs. Sevilla',
      sport: 'football',
      matchDate,
      category: 'premium',
      isPublished: true,
      publicSince: matchDate,
      bet: { pick: 'Gana el Betis', oddsCents: 185, stake: 3, bookmaker: null },
      result: 'pendiente',
    };
    const change = (at: Date, fields: string[]) =>
      bus.emit(kit.db, { type: 'changed', at, tip, fields });
    await change(matchDate, ['pick', 'odds']);
    await change(new Date(matchDate.getTime() + HOUR), ['stake']);
    await change(new Date(matchDate.getTime() - HOUR), ['analisis', 'bookmaker', 'icon']);
    expect(queued).toEqual([]);
    await change(new Date(matchDate.getTime() - HOUR), ['stake', 'analisis']);
    expect(queued).toEqual([
      {
        kind: VIP_JOBS.change,
        payload: { tipId: tip.id, at: matchDate.getTime() - HOUR, fields: ['stake'] },
        dedupeKey: `alerts.vip.change:${tip.id}:${matchDate.getTime() - HOUR}`,
      },
    ]);
  });

  it('a 429 waits the retry_after Telegram asks for, then posts once', async () => {
    telegram.rateLimitNext(1, 42);
    await kit.createTip({ category: 'premium', title: 'Elche vs. Cádiz' });
    await kit.t.app.jobs.runDue();
    expect(telegram.posts).toHaveLength(0);
    kit.advance(41_000);
    await kit.t.app.jobs.runDue();
    expect(telegram.posts).toHaveLength(0);
    kit.advance(2_000);
    await kit.t.app.jobs.runDue();
    expect(sentTo(GROUP)).toHaveLength(2);
    expect(telegram.posts).toHaveLength(1);
    expect(telegram.posts[0]?.text).toContain('Elche vs. Cádiz');
  });
});

describe('pack buyers in a private chat', () => {
  it('only linked buyers of a pack that holds the tip, not subscribers (the group is theirs), once each', async () => {
    const buyer = await linkedReader();
    // A buyer in Mexico: their copy is in their clock, with their country's help (issue 32).
    await kit.db
      .update(users)
      .set({ country: 'MX', timeZone: 'America/Mexico_City' })
      .where(eq(users.id, buyer.id));
    const unlinked = await kit.reader();
    const otherPack = await linkedReader();
    const subscriber = await linkedReader({ subscriber: true });
    const refunded = await linkedReader();
    const elsewhere = await draftTip(kit.db, kit.now(), { category: 'premium' });
    await givePack(kit.db, otherPack.id, await packHolding(kit.db, [elsewhere]));
    const tipId = await publishedInPack(
      [buyer, unlinked, subscriber, refunded],
      'Rayo vs. Espanyol',
    );
    await kit.db
      .update(packPurchases)
      .set({ revokedAt: kit.now() })
      .where(eq(packPurchases.userId, refunded.id));
    await kit.t.app.jobs.runDue();

    expect(sentTo(buyer.chatId)).toEqual([
      {
        chat_id: buyer.chatId,
        text: expect.stringMatching(/^💎 <b>Tip VIP de tu pack: Rayo vs\. Espanyol<\/b>\n/),
        parse_mode: 'HTML',
        link_preview_options: { is_disabled: true },
      },
    ]);
    const copy = String(sentTo(buyer.chatId)[0]?.text);
    expect(copy).toContain('Pronóstico: <b>Gana el Betis</b>');
    expect(copy).toContain('lunes, 12 de mayo, 19:00 (hora de Ciudad de México)');
    expect(copy.split('\n').at(-1)).toBe(escapeHtml(responsiblePlayLine('MX')));
    expect(sentTo(GROUP)).toHaveLength(1);
    expect(sent()).toHaveLength(2);
    for (const reader of [otherPack, subscriber, refunded])
      expect(sentTo(reader.chatId)).toEqual([]);

    // Published again after a hide: nothing twice. A change: the buyer's copy gets its reply.
    await kit.setPublished(tipId, false);
    await kit.setPublished(tipId, true);
    await kit.t.app.jobs.runDue();
    expect(sent()).toHaveLength(2);
    await kit.editTip(tipId, { category: 'premium', title: 'Rayo vs. Espanyol', stake: 1 });
    await kit.t.app.jobs.runDue();
    const replies = sent().filter((p) => p.reply_parameters !== undefined);
    expect(replies.map((p) => p.chat_id).sort()).toEqual([GROUP, buyer.chatId].sort());
    expect(String(replies[0]?.text)).toContain('Ha cambiado el stake.');
    const toBuyer = String(replies.find((p) => p.chat_id === buyer.chatId)?.text);
    expect(toBuyer).toContain('(hora de Ciudad de México)');
    expect(toBuyer).toContain('Línea de la Vida');
  });
});

describe('across a restart, and without a group', () => {
  it('an app closed with the post pending: the next one on the same database posts it once', async () => {
    const env = { ...envOf(telegram.url, true), APP_URL: ALERTS_APP_URL };
    const first = await buildTestApp({ database: kit.t.database, clock: kit.now, env });
    const headers = { authorization: await authorizationAt(kit.db, kit.editor.id, kit.now()) };
    telegram.rateLimitNext(1, 30);
    const created = await first.app.inject({
      method: 'POST',
      url: '/api/tips',
      headers,
      payload: kit.tipBody({ category: 'premium', title: 'Lugo vs. Ponferradina' }),
    });
    expect(created.statusCode, created.body).toBe(201);
    await first.app.jobs.runDue();
    expect(telegram.posts).toHaveLength(0);
    const pending = await kit.db.select().from(jobs).where(eq(jobs.kind, VIP_JOBS.post));
    expect(pending.filter((j) => j.state === 'queued')).toHaveLength(1);
    await first.close();

    kit.advance(31_000);
    const second = await buildTestApp({ database: kit.t.database, clock: kit.now, env });
    await second.app.jobs.runDue();
    await second.app.jobs.runDue();
    await kit.t.app.jobs.runDue();
    expect(telegram.posts.map((p) => p.chatId)).toEqual([GROUP]);
    expect(telegram.posts[0]?.text).toContain('Lugo vs. Ponferradina');
    await second.close();
  });

  it('without TELEGRAM_VIP_CHAT_ID nothing goes to a group; buyers still get their copy', async () => {
    const env = { ...envOf(telegram.url, false), APP_URL: ALERTS_APP_URL };
    const app = await buildTestApp({ database: kit.t.database, clock: kit.now, env });
    const buyer = await linkedReader();
    const tipId = await draftTip(kit.db, kit.now(), {
      category: 'premium',
      title: 'Eibar vs. Huesca',
    });
    await givePack(kit.db, buyer.id, await packHolding(kit.db, [tipId]));
    const headers = { authorization: await authorizationAt(kit.db, kit.editor.id, kit.now()) };
    const res = await app.app.inject({
      method: 'PATCH',
      url: `/api/tips/${tipId}`,
      headers,
      payload: { isPublished: true },
    });
    expect(res.statusCode, res.body).toBe(200);
    await app.app.jobs.runDue();
    expect(sent().map((p) => p.chat_id)).toEqual([buyer.chatId]);
    await app.close();
  });

  it("a VIP chat id that is the public channel's posts no pick there", async () => {
    const env = {
      ...envOf(telegram.url, true),
      TELEGRAM_CHANNEL_ID: String(GROUP),
      APP_URL: ALERTS_APP_URL,
    };
    const app = await buildTestApp({ database: kit.t.database, clock: kit.now, env });
    const headers = { authorization: await authorizationAt(kit.db, kit.editor.id, kit.now()) };
    const res = await app.app.inject({
      method: 'POST',
      url: '/api/tips',
      headers,
      payload: kit.tipBody({ category: 'premium', title: 'Leganés vs. Burgos' }),
    });
    expect(res.statusCode, res.body).toBe(201);
    await app.app.jobs.runDue();
    // Only the public teaser went there.
    expect(telegram.posts.map((p) => p.text)).toEqual([
      expect.stringMatching(/^🔒 Nuevo tip VIP: Leganés vs\. Burgos/),
    ]);
    expect(telegram.posts[0]?.text).not.toContain('Gana el Betis');
    await app.close();
  });
});
