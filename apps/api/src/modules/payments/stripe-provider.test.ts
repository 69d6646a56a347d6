import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearerAt,
  buildPaymentsApp,
  type PaymentsTestApp,
  transactionRow,
} from '../../../test/payments';
import type { StripeDouble } from '../../../test/stripe-double';
import { createTestUser } from '../../../test/users';

let t: PaymentsTestApp;
let double: StripeDouble;

beforeAll(async () => {
  t = await buildPaymentsApp({ stripe: true });
  if (!t.double) throw new Error('no double');
  double = t.double;
});
afterAll(() => t.close());

async function user() {
  const u = await createTestUser(t.database.db, {
    now: t.time.now(),
    email: `stripe-${Math.random().toString(36).slice(2)}@example.com`,
  });
  return {
    id: u.id,
    email: u.email,
    headers: async () => bearerAt(t.database.db, u.id, t.time.now()),
  };
}

const unix = (d: Date) => Math.floor(d.getTime() / 1000);

describe('Stripe adapter (official SDK against the HTTP double)', () => {
  it('opens a payment-mode Checkout Session for a pack at the database price, with our id and URLs', async () => {
    const u = await user();
    const before = double.requests.length;
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/packs/create-payment-stripe',
      headers: await u.headers(),
      payload: {
        packId: t.ids.packEurope,
        amount: 19.99,
        currency: 'USD',
        immediateAccessConsent: true,
        paymentMethod: 'stripe',
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    const { transactionId, stripeCheckoutUrl } = res.json().payment;
    const calls = double.requests.slice(before);
    expect(calls.map((c) => `${c.method} ${c.path}`)).toEqual([
      'POST /v1/customers',
      'POST /v1/checkout/sessions',
    ]);
    const customer = calls[0];
    expect(customer?.body).toMatchObject({
      email: u.email,
      name: 'Prueba Usuario',
      'metadata[userId]': u.id,
    });
    expect(customer?.idempotencyKey).toBe(`magotips-customer-${u.id}`);

    const session = calls[1];
    expect(session?.idempotencyKey).toBe(`magotips-checkout-${transactionId}`);
    expect(session?.body).toMatchObject({
      mode: 'payment',
      client_reference_id: transactionId,
      'metadata[transactionId]': transactionId,
      'metadata[userId]': u.id,
      'metadata[packId]': t.ids.packEurope,
      'metadata[kind]': 'pack',
      'line_items[0][quantity]': '1',
      'line_items[0][price_data][currency]': 'usd',
      'line_items[0][price_data][unit_amount]': '1999',
      'line_items[0][price_data][product_data][name]': 'Pack Fin de Semana Europeo',
      'payment_intent_data[metadata][transactionId]': transactionId,
      success_url:
        'https://magotips.test/payment/success?session_id={CHECKOUT_SESSION_ID}&type=pack',
      cancel_url: 'https://magotips.test/payment/cancel',
      locale: 'es',
      // 30 minutes plus a minute of headroom (Stripe's minimum is 30 minutes).
      expires_at: String(unix(t.time.now()) + 31 * 60),
    });
    expect(session?.body.customer).toMatch(/^cus_test_/);
    expect(session?.body).not.toHaveProperty('line_items[0][price_data][recurring][interval]');
    const [stored] = [...double.sessions.values()].filter(
      (s) => s.client_reference_id === transactionId,
    );
    expect(stripeCheckoutUrl).toBe(`https://checkout.stripe.test/c/pay/${stored?.id}`);
    const tx = await transactionRow(t.database.db, transactionId);
    expect(tx).toMatchObject({
      provider: 'stripe',
      providerSessionId: stored?.id,
      amountCents: 1999,
      status: 'pending',
    });
    expect(tx.expiresAt?.getTime()).toBe((unix(t.time.now()) + 31 * 60) * 1000);

    // One Stripe customer per user: the next checkout reuses it.
    const next = await t.app.inject({
      method: 'POST',
      url: '/api/packs/create-payment-stripe',
      headers: await u.headers(),
      payload: {
        packId: t.ids.packUsa,
        amount: 14.99,
        currency: 'USD',
        immediateAccessConsent: true,
      },
    });
    expect(next.statusCode, next.body).toBe(201);
    const later = double.requests.slice(before + 2);
    expect(later.map((c) => c.path)).toEqual(['/v1/checkout/sessions']);
    expect(later[0]?.body.customer).toBe(session?.body.customer);
  });

  it('opens a subscription-mode session with an inline monthly price for a recurring plan', async () => {
    const u = await user();
    const before = double.requests.length;
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/subscriptions/create-payment-stripe',
      headers: await u.headers(),
      payload: {
        plan: 'vip',
        amount: 49.99,
        currency: 'USD',
        recurring: true,
        immediateAccessConsent: true,
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    const { transactionId } = res.json().payment;
    const session = double.requests.slice(before).find((c) => c.path === '/v1/checkout/sessions');
    expect(session?.body).toMatchObject({
      mode: 'subscription',
      client_reference_id: transactionId,
      'line_items[0][price_data][unit_amount]': '4999',
      'line_items[0][price_data][currency]': 'usd',
      'line_items[0][price_data][recurring][interval]': 'month',
      'line_items[0][price_data][recurring][interval_count]': '3',
      'line_items[0][price_data][product_data][name]': 'Todos los tips VIP · 3 meses',
      'subscription_data[metadata][transactionId]': transactionId,
      'metadata[planKey]': 'vip',
      success_url:
        'https://magotips.test/payment/success?session_id={CHECKOUT_SESSION_ID}&type=subscription',
    });
    expect(session?.body).not.toHaveProperty('payment_intent_data[metadata][transactionId]');
  });

  it('opens a payment-mode session for a one-off plan', async () => {
    const u = await user();
    const before = double.requests.length;
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/subscriptions/create-payment-stripe',
      headers: await u.headers(),
      payload: {
        plan: 'basic',
        amount: 9.99,
        currency: 'USD',
        recurring: false,
        immediateAccessConsent: true,
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    const session = double.requests.slice(before).find((c) => c.path === '/v1/checkout/sessions');
    expect(session?.body.mode).toBe('payment');
    expect(session?.body).not.toHaveProperty('line_items[0][price_data][recurring][interval]');
  });

  it('answers a Spanish 502 when Stripe refuses, and does not leave the pack blocked', async () => {
    const u = await user();
    double.control.failNextCheckout = 400;
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/packs/create-payment-stripe',
      headers: await u.headers(),
      payload: {
        packId: t.ids.packEurope,
        amount: 19.99,
        currency: 'USD',
        immediateAccessConsent: true,
      },
    });
    expect(res.statusCode).toBe(502);
    expect(res.json()).toEqual({
      success: false,
      code: 'PAYMENT_PROVIDER_ERROR',
      message:
        'No pudimos comunicarnos con el proveedor de pagos. Intenta nuevamente en unos minutos.',
    });
    const retry = await t.app.inject({
      method: 'POST',
      url: '/api/packs/create-payment-stripe',
      headers: await u.headers(),
      payload: {
        packId: t.ids.packEurope,
        amount: 19.99,
        currency: 'USD',
        immediateAccessConsent: true,
      },
    });
    expect(retry.statusCode, retry.body).toBe(201);
  });

  it('keeps the simulated checkout closed when real Stripe is configured', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/payments/simulated/checkout/sim_cs_abcdefghijklmnop',
    });
    expect(res.statusCode).toBe(404);
    const pay = await t.app.inject({
      method: 'POST',
      url: '/api/payments/simulated/checkout/sim_cs_abcdefghijklmnop/pay',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: '',
    });
    expect(pay.statusCode).toBe(404);
  });
});
