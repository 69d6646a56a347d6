import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeMail, readOutbox } from '../../../test/mail';
import { buildPaymentsApp, type PaymentsTestApp, subscriptionOf } from '../../../test/payments';
import { type Buyer, paymentCalls } from '../../../test/payment-calls';
import type { StripeDouble } from '../../../test/stripe-double';
import { subscriptions } from '../../db/schema';

/** Issue 30 item 4 (decision 0095): failed renewals, Stripe giving up, and yearly notices, with
 * the Stripe double signing every event with the SDK's helper. */
let t: PaymentsTestApp;
let double: StripeDouble;

beforeAll(async () => {
  t = await buildPaymentsApp({ stripe: true });
  if (!t.double) throw new Error('no double');
  double = t.double;
});
afterAll(() => t.close());

const { user, subscribe, deliver, send } = paymentCalls(() => t);
const unix = (iso: string) => Math.floor(new Date(iso).getTime() / 1000);
/** The period paid at checkout (2026-06-01) ends on 2026-07-01 at 12:00. */
const AFTER_END = new Date('2026-07-01T13:00:00Z');
const RETRY = '2026-07-04T13:00:00.000Z';

async function subscriber(u: Buyer) {
  const { sessionId } = await subscribe(u);
  const session = double.pay(sessionId);
  await send('checkout.session.completed', session);
  return String(session.subscription);
}

async function mailsTo(u: Buyer, text: string) {
  await t.app.jobs.runDue();
  return readOutbox(t.dataDir).filter(
    (m) => m.raw.includes(u.email) && decodeMail(m.raw).includes(text),
  );
}

async function account(u: Buyer) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/auth/me_verify',
    headers: await u.headers(),
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().user.subscription as Record<string, unknown>;
}

/** Runs `fn` with the clock past the end of the first period, then puts it back. */
async function afterTheEnd(fn: () => Promise<void>) {
  const start = t.time.now();
  t.time.set(AFTER_END);
  try {
    await fn();
  } finally {
    t.time.set(start);
  }
}

describe('invoice.payment_failed, then Stripe gives up', () => {
  it('e-mails once, keeps access with "Pago pendiente" and the next attempt; the deletion ends access with one e-mail', async () => {
    const u = await user();
    const subscriptionId = await subscriber(u);
    await afterTheEnd(async () => {
      const failed = double.invoice(subscriptionId, 'subscription_cycle', {
        paid: false,
        nextPaymentAttempt: unix(RETRY),
      });
      const delivery = double.event('invoice.payment_failed', failed.json);
      expect((await deliver(delivery)).statusCode).toBe(200);
      expect((await deliver(delivery)).statusCode).toBe(200);

      const failedMails = await mailsTo(u, 'No pudimos cobrar');
      expect(failedMails).toHaveLength(1);
      const text = decodeMail(failedMails[0]?.raw ?? '');
      expect(text).toContain('4 de julio de 2026');
      expect(text).toContain('/panel/cuenta');
      expect(await account(u)).toMatchObject({
        hasActiveSubscription: true,
        paymentPending: true,
        nextPaymentAttempt: RETRY,
        daysRemaining: -1,
      });

      const deleted = double.deleteSubscription(subscriptionId, 'payment_failed');
      await send('customer.subscription.deleted', deleted);
      await send('customer.subscription.deleted', deleted);
      expect(await mailsTo(u, 'ha terminado')).toHaveLength(1);
      expect(await mailsTo(u, 'No pudimos cobrar')).toHaveLength(1);
      expect(await account(u)).toMatchObject({
        hasActiveSubscription: false,
        paymentPending: false,
        nextPaymentAttempt: null,
        isRecurring: false,
      });
    });
  });

  it('keeps access past the grace while Stripe retries, and refuses a second subscription meanwhile', async () => {
    const u = await user();
    const subscriptionId = await subscriber(u);
    await afterTheEnd(async () => {
      const failed = double.invoice(subscriptionId, 'subscription_cycle', {
        paid: false,
        nextPaymentAttempt: unix(RETRY),
      });
      await send('invoice.payment_failed', failed.json);
      // Four days after the period's end: past the 3-day grace, before the retry's grace ends.
      t.time.set(new Date('2026-07-05T13:00:00Z'));
      expect(await account(u)).toMatchObject({ hasActiveSubscription: true, paymentPending: true });
      const again = await t.app.inject({
        method: 'POST',
        url: '/api/subscriptions/create-payment-stripe',
        headers: await u.headers(),
        payload: {
          plan: 'premium',
          amount: 19.99,
          currency: 'USD',
          recurring: true,
          immediateAccessConsent: true,
        },
      });
      expect(again.statusCode).toBe(409);
      expect(again.json().code).toBe('ACTIVE_SUBSCRIPTION');
      // Past the last attempt's grace, with no word from Stripe: access ends.
      t.time.set(new Date('2026-07-07T14:00:00Z'));
      expect(await account(u)).toMatchObject({ hasActiveSubscription: false });
    });
  });

  it('changes nothing when the failure arrives after the deletion', async () => {
    const u = await user();
    const subscriptionId = await subscriber(u);
    await afterTheEnd(async () => {
      const failed = double.invoice(subscriptionId, 'subscription_cycle', {
        paid: false,
        nextPaymentAttempt: unix(RETRY),
      });
      await send(
        'customer.subscription.deleted',
        double.deleteSubscription(subscriptionId, 'payment_failed'),
      );
      await send('invoice.payment_failed', failed.json);
      expect(await mailsTo(u, 'No pudimos cobrar')).toHaveLength(0);
      expect(await mailsTo(u, 'ha terminado')).toHaveLength(1);
      expect(await account(u)).toMatchObject({
        hasActiveSubscription: false,
        paymentPending: false,
      });
    });
  });

  it('clears "Pago pendiente" when a retry is paid, and a late copy of the failure changes nothing', async () => {
    const u = await user();
    const subscriptionId = await subscriber(u);
    await afterTheEnd(async () => {
      const failed = double.invoice(subscriptionId, 'subscription_cycle', {
        paid: false,
        nextPaymentAttempt: unix(RETRY),
      });
      await send('invoice.payment_failed', failed.json);
      const paid = double.retryInvoice(failed.json.id, { paid: true });
      await send('invoice.paid', paid);
      expect(await account(u)).toMatchObject({
        hasActiveSubscription: true,
        paymentPending: false,
        isRecurring: true,
      });
      // The same failure told again (another event id, Stripe's redelivery after a timeout).
      await send('invoice.payment_failed', failed.json);
      expect(await account(u)).toMatchObject({ paymentPending: false });
      expect(await mailsTo(u, 'No pudimos cobrar')).toHaveLength(1);
      const sub = await subscriptionOf(t.database.db, u.id);
      expect(sub?.endDate.toISOString()).toBe('2026-08-01T13:00:00.000Z');
    });
  });

  it('ends a subscription Stripe marks unpaid once, whatever follows', async () => {
    const u = await user();
    const subscriptionId = await subscriber(u);
    await afterTheEnd(async () => {
      const failed = double.invoice(subscriptionId, 'subscription_cycle', {
        paid: false,
        nextPaymentAttempt: unix(RETRY),
      });
      await send('invoice.payment_failed', failed.json);
      const unpaid = double.setSubscriptionStatus(subscriptionId, 'unpaid');
      await send('customer.subscription.updated', unpaid);
      await send('customer.subscription.updated', unpaid);
      await send(
        'customer.subscription.deleted',
        double.deleteSubscription(subscriptionId, 'payment_failed'),
      );
      expect(await mailsTo(u, 'ha terminado')).toHaveLength(1);
      expect(await account(u)).toMatchObject({
        hasActiveSubscription: false,
        paymentPending: false,
      });
    });
  });

  it('keeps the old behaviour for a subscription cancelled on request: renewal off, access to the end', async () => {
    const u = await user();
    const subscriptionId = await subscriber(u);
    await send(
      'customer.subscription.deleted',
      double.deleteSubscription(subscriptionId, 'cancellation_requested'),
    );
    expect(await mailsTo(u, 'ha terminado')).toHaveLength(0);
    expect(await account(u)).toMatchObject({ hasActiveSubscription: true, isRecurring: false });
  });
});

describe('invoice.upcoming', () => {
  it('e-mails "Próximo cobro" once for a 12-month plan, never for a monthly one', async () => {
    const yearly = await user();
    const yearlySub = await subscriber(yearly);
    await t.database.db
      .update(subscriptions)
      .set({ durationMonths: 12 })
      .where(eq(subscriptions.userId, yearly.id));
    const monthly = await user();
    const monthlySub = await subscriber(monthly);

    const at = unix('2026-06-24T12:00:00Z');
    await send('invoice.upcoming', double.upcomingInvoice(yearlySub, at));
    await send('invoice.upcoming', double.upcomingInvoice(yearlySub, at));
    await send('invoice.upcoming', double.upcomingInvoice(monthlySub, at));
    const mails = await mailsTo(yearly, 'Próximo cobro: $19.99 USD el 24 de junio de 2026');
    expect(mails).toHaveLength(1);
    expect(await mailsTo(monthly, 'Próximo cobro')).toHaveLength(0);
  });
});

describe('POST /api/billing/portal with Stripe', () => {
  it("answers the portal session's URL, returning to /panel/cuenta", async () => {
    const u = await user();
    await subscriber(u);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/billing/portal',
      headers: await u.headers(),
    });
    expect(res.statusCode, res.body).toBe(200);
    const last = double.portalSessions.at(-1);
    expect(res.json()).toEqual({ url: last?.url });
    expect(last?.return_url).toMatch(/\/panel\/cuenta$/);
    const sub = await subscriptionOf(t.database.db, u.id);
    expect(last?.customer).toBe(sub?.providerCustomerId);
  });

  it('answers a Spanish 502 while Stripe fails, and works on the retry', async () => {
    const u = await user();
    await subscriber(u);
    const before = double.portalSessions.length;
    // The SDK does not retry a POST that Stripe answered 500 without Stripe-Should-Retry.
    double.control.failPortalSessions = 1;
    const failed = await t.app.inject({
      method: 'POST',
      url: '/api/billing/portal',
      headers: await u.headers(),
    });
    expect(failed.statusCode).toBe(502);
    expect(failed.json()).toMatchObject({
      success: false,
      code: 'PAYMENT_PROVIDER_ERROR',
      message:
        'No pudimos abrir la gestión de pagos. El proveedor de pagos no respondió; intenta nuevamente.',
    });
    expect(double.portalSessions).toHaveLength(before);
    const retried = await t.app.inject({
      method: 'POST',
      url: '/api/billing/portal',
      headers: await u.headers(),
    });
    expect(retried.statusCode).toBe(200);
  });

  it('answers 404 NO_BILLING_ACCOUNT without a subscription', async () => {
    const u = await user();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/billing/portal',
      headers: await u.headers(),
    });
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('NO_BILLING_ACCOUNT');
  });
});
