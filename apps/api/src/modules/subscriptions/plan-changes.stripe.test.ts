import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Buyer, paymentCalls } from '../../../test/payment-calls';
import { buildPaymentsApp, type PaymentsTestApp } from '../../../test/payments';
import type { StripeDouble } from '../../../test/stripe-double';
import { subscriptions, transactions } from '../../db/schema';

/** Plan changes at Stripe (issue 30 item 3, decision 0100), against the Stripe double: the
 * preview is Stripe's upcoming invoice with create_prorations and a fixed proration date, the
 * update uses the same date once, and events in any order or twice change nothing twice.
 * The double keeps Stripe's periods by the wall clock, so this app's clock starts there. */
let t: PaymentsTestApp;
let double: StripeDouble;
const DAY = 86_400_000;

beforeAll(async () => {
  t = await buildPaymentsApp({ stripe: true, start: new Date() });
  if (!t.double) throw new Error('no double');
  double = t.double;
});
afterAll(() => t.close());

const { user, checkout, send, deliver } = paymentCalls(() => t);

async function subscriber(u: Buyer, plan: string, amount: number): Promise<string> {
  const { sessionId } = await checkout(
    u,
    { plan, amount, currency: 'USD', recurring: true, immediateAccessConsent: true },
    '/api/subscriptions/create-payment-stripe',
  );
  const session = double.pay(sessionId);
  await send('checkout.session.completed', session);
  return String(session.subscription);
}

const post = async (u: Buyer, url: string, payload: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url, headers: await u.headers(), payload });

const rowOf = async (u: Buyer) => {
  const [row] = await t.database.db
    .select()
    .from(subscriptions)
    .where(eq(subscriptions.userId, u.id));
  if (!row) throw new Error('no subscription');
  return row;
};
const changesOf = async (u: Buyer) =>
  (await t.database.db.select().from(transactions).where(eq(transactions.userId, u.id))).filter(
    (tx) => tx.periodCents !== null,
  );

/** Ten days into the double's period (our clock: whole seconds, as proration_date is). */
function tenDaysIn(subscriptionId: string): number {
  const sub = double.subscriptions.get(subscriptionId);
  if (!sub) throw new Error('no double subscription');
  const at = sub.periodStart + 10 * 86_400;
  t.time.set(new Date(at * 1000));
  return at;
}

describe('yearly checkout at Stripe', () => {
  it('opens Checkout with the yearly price, renewing every 12 months', async () => {
    const u = await user();
    const { sessionId } = await checkout(
      u,
      {
        plan: 'premium',
        amount: 179.99,
        currency: 'USD',
        recurring: true,
        yearly: true,
        immediateAccessConsent: true,
      },
      '/api/subscriptions/create-payment-stripe',
    );
    expect(double.sessions.get(sessionId)?.body).toMatchObject({
      mode: 'subscription',
      'line_items[0][price_data][unit_amount]': '17999',
      'line_items[0][price_data][recurring][interval]': 'month',
      'line_items[0][price_data][recurring][interval_count]': '12',
    });
  });
});

describe('plan change at Stripe, same period', () => {
  it('previews Stripe prorations, applies them once with the same date, and the renewal carries them', async () => {
    const u = await user();
    const subscriptionId = await subscriber(u, 'basic', 9.99);
    const at = tenDaysIn(subscriptionId);
    const sub = double.subscriptions.get(subscriptionId);
    if (!sub) throw new Error('no sub');
    const share = (sub.periodEnd - at) / (sub.periodEnd - sub.periodStart);
    const proration = -Math.round(999 * share) + Math.round(1999 * share);

    const quoted = await post(u, '/api/subscriptions/change/preview', { plan: 'premium' });
    expect(quoted.statusCode, quoted.body).toBe(200);
    const q = quoted.json().data;
    expect(q).toMatchObject({
      chargedNow: false,
      amountDueNow: 0,
      prorationAmount: proration / 100,
      nextChargeAmount: (1999 + proration) / 100,
    });
    const previewCall = double.requests.find((r) => r.path === '/v1/invoices/create_preview');
    expect(previewCall?.body).toMatchObject({
      subscription: subscriptionId,
      'subscription_details[items][0][id]': sub.itemId,
      'subscription_details[proration_behavior]': 'create_prorations',
      'subscription_details[proration_date]': String(at),
    });

    // The answer to the update is lost: Stripe changed the subscription, we could not know.
    double.control.loseSubscriptionUpdateAnswers = 1;
    const lost = await post(u, '/api/subscriptions/change', { changeId: q.changeId });
    expect(lost.statusCode).toBe(502);
    expect((await rowOf(u)).planKey).toBe('basic');
    // Stripe's event brings it in, once, however often it comes.
    const updated = double.subscriptionJson(subscriptionId);
    expect(updated.metadata).toMatchObject({ planChangeId: q.changeId });
    await send('customer.subscription.updated', updated);
    await send('customer.subscription.updated', updated);
    expect(await rowOf(u)).toMatchObject({ planKey: 'premium', grantsAllVipTips: true });
    // The buyer confirms again: the same answer, no second change at Stripe or here.
    const again = await post(u, '/api/subscriptions/change', { changeId: q.changeId });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().user.subscription).toMatchObject({ planKey: 'premium' });
    const updates = double.requests.filter(
      (r) => r.path === `/v1/subscriptions/${subscriptionId}` && r.body['items[0][id]'],
    );
    expect(new Set(updates.map((r) => r.idempotencyKey)).size).toBe(1);
    expect(updates[0]?.body).toMatchObject({
      'items[0][id]': sub.itemId,
      proration_behavior: 'create_prorations',
      proration_date: String(at),
      'metadata[planChangeId]': q.changeId,
    });
    expect(await changesOf(u)).toHaveLength(1);

    // The renewal's invoice holds the period and the prorations: accepted, one period more.
    const before = (await rowOf(u)).endDate.getTime();
    const renewal = double.invoice(subscriptionId, 'subscription_cycle');
    expect(renewal.json.total).toBe(1999 + proration);
    await send('invoice.paid', renewal.json);
    await send('invoice.paid', renewal.json);
    const renewed = await rowOf(u);
    expect(renewed.endDate.getTime()).toBeGreaterThan(before + 27 * DAY);
    expect(renewed.pendingAdjustmentCents).toBe(0);
    const paid = await t.database.db
      .select()
      .from(transactions)
      .where(eq(transactions.providerInvoiceId, String(renewal.json.id)));
    expect(paid).toHaveLength(1);
    expect(paid[0]).toMatchObject({ amountCents: 1999 + proration, planKey: 'premium' });
    // The next one is the plain period again.
    const next = double.invoice(subscriptionId, 'subscription_cycle');
    expect(next.json.total).toBe(1999);
    await send('invoice.paid', next.json);
    expect((await rowOf(u)).endDate.getTime()).toBeGreaterThan(renewed.endDate.getTime());
  });
});

describe('plan change at Stripe, another period', () => {
  it('monthly to yearly starts a new period, charged at once; its invoice is no renewal', async () => {
    const u = await user();
    const subscriptionId = await subscriber(u, 'premium', 19.99);
    const at = tenDaysIn(subscriptionId);
    const sub = double.subscriptions.get(subscriptionId);
    if (!sub) throw new Error('no sub');
    const credit = -Math.round((1999 * (sub.periodEnd - at)) / (sub.periodEnd - sub.periodStart));

    const q = (
      await post(u, '/api/subscriptions/change/preview', { plan: 'premium', yearly: true })
    ).json().data;
    expect(q).toMatchObject({
      chargedNow: true,
      toDurationMonths: 12,
      amountDueNow: (17999 + credit) / 100,
      nextChargeAmount: 179.99,
    });
    const done = await post(u, '/api/subscriptions/change', { changeId: q.changeId });
    expect(done.statusCode, done.body).toBe(200);
    const row = await rowOf(u);
    expect(row.durationMonths).toBe(12);
    const end = row.endDate.getTime();

    const invoice = double.updateInvoice(subscriptionId);
    expect(invoice).toMatchObject({ billing_reason: 'subscription_update', total: 17999 + credit });
    const delivery = double.event('invoice.paid', invoice);
    expect((await deliver(delivery)).statusCode).toBe(200);
    expect((await deliver(delivery)).statusCode).toBe(200);
    expect((await rowOf(u)).endDate.getTime()).toBe(end);
    const [change] = await changesOf(u);
    expect(change).toMatchObject({
      amountCents: 17999 + credit,
      providerInvoiceId: invoice.id,
      durationMonths: 12,
    });
    // A later renewal is checked against the yearly price.
    const renewal = double.invoice(subscriptionId, 'subscription_cycle');
    await send('invoice.paid', renewal.json);
    expect((await rowOf(u)).endDate.getTime()).toBeGreaterThan(end + 300 * DAY);
  });

  it('an invoice of a change not yet recorded is answered 500, so Stripe sends it again', async () => {
    const u = await user();
    const subscriptionId = await subscriber(u, 'premium', 19.99);
    tenDaysIn(subscriptionId);
    const q = (
      await post(u, '/api/subscriptions/change/preview', { plan: 'premium', yearly: true })
    ).json().data;
    double.control.loseSubscriptionUpdateAnswers = 1;
    expect((await post(u, '/api/subscriptions/change', { changeId: q.changeId })).statusCode).toBe(
      502,
    );
    const early = double.event('invoice.paid', double.updateInvoice(subscriptionId));
    expect((await deliver(early)).statusCode).toBe(500);
    await send('customer.subscription.updated', double.subscriptionJson(subscriptionId));
    expect((await deliver(early)).statusCode).toBe(200);
    const [change] = await changesOf(u);
    expect(change?.providerInvoiceId).not.toBeNull();
    expect((await rowOf(u)).durationMonths).toBe(12);
  });
});
