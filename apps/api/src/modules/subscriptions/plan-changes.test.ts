import { PERIOD_TEXT, PLAN_CHANGE_TEXT } from '@magotips/contracts/plan-periods';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearerAt, buildPaymentsApp, type PaymentsTestApp } from '../../../test/payments';
import { createTestUser } from '../../../test/users';
import { receipts, subscriptions, transactions } from '../../db/schema';
import { runPaymentMaintenance } from '../payments/payment-jobs';
import { prorate } from '../payments/proration';
import { addMonths } from './billing-period';

/** Yearly prices and plan changes on the simulated provider (issue 30 item 3, decisions 0099 and
 * 0100). The demo sells "Todos los tips VIP" at $19.99 a month or $179.99 a year, and "Packs VIP"
 * at $9.99 a month. Each test has its own buyer and moves the shared clock only forward. */

let t: PaymentsTestApp;
const DAY = 86_400_000;
const form = { 'content-type': 'application/x-www-form-urlencoded' };

beforeAll(async () => {
  t = await buildPaymentsApp({ stripe: false, start: new Date('2026-06-01T12:00:00Z') });
});
afterAll(() => t.close());

async function user() {
  const u = await createTestUser(t.database.db, { now: t.time.now() });
  return { ...u, headers: async () => bearerAt(t.database.db, u.id, t.time.now()) };
}
type U = Awaited<ReturnType<typeof user>>;

async function subscribe(u: U, plan: string, amount: number, yearly = false) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/subscriptions/create-payment-stripe',
    headers: await u.headers(),
    payload: {
      plan,
      amount,
      currency: 'USD',
      recurring: true,
      yearly,
      immediateAccessConsent: true,
    },
  });
  if (res.statusCode !== 201) return res;
  const url = new URL(res.json().payment.stripeCheckoutUrl as string);
  const pay = await t.app.inject({
    method: 'POST',
    url: `${url.pathname}/pay`,
    headers: form,
    payload: '',
  });
  expect(pay.statusCode, pay.body).toBe(303);
  return res;
}

async function me(u: U) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/auth/me_verify',
    headers: await u.headers(),
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().user.subscription as Record<string, unknown>;
}

const preview = async (u: U, plan: string, yearly = false) =>
  t.app.inject({
    method: 'POST',
    url: '/api/subscriptions/change/preview',
    headers: await u.headers(),
    payload: { plan, yearly },
  });

const confirm = async (u: U, changeId: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/subscriptions/change',
    headers: await u.headers(),
    payload: { changeId },
  });

const rowOf = async (u: U) => {
  const [row] = await t.database.db
    .select()
    .from(subscriptions)
    .where(eq(subscriptions.userId, u.id));
  if (!row) throw new Error('no subscription');
  return row;
};
const paymentsOf = (u: U) =>
  t.database.db.select().from(transactions).where(eq(transactions.userId, u.id));

describe('yearly prices', () => {
  it('a yearly checkout charges the yearly price and renews every 12 months', async () => {
    const u = await user();
    expect((await subscribe(u, 'premium', 179.99, true)).statusCode).toBe(201);
    const sub = await me(u);
    expect(sub).toMatchObject({
      hasActiveSubscription: true,
      planKey: 'premium',
      durationMonths: 12,
      isRecurring: true,
      nextChargeAmount: 179.99,
    });
    const [paid] = await paymentsOf(u);
    expect(paid).toMatchObject({ amountCents: 17999, durationMonths: 12, status: 'completed' });
    expect((await rowOf(u)).endDate.toISOString()).toBe('2027-06-01T12:00:00.000Z');
  });

  it('the amount must be the yearly price, and only a plan sold by the year is', async () => {
    const u = await user();
    const wrong = await subscribe(u, 'premium', 19.99, true);
    expect(wrong.statusCode).toBe(400);
    const notSold = await subscribe(u, 'basic', 9.99, true);
    expect(notSold.statusCode).toBe(400);
    expect(notSold.json().message).toBe(PERIOD_TEXT.notSoldYearly);
  });
});

describe('plan changes', () => {
  it('same period: the proration goes on the next charge, applied once', async () => {
    const u = await user();
    await subscribe(u, 'basic', 9.99);
    const row = await rowOf(u);
    t.time.set(new Date(row.endDate.getTime() - 20 * DAY));
    const quoted = await preview(u, 'premium');
    expect(quoted.statusCode, quoted.body).toBe(200);
    const q = quoted.json().data;
    const now = new Date(Math.floor(t.time.now().getTime() / 1000) * 1000);
    const expected = prorate({
      oldCents: 999,
      newCents: 1999,
      periodStart: addMonths(row.endDate, -1),
      periodEnd: row.endDate,
      at: now,
      newPeriod: false,
    });
    expect(expected.prorationCents).toBeGreaterThan(0);
    expect(q).toMatchObject({
      fromPlanName: 'Packs VIP',
      toPlanName: 'Todos los tips VIP',
      toDurationMonths: 1,
      periodAmount: 19.99,
      chargedNow: false,
      amountDueNow: 0,
      prorationAmount: expected.prorationCents / 100,
      nextChargeAmount: (1999 + expected.prorationCents) / 100,
      nextChargeDate: row.endDate.toISOString(),
    });
    // A preview changes nothing.
    expect(await me(u)).toMatchObject({ planKey: 'basic', grantsAllVipTips: false });

    const done = await confirm(u, q.changeId);
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().message).toBe(PLAN_CHANGE_TEXT.done('Todos los tips VIP'));
    expect(done.json().user.subscription).toMatchObject({
      planKey: 'premium',
      grantsAllVipTips: true,
      endDate: row.endDate.toISOString(),
      nextChargeAmount: (1999 + expected.prorationCents) / 100,
    });
    // Confirmed twice (a double click, a retry): the same answer, one change.
    const again = await confirm(u, q.changeId);
    expect(again.statusCode).toBe(200);
    expect((await paymentsOf(u)).filter((p) => p.periodCents !== null)).toHaveLength(1);

    // The next renewal charges the period plus the proration; the one after, the period.
    t.time.set(new Date(row.endDate.getTime() + 3_600_000));
    await runPaymentMaintenance(t.app.payments, t.database.db);
    const afterFirst = (await paymentsOf(u)).map((p) => p.amountCents).sort((a, b) => a - b);
    expect(afterFirst).toEqual([0, 999, 1999 + expected.prorationCents]);
    expect(await me(u)).toMatchObject({ nextChargeAmount: 19.99 });
    t.time.set(new Date((await rowOf(u)).endDate.getTime() + 3_600_000));
    await runPaymentMaintenance(t.app.payments, t.database.db);
    const amounts = (await paymentsOf(u)).map((p) => p.amountCents);
    expect(amounts.filter((a) => a === 1999)).toHaveLength(1);
  });

  it('monthly to yearly: a new period starts today, charged today less the unused days', async () => {
    const u = await user();
    await subscribe(u, 'premium', 19.99);
    const row = await rowOf(u);
    t.time.set(new Date(row.endDate.getTime() - 20 * DAY));
    const quoted = await preview(u, 'premium', true);
    expect(quoted.statusCode, quoted.body).toBe(200);
    const q = quoted.json().data;
    const now = new Date(Math.floor(t.time.now().getTime() / 1000) * 1000);
    const { prorationCents: credit } = prorate({
      oldCents: 1999,
      newCents: 17999,
      periodStart: addMonths(row.endDate, -1),
      periodEnd: row.endDate,
      at: now,
      newPeriod: true,
    });
    expect(credit).toBeLessThan(0);
    expect(q).toMatchObject({
      chargedNow: true,
      toDurationMonths: 12,
      periodAmount: 179.99,
      prorationAmount: credit / 100,
      amountDueNow: (17999 + credit) / 100,
      nextChargeAmount: 179.99,
    });
    const done = await confirm(u, q.changeId);
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().user.subscription).toMatchObject({ durationMonths: 12 });
    const sub = await rowOf(u);
    expect(sub.endDate.toISOString()).toBe(addMonths(now, 12).toISOString());
    // What it charged today is a payment with its receipt.
    const change = (await paymentsOf(u)).find((p) => p.periodCents === 17999);
    expect(change).toMatchObject({ amountCents: 17999 + credit, status: 'completed' });
    const receipt = await t.database.db
      .select()
      .from(receipts)
      .where(eq(receipts.transactionId, change?.id ?? ''));
    expect(receipt).toHaveLength(1);
  });

  it('refuses what cannot be changed, in Spanish', async () => {
    const none = await user();
    expect((await preview(none, 'premium')).json().message).toBe(PLAN_CHANGE_TEXT.noSubscription);

    const u = await user();
    await subscribe(u, 'basic', 9.99);
    const same = await preview(u, 'basic');
    expect(same.statusCode).toBe(400);
    expect(same.json().message).toBe(PLAN_CHANGE_TEXT.samePlan);
    expect((await preview(u, 'basic', true)).json().message).toBe(PERIOD_TEXT.notSoldYearly);
    expect((await preview(u, 'no-such-plan')).statusCode).toBe(404);
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/subscriptions/change/preview',
      headers: await u.headers(),
      payload: { plan: '' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('Selecciona un plan');

    // Another person's quote, and one older than 15 minutes, are refused.
    const q = (await preview(u, 'premium')).json().data;
    const other = await user();
    expect((await confirm(other, q.changeId)).statusCode).toBe(409);
    t.time.set(new Date(t.time.now().getTime() + 16 * 60_000));
    const late = await confirm(u, q.changeId);
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe(PLAN_CHANGE_TEXT.expired);
    expect(await me(u)).toMatchObject({ planKey: 'basic' });
  });

  it('quotes share the checkout budget: 10 a minute per person, then a Spanish 429', async () => {
    const u = await user();
    await subscribe(u, 'basic', 9.99);
    const codes: number[] = [];
    for (let i = 0; i < 10; i += 1) codes.push((await preview(u, 'premium')).statusCode);
    // The checkout opened above was the first of the ten.
    expect(codes.slice(0, 9)).toEqual(Array(9).fill(200));
    expect(codes[9]).toBe(429);
    expect((await preview(u, 'premium')).json().message).toMatch(/^Demasiad/);
  });

  it('a quote made before another change is computed again', async () => {
    const u = await user();
    await subscribe(u, 'basic', 9.99);
    const first = (await preview(u, 'premium')).json().data;
    const second = (await preview(u, 'premium', true)).json().data;
    t.time.set(new Date(t.time.now().getTime() + 1000));
    expect((await confirm(u, second.changeId)).statusCode).toBe(200);
    const stale = await confirm(u, first.changeId);
    expect(stale.statusCode).toBe(409);
    expect(await me(u)).toMatchObject({ durationMonths: 12 });
  });
});
