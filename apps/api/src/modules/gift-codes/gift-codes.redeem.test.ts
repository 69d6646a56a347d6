import { GIFT_MSG, type TRedeemGiftCodeResponse } from '@magotips/contracts/gift-codes';
import { PAYMENT_MESSAGES } from '@magotips/contracts/payments';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildGiftApp, type GiftTestApp, subscriptionRow } from '../../../test/gift-codes';
import { giftCodes, packPurchases, packs, subscriptions, transactions } from '../../db/schema';
import { addMonths } from '../subscriptions/billing-period';
import { createSimulatedDataSource } from '../verification/simulated-data-source';
import { createVerificationRepository } from '../verification/verification.repository';

let t: GiftTestApp;
beforeAll(async () => {
  t = await buildGiftApp();
});
afterAll(() => t.close());

const DAY = 86_400_000;
let ipSeq = 0;
/** Each test from its own address, so the per-IP limit of one does not reach the next. */
const freshIp = () => `10.1.${Math.floor(++ipSeq / 250)}.${ipSeq % 250}`;

const planCode = async (months = 3, extra: Record<string, unknown> = {}) =>
  (await t.issue({ type: 'plan', planKey: t.planKey, months, count: 1, ...extra })).codes[0] ?? '';
const packCode = async () =>
  (await t.issue({ type: 'pack', packId: t.packId, count: 1 })).codes[0] ?? '';

async function stateOf(code: string) {
  const rows = await t.database.db.select().from(giftCodes);
  const hint = code.slice(-4);
  return rows.filter((r) => r.hint === hint);
}

describe('POST /api/gift-codes/redeem: plans', () => {
  it('starts a subscription of the plan for N months, without automatic renewal', async () => {
    const user = await t.newUser();
    const code = await planCode(3);
    const res = await t.redeem(user, code, freshIp());
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<TRedeemGiftCodeResponse>();
    const end = addMonths(t.time.now(), 3);
    expect(body.gift).toEqual({
      type: 'plan',
      itemName: 'Plan Premium',
      months: 3,
      endDate: end.toISOString(),
      packId: null,
    });
    expect(body.message).toBe(GIFT_MSG.redeemedPlan('Plan Premium', 3, '1 de septiembre de 2026'));
    expect(body.user.subscription).toMatchObject({
      hasActiveSubscription: true,
      isRecurring: false,
      planKey: 'premium',
      endDate: end.toISOString(),
      // The account page offers no renewal for it (nothing to charge).
      source: 'gift',
    });
    const sub = await subscriptionRow(t.database.db, user.id);
    expect(sub).toMatchObject({ isRecurring: false, provider: 'gift', planKey: 'premium' });

    // Nothing renews a gift: asking for renewal says so, and changes nothing.
    const resume = await t.app.inject({
      method: 'POST',
      url: '/api/subscriptions/resume',
      headers: await user.headers(),
    });
    expect(resume.statusCode).toBe(400);
    expect(resume.json().message).toBe(GIFT_MSG.resumeGift);
    expect(await subscriptionRow(t.database.db, user.id)).toMatchObject({ isRecurring: false });

    // The analysis of a VIP tip is now theirs to read.
    const tip = await t.app.inject({
      method: 'GET',
      url: `/api/tips/${t.premiumTipId}`,
      headers: await user.headers(),
    });
    expect(tip.statusCode).toBe(200);
    expect(tip.body).toContain('Análisis completo');
  });

  it('extends a running subscription by N months, keeping its renewal as it was', async () => {
    const user = await t.newUser({ subscriber: true });
    const before = await subscriptionRow(t.database.db, user.id);
    if (!before) throw new Error('no subscription');
    const res = await t.redeem(user, await planCode(2), freshIp());
    expect(res.statusCode, res.body).toBe(200);
    const after = await subscriptionRow(t.database.db, user.id);
    expect(after?.endDate.toISOString()).toBe(addMonths(before.endDate, 2).toISOString());
    expect(after).toMatchObject({
      isRecurring: true,
      provider: before.provider,
      providerSubscriptionId: before.providerSubscriptionId,
      planKey: before.planKey,
    });
    expect(res.json<TRedeemGiftCodeResponse>().message).toContain(
      'Tu suscripción se amplía 2 meses',
    );
  });

  it('replaces a subscription that ended with the gift, counted from now', async () => {
    const user = await t.newUser({ subscriber: true });
    await t.database.db
      .update(subscriptions)
      .set({ endDate: new Date(t.time.now().getTime() - 10 * DAY), isRecurring: false })
      .where(eq(subscriptions.userId, user.id));
    expect((await t.redeem(user, await planCode(1), freshIp())).statusCode).toBe(200);
    const after = await subscriptionRow(t.database.db, user.id);
    expect(after?.endDate.toISOString()).toBe(addMonths(t.time.now(), 1).toISOString());
    expect(after).toMatchObject({ isRecurring: false, provider: 'gift' });
  });

  it('records a completed zero-amount gift transaction that the verification totals leave out', async () => {
    const verification = createVerificationRepository(t.database.db);
    const source = createSimulatedDataSource(t.database.db, t.time.clock);
    const period = {
      start: new Date(t.time.now().getTime() - DAY),
      end: new Date(t.time.now().getTime() + DAY),
    };
    const totals = async () => ({
      simulated: await verification.localSales('simulated', period),
      stripe: await verification.localSales('stripe', period),
      sales: await source.salesActivity(period),
      balance: await source.balance(),
    });
    const before = await totals();
    const user = await t.newUser();
    expect((await t.redeem(user, await planCode(1), freshIp())).statusCode).toBe(200);
    expect((await t.redeem(user, await packCode(), freshIp())).statusCode).toBe(200);
    const rows = await t.database.db
      .select()
      .from(transactions)
      .where(eq(transactions.userId, user.id));
    expect(rows).toHaveLength(2);
    for (const row of rows) {
      expect(row).toMatchObject({
        amountCents: 0,
        status: 'completed',
        provider: 'gift',
        isRecurring: false,
      });
    }
    expect(await totals()).toEqual(before);
  });
});

describe('POST /api/gift-codes/redeem: packs', () => {
  it('adds the pack, with its tips, to the account', async () => {
    const user = await t.newUser();
    const res = await t.redeem(user, await packCode(), freshIp());
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<TRedeemGiftCodeResponse>()).toMatchObject({
      message: GIFT_MSG.redeemedPack('Pack Regalo'),
      gift: { type: 'pack', itemName: 'Pack Regalo', packId: t.packId, months: null },
    });
    const tip = await t.app.inject({
      method: 'GET',
      url: `/api/tips/${t.premiumTipId}`,
      headers: await user.headers(),
    });
    expect(tip.statusCode).toBe(200);
  });

  it('refuses a pack the person owns with 409, and the code stays unused for someone else', async () => {
    const user = await t.newUser();
    const ip = freshIp();
    expect((await t.redeem(user, await packCode(), ip)).statusCode).toBe(200);
    const code = await packCode();
    const res = await t.redeem(user, code, ip);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      code: 'PACK_ALREADY_PURCHASED',
      message: PAYMENT_MESSAGES.packAlreadyPurchased('Pack Regalo'),
    });
    const [row] = await stateOf(code);
    expect(row).toMatchObject({ redeemedAt: null, redeemedBy: null, transactionId: null });
    const purchases = await t.database.db
      .select()
      .from(packPurchases)
      .where(eq(packPurchases.userId, user.id));
    expect(purchases).toHaveLength(1);
    expect((await t.redeem(await t.newUser(), code, ip)).statusCode).toBe(200);
  });

  it('answers 410 for a pack deleted since the code was made', async () => {
    const [pack] = await t.database.db
      .insert(packs)
      .values({ nombre: 'Pack Efímero', descripcion: 'x', priceCents: 100 })
      .returning();
    const code = (await t.issue({ type: 'pack', packId: pack?.id, count: 1 })).codes[0] ?? '';
    await t.database.db.delete(packs).where(eq(packs.id, pack?.id ?? ''));
    const res = await t.redeem(await t.newUser(), code, freshIp());
    expect(res.statusCode).toBe(410);
    expect(res.json().code).toBe('GIFT_CODE_EXPIRED');
  });
});

describe('POST /api/gift-codes/redeem: the code itself', () => {
  it('reads the code in any case, with or without dashes and spaces', async () => {
    const ip = freshIp();
    for (const typed of [
      (c: string) => c.toLowerCase(),
      (c: string) => c.replaceAll('-', ''),
      (c: string) => ` ${c.replaceAll('-', ' ')} `,
      (c: string) => c.slice('MAGO-'.length).toLowerCase(),
    ]) {
      const code = await planCode(1);
      const res = await t.redeem(await t.newUser(), typed(code), ip);
      expect(res.statusCode, typed(code)).toBe(200);
    }
  });

  it('answers 404 GIFT_CODE_INVALID for an unknown or mistyped code, 400 for none', async () => {
    const user = await t.newUser();
    const ip = freshIp();
    for (const code of ['MAGO-0000-0000-0000-0000', 'MAGO-ABCD', 'hola', '💥'.repeat(10)]) {
      const res = await t.redeem(user, code, ip);
      expect(res.statusCode, code).toBe(404);
      expect(res.json()).toMatchObject({
        success: false,
        code: 'GIFT_CODE_INVALID',
        message: GIFT_MSG.invalid,
      });
    }
    for (const payload of [{}, { code: '' }, { code: 12 }, { code: 'x'.repeat(65) }]) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/gift-codes/redeem',
        headers: await user.headers(),
        payload,
        remoteAddress: ip,
      });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().code).toBe('VALIDATION_ERROR');
      expect(res.json().message).toMatch(/código de regalo/);
    }
  });

  it('answers 409 GIFT_CODE_USED the second time, even for the same person', async () => {
    const user = await t.newUser();
    const ip = freshIp();
    const code = await planCode(1);
    expect((await t.redeem(user, code, ip)).statusCode).toBe(200);
    for (const who of [user, await t.newUser()]) {
      const res = await t.redeem(who, code, ip);
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({ code: 'GIFT_CODE_USED', message: GIFT_MSG.used });
    }
  });

  it('answers 410 GIFT_CODE_EXPIRED once the expiry has passed, and not before', async () => {
    const expiresAt = new Date(t.time.now().getTime() + 2 * DAY).toISOString();
    const made = await t.issue({
      type: 'plan',
      planKey: t.planKey,
      months: 1,
      count: 2,
      expiresAt,
    });
    const ip = freshIp();
    expect((await t.redeem(await t.newUser(), made.codes[0] ?? '', ip)).statusCode).toBe(200);
    t.time.advance(2 * DAY);
    const res = await t.redeem(await t.newUser(), made.codes[1] ?? '', ip);
    expect(res.statusCode).toBe(410);
    expect(res.json()).toMatchObject({ code: 'GIFT_CODE_EXPIRED', message: GIFT_MSG.expired });
  });

  it('gives one success out of twenty concurrent redemptions of one code', async () => {
    const code = await planCode(1);
    const users = await Promise.all(Array.from({ length: 20 }, () => t.newUser()));
    const answers = await Promise.all(users.map((u, i) => t.redeem(u, code, `10.2.0.${i + 1}`)));
    const statuses = answers.map((a) => a.statusCode).sort();
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(19);
    const winner = users[answers.findIndex((a) => a.statusCode === 200)];
    const rows = await t.database.db
      .select()
      .from(transactions)
      .where(eq(transactions.provider, 'gift'));
    const subscribers = await Promise.all(users.map((u) => subscriptionRow(t.database.db, u.id)));
    expect(subscribers.filter((s) => s !== null)).toHaveLength(1);
    expect(rows.filter((r) => users.some((u) => u.id === r.userId))).toHaveLength(1);
    expect(rows.find((r) => r.userId === winner?.id)).toBeDefined();
  });
});
