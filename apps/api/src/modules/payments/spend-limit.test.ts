import { randomUUID } from 'node:crypto';
import { SPEND_LIMIT_TEXT } from '@magotips/contracts/spend-limit';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { paymentCalls } from '../../../test/payment-calls';
import { buildPaymentsApp, type PaymentsTestApp } from '../../../test/payments';
import type { StripeDouble } from '../../../test/stripe-double';
import { transactions } from '../../db/schema';
import { GIFT_PROVIDER } from '../users/gift-provider';

// Issue 32 item 4 (decision 0113): the monthly spend limit, its 72 hours before loosening,
// and the 409 SPEND_LIMIT every new checkout gets before Stripe hears of it.

let t: PaymentsTestApp;
let double: StripeDouble;
const HOUR = 3_600_000;
const START = new Date('2026-06-10T12:00:00Z');
beforeAll(async () => {
  t = await buildPaymentsApp({ stripe: true, start: START });
  if (!t.double) throw new Error('no double');
  double = t.double;
});
afterAll(() => t.close());

const { user } = paymentCalls(() => t);
type U = Awaited<ReturnType<typeof user>>;

async function put(u: U, monthlyLimit: unknown) {
  return t.app.inject({
    method: 'PUT',
    url: '/api/account/spend-limit',
    headers: await u.headers(),
    payload: { monthlyLimit },
  });
}
async function read(u: U) {
  const res = await t.app.inject({
    method: 'GET',
    url: '/api/account/spend-limit',
    headers: await u.headers(),
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().spendLimit;
}
/** A charge of `cents` the user paid at `at` (a pack, a renewal…), as fulfilment records it. */
async function charged(u: U, cents: number, at = t.time.now(), provider = 'stripe') {
  const [row] = await t.database.db
    .insert(transactions)
    .values({
      userId: u.id,
      kind: 'pack',
      packId: t.ids.packPast,
      itemName: 'Pack Clásicos de la Semana Pasada',
      amountCents: cents,
      status: 'completed',
      provider,
      providerSessionId: `cs_test_spent_${randomUUID().replaceAll('-', '')}`,
      completedAt: at,
    })
    .returning({ id: transactions.id });
  return row?.id ?? '';
}
async function buy(u: U, url = '/api/packs/create-payment-stripe', body?: object) {
  return t.app.inject({
    method: 'POST',
    url,
    headers: await u.headers(),
    payload: body ?? {
      packId: t.ids.packEurope,
      amount: 19.99,
      currency: 'USD',
      immediateAccessConsent: true,
    },
  });
}

describe('setting the limit', () => {
  it('starts without a limit, and a first limit applies at once', async () => {
    const u = await user();
    expect(await read(u)).toEqual({
      monthlyLimit: null,
      pendingLimit: null,
      pendingFrom: null,
      spentThisMonth: 0,
      left: null,
    });
    const res = await put(u, 50);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      message: SPEND_LIMIT_TEXT.saved,
      spendLimit: { monthlyLimit: 50, pendingLimit: null, left: 50 },
    });
  });

  it('lowers at once, and raises only after 72 hours on the test clock', async () => {
    const u = await user();
    await put(u, 50);
    const lowered = await put(u, '30,50');
    expect(lowered.json()).toMatchObject({
      message: SPEND_LIMIT_TEXT.lowered,
      spendLimit: { monthlyLimit: 30.5 },
    });
    const asked = t.time.now();
    const raised = await put(u, 80);
    expect(raised.statusCode, raised.body).toBe(200);
    const from = new Date(asked.getTime() + 72 * HOUR).toISOString();
    expect(raised.json().message).toContain('Por tu protección, el cambio se aplicará el');
    expect(raised.json().spendLimit).toMatchObject({
      monthlyLimit: 30.5,
      pendingLimit: 80,
      pendingFrom: from,
    });
    t.time.advance(72 * HOUR - 60_000);
    expect(await read(u)).toMatchObject({ monthlyLimit: 30.5, pendingLimit: 80 });
    t.time.advance(60_000);
    expect(await read(u)).toMatchObject({
      monthlyLimit: 80,
      pendingLimit: null,
      pendingFrom: null,
    });
  });

  it('takes a lower limit at once over a raise still waiting, which is dropped', async () => {
    const u = await user();
    await put(u, 40);
    await put(u, 90);
    expect((await put(u, 20)).json().spendLimit).toMatchObject({
      monthlyLimit: 20,
      pendingLimit: null,
      pendingFrom: null,
    });
  });

  it('removes the limit like a raise: after 72 hours', async () => {
    const u = await user();
    await put(u, 40);
    const res = await put(u, null);
    expect(res.json().message).toContain('Has pedido quitar tu límite');
    expect(res.json().spendLimit).toMatchObject({ monthlyLimit: 40, pendingLimit: null });
    expect(res.json().spendLimit.pendingFrom).not.toBeNull();
    t.time.advance(71 * HOUR);
    expect((await read(u)).monthlyLimit).toBe(40);
    t.time.advance(HOUR);
    expect(await read(u)).toMatchObject({ monthlyLimit: null, left: null, pendingFrom: null });
  });

  it.each([
    [-5, SPEND_LIMIT_TEXT.positive],
    [0, SPEND_LIMIT_TEXT.positive],
    [12.505, SPEND_LIMIT_TEXT.decimals],
    ['12,5055', SPEND_LIMIT_TEXT.decimals],
    ['12,505', SPEND_LIMIT_TEXT.thousands],
    ['1.250,00', SPEND_LIMIT_TEXT.thousands],
    [20_000, SPEND_LIMIT_TEXT.tooHigh],
    ['20000', SPEND_LIMIT_TEXT.tooHigh],
    ['abc', SPEND_LIMIT_TEXT.positive],
    [undefined, SPEND_LIMIT_TEXT.required],
  ])('refuses %s with a Spanish 400', async (value, message) => {
    const u = await user();
    const res = await put(u, value);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().message).toBe(message);
  });
});

describe('what the month has spent', () => {
  it('counts this month in UTC, not the last one, refunds or gifts received', async () => {
    const u = await user();
    await put(u, 100);
    const now = t.time.now();
    const monthStart = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
    await charged(u, 1000, new Date(monthStart.getTime() - 1));
    await charged(u, 1250, monthStart);
    const refunded = await charged(u, 500);
    await charged(u, 0, now, GIFT_PROVIDER);
    expect(await read(u)).toMatchObject({ spentThisMonth: 17.5, left: 82.5 });
    await t.database.db
      .update(transactions)
      .set({ status: 'refunded' })
      .where(eq(transactions.id, refunded));
    expect(await read(u)).toMatchObject({ spentThisMonth: 12.5, left: 87.5 });
  });
});

describe('a purchase against the limit', () => {
  // The demo's packs are on sale for its first days: each purchase starts back there.
  beforeEach(() => t.time.set(START));

  it('is a 409 SPEND_LIMIT with what is left, before any call to Stripe', async () => {
    const u = await user();
    await put(u, 25);
    await charged(u, 1000);
    const calls = double.requests.length;
    const res = await buy(u);
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json()).toMatchObject({
      code: 'SPEND_LIMIT',
      message: 'Esta compra supera tu límite mensual de gasto. Te quedan $15.00 USD este mes.',
    });
    expect(double.requests.length).toBe(calls);
    const rows = await t.database.db
      .select()
      .from(transactions)
      .where(eq(transactions.userId, u.id));
    expect(rows).toHaveLength(1);
  });

  it('passes exactly at the limit; the open checkout then counts against the next', async () => {
    const u = await user();
    await put(u, 29.99);
    await charged(u, 1000);
    const res = await buy(u);
    expect(res.statusCode, res.body).toBe(201);
    const next = await buy(u, '/api/packs/create-payment-stripe', {
      packId: t.ids.packUsa,
      amount: 14.99,
      currency: 'USD',
      immediateAccessConsent: true,
    });
    expect(next.statusCode, next.body).toBe(409);
    expect(next.json().message).toBe(
      'Esta compra supera tu límite mensual de gasto. Ya has alcanzado tu límite este mes.',
    );
  });

  it('gets its room back from a refund', async () => {
    const u = await user();
    await put(u, 25);
    const paid = await charged(u, 1000);
    expect((await buy(u)).statusCode).toBe(409);
    await t.database.db
      .update(transactions)
      .set({ status: 'refunded' })
      .where(eq(transactions.id, paid));
    expect((await buy(u)).statusCode).toBe(201);
  });

  it('refuses a subscription and a gift the same way', async () => {
    const u = await user();
    await put(u, 5);
    const sub = await buy(u, '/api/subscriptions/create-payment-stripe', {
      plan: 'premium',
      amount: 19.99,
      currency: 'USD',
      immediateAccessConsent: true,
      recurring: true,
    });
    expect(sub.statusCode, sub.body).toBe(409);
    expect(sub.json().code).toBe('SPEND_LIMIT');
    const gift = await buy(u, '/api/gifts/create-payment-stripe', {
      type: 'plan',
      planKey: 'premium',
      months: 1,
      immediateAccessConsent: true,
    });
    expect(gift.statusCode, gift.body).toBe(409);
    expect(gift.json().message).toContain('Te quedan $5.00 USD este mes.');
  });

  it('applies a raise to purchases only once its 72 hours are over', async () => {
    const u = await user();
    await put(u, 10);
    await put(u, 50);
    const premium = {
      plan: 'premium',
      amount: 19.99,
      currency: 'USD',
      immediateAccessConsent: true,
      recurring: true,
    };
    const url = '/api/subscriptions/create-payment-stripe';
    expect((await buy(u, url, premium)).statusCode).toBe(409);
    t.time.advance(72 * HOUR - 1000);
    expect((await buy(u, url, premium)).statusCode).toBe(409);
    t.time.advance(1000);
    const res = await buy(u, url, premium);
    expect(res.statusCode, res.body).toBe(201);
  });
});
