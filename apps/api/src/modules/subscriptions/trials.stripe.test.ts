import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paymentCalls } from '../../../test/payment-calls';
import {
  buildPaymentsApp,
  type PaymentsTestApp,
  subscriptionOf,
  transactionRow,
} from '../../../test/payments';
import type { StripeDouble } from '../../../test/stripe-double';
import { transactions } from '../../db/schema';

/** Free trials on Stripe (decision 0098), against the Stripe double: Checkout gets
 * `subscription_data[trial_period_days]`, the $0 start is accepted, and the first charge at the
 * trial's end renews at the plan's price. */

let t: PaymentsTestApp;
let double: StripeDouble;
const DAY = 86_400_000;
const { user, subscribe, send } = paymentCalls(() => t);

beforeAll(async () => {
  t = await buildPaymentsApp({ stripe: true, trials: true });
  if (!t.double) throw new Error('no double');
  double = t.double;
});
afterAll(() => t.close());

const checkoutBodies = () =>
  double.requests.filter((r) => r.method === 'POST' && r.path === '/v1/checkout/sessions');

describe('a free trial on Stripe', () => {
  it('sends trial_period_days to Checkout, starts trialing at $0, then renews at the price', async () => {
    const u = await user();
    const before = checkoutBodies().length;
    const { transactionId, sessionId } = await subscribe(u);
    const body = checkoutBodies()[before]?.body ?? {};
    expect(body['subscription_data[trial_period_days]']).toBe('7');
    expect(body['line_items[0][price_data][unit_amount]']).toBe('1999');
    expect(body.mode).toBe('subscription');

    const session = double.pay(sessionId);
    expect(session).toMatchObject({ amount_total: 0, payment_status: 'no_payment_required' });
    const subscriptionId = String(session.subscription);
    await send('checkout.session.completed', session);
    await send('invoice.paid', double.invoice(subscriptionId, 'subscription_create').json);
    expect(await transactionRow(t.database.db, transactionId)).toMatchObject({
      status: 'completed',
      amountCents: 0,
      trialDays: 7,
    });
    const sub = await subscriptionOf(t.database.db, u.id);
    const trialEnd = t.time.now().getTime() + 7 * DAY;
    expect(sub?.trialEndsAt?.getTime()).toBe(trialEnd);
    expect(sub?.endDate.getTime()).toBe(trialEnd);

    const now = t.time.now();
    t.time.set(new Date(trialEnd + 60_000));
    try {
      const renewal = double.invoice(subscriptionId, 'subscription_cycle');
      await send('invoice.paid', renewal.json);
      await send('invoice.paid', renewal.json);
      const rows = await t.database.db
        .select()
        .from(transactions)
        .where(
          and(eq(transactions.userId, u.id), eq(transactions.providerInvoiceId, renewal.json.id)),
        );
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ status: 'completed', amountCents: 1999 });
      const renewed = await subscriptionOf(t.database.db, u.id);
      expect(renewed?.endDate.getTime()).toBeGreaterThan(trialEnd + 27 * DAY);
    } finally {
      t.time.set(now);
    }
  });

  it('checks out without a trial for someone who already had one', async () => {
    const u = await user();
    const first = await subscribe(u);
    await send('checkout.session.completed', double.pay(first.sessionId));
    const cancel = await t.app.inject({
      method: 'POST',
      url: '/api/subscriptions/cancel',
      headers: await u.headers(),
    });
    expect(cancel.statusCode, cancel.body).toBe(200);
    const now = t.time.now();
    t.time.set(new Date(now.getTime() + 8 * DAY));
    try {
      const before = checkoutBodies().length;
      const { transactionId } = await subscribe(u);
      const body = checkoutBodies()[before]?.body ?? {};
      expect(body['subscription_data[trial_period_days]']).toBeUndefined();
      expect(await transactionRow(t.database.db, transactionId)).toMatchObject({
        amountCents: 1999,
        trialDays: null,
        trialThenCents: null,
      });
    } finally {
      t.time.set(now);
    }
  });
});
