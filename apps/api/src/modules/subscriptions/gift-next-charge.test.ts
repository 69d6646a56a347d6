import { and, eq, isNotNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paymentCalls } from '../../../test/payment-calls';
import {
  buildPaymentsApp,
  type PaymentsTestApp,
  planByKey,
  subscriptionOf,
} from '../../../test/payments';
import type { RecordedRequest, StripeDouble } from '../../../test/stripe-double';
import { jobs } from '../../db/schema';
import { issueGiftCodes } from '../gift-codes/issue-gift-codes';
import { NEXT_CHARGE_JOB } from './next-charge';

/** Issue 29 item 12 (decision 0086): a gift lengthens a Stripe subscription, and Stripe's next
 * charge moves with it (trial_end, no proration), through the durable job queue. */
let t: PaymentsTestApp;
let double: StripeDouble;
beforeAll(async () => {
  t = await buildPaymentsApp({ stripe: true });
  if (!t.double) throw new Error('no double');
  double = t.double;
});
afterAll(() => t.close());

const { user, subscribe, send } = paymentCalls(() => t);
type Buyer = Awaited<ReturnType<typeof user>>;
const HOUR = 3_600_000;

/** The same instant one calendar month later (the tests' dates are early in the month). */
const plusOneMonth = (d: Date) => {
  const next = new Date(d.getTime());
  next.setUTCMonth(next.getUTCMonth() + 1);
  return next;
};
const unix = (d: Date) => String(Math.floor(d.getTime() / 1000));

/** A premium subscriber through Stripe Checkout, whose Stripe period ends when ours does. */
async function stripeSubscriber() {
  const u = await user();
  const { sessionId } = await subscribe(u);
  const session = double.pay(sessionId);
  await send('checkout.session.completed', session);
  const row = await subscriptionOf(t.database.db, u.id);
  const subscriptionId = String(session.subscription);
  const sub = double.subscriptions.get(subscriptionId);
  if (!row || !sub || row.providerSubscriptionId !== subscriptionId) throw new Error('no sub');
  sub.periodEnd = Math.floor(row.endDate.getTime() / 1000);
  return { u, oldEnd: row.endDate, subscriptionId };
}

async function redeemOneMonth(u: Buyer) {
  const premium = await planByKey(t.database.db, 'premium');
  const { codes } = await issueGiftCodes(t.database.db, {
    grant: {
      type: 'plan',
      planId: premium.id,
      planKey: 'premium',
      planName: premium.name,
      months: 1,
    },
    count: 1,
    expiresAt: null,
    note: null,
    createdBy: null,
    now: t.time.now(),
  });
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/gift-codes/redeem',
    headers: await u.headers(),
    payload: { code: codes[0] },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().user.subscription as { endDate: string; nextChargeDate: string | null };
}

/** The user as the account page gets it (the client refreshes its session every 5 minutes). */
async function account(u: Buyer) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/auth/refresh',
    headers: await u.headers(),
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().user.subscription as {
    endDate: string;
    isRecurring: boolean;
    nextChargeDate: string | null;
  };
}

const updatesOf = (subscriptionId: string): RecordedRequest[] =>
  double.requests.filter(
    (r) => r.method === 'POST' && r.path === `/v1/subscriptions/${subscriptionId}`,
  );

describe('a gift redeemed on a Stripe subscription', () => {
  it("moves Stripe's next charge to the new end, without proration, and the account says so", async () => {
    const { u, oldEnd, subscriptionId } = await stripeSubscriber();
    const newEnd = plusOneMonth(oldEnd);

    const answered = await redeemOneMonth(u);
    expect(answered.endDate).toBe(newEnd.toISOString());
    // Stripe has not been asked yet: it still charges at the old end, and the answer says so.
    expect(answered.nextChargeDate).toBe(oldEnd.toISOString());

    await t.app.jobs.runDue();
    const updates = updatesOf(subscriptionId);
    expect(updates).toHaveLength(1);
    expect(updates[0]?.body).toEqual({ trial_end: unix(newEnd), proration_behavior: 'none' });
    // Stripe's own view: trialing until the new end, charging then.
    const sub = double.subscriptionJson(subscriptionId) as {
      status: string;
      items: { data: { current_period_end: number }[] };
    };
    expect(sub.status).toBe('trialing');
    expect(String(sub.items.data[0]?.current_period_end)).toBe(unix(newEnd));

    const after = await account(u);
    expect(after).toMatchObject({
      endDate: newEnd.toISOString(),
      isRecurring: true,
      nextChargeDate: newEnd.toISOString(),
    });
    // Run again: nothing more is asked of Stripe.
    await t.app.jobs.runDue();
    expect(updatesOf(subscriptionId)).toHaveLength(1);
  });

  it('keeps the gift while Stripe is down and moves the charge once Stripe answers', async () => {
    const { u, oldEnd, subscriptionId } = await stripeSubscriber();
    const newEnd = plusOneMonth(oldEnd);
    // The SDK retries a 500 itself; every one of its tries fails.
    double.control.failSubscriptionUpdates = 10;

    await redeemOneMonth(u);
    await t.app.jobs.runDue();
    const during = await account(u);
    expect(during.endDate).toBe(newEnd.toISOString());
    expect(during.nextChargeDate).toBe(oldEnd.toISOString());
    const [job] = await t.database.db
      .select()
      .from(jobs)
      .where(and(eq(jobs.kind, NEXT_CHARGE_JOB), isNotNull(jobs.lastError)));
    expect(job?.lastError).toBeTruthy();
    // The failure recorded names no key of ours.
    expect(job?.lastError ?? '').not.toContain(double.secretKey);

    double.control.failSubscriptionUpdates = 0;
    t.time.advance(2 * HOUR);
    await t.app.jobs.runDue();
    const last = updatesOf(subscriptionId).at(-1);
    expect(last?.body).toEqual({ trial_end: unix(newEnd), proration_behavior: 'none' });
    expect((await account(u)).nextChargeDate).toBe(newEnd.toISOString());
  });

  it('Stripe renews on its old date before it could be reached: the next charge moves a period on', async () => {
    const { u, oldEnd, subscriptionId } = await stripeSubscriber();
    double.control.failSubscriptionUpdates = 10;
    await redeemOneMonth(u);
    await t.app.jobs.runDue();
    // Stripe charges at its old date, the gift not yet followed: the renewal adds its month to
    // the gift's end, and Stripe's next charge is a month after the one it just made.
    t.time.set(new Date(oldEnd.getTime() + 60_000));
    const renewal = double.invoice(subscriptionId, 'subscription_cycle');
    await send('invoice.paid', renewal.json);
    const renewed = await account(u);
    expect(renewed.endDate).toBe(plusOneMonth(plusOneMonth(oldEnd)).toISOString());
    expect(renewed.nextChargeDate).toBe(plusOneMonth(oldEnd).toISOString());

    double.control.failSubscriptionUpdates = 0;
    t.time.advance(2 * HOUR);
    await t.app.jobs.runDue();
    expect(updatesOf(subscriptionId).at(-1)?.body.trial_end).toBe(
      unix(plusOneMonth(plusOneMonth(oldEnd))),
    );
    expect((await account(u)).nextChargeDate).toBe(renewed.endDate);
  });

  it('two gifts in a row: Stripe ends up at the latest end', async () => {
    const { u, oldEnd, subscriptionId } = await stripeSubscriber();
    await redeemOneMonth(u);
    const second = await redeemOneMonth(u);
    const twoMonths = plusOneMonth(plusOneMonth(oldEnd));
    expect(second.endDate).toBe(twoMonths.toISOString());
    expect(second.nextChargeDate).toBe(oldEnd.toISOString());
    await t.app.jobs.runDue();
    const last = updatesOf(subscriptionId).at(-1);
    expect(last?.body.trial_end).toBe(unix(twoMonths));
    expect((await account(u)).nextChargeDate).toBe(twoMonths.toISOString());
  });
});
