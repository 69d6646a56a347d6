import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearerAt, buildPaymentsApp, type PaymentsTestApp } from '../../../test/payments';
import { createTestUser } from '../../../test/users';
import { plans } from '../../db/schema';

// A plan change that charges today is a new purchase (decision 0113): its confirmation is
// refused by the spend limit before the provider applies it; one charged at renewal is not.

let t: PaymentsTestApp;
const form = { 'content-type': 'application/x-www-form-urlencoded' };
beforeAll(async () => {
  t = await buildPaymentsApp({ stripe: false, start: new Date('2026-06-01T12:00:00Z') });
});
afterAll(() => t.close());

async function subscriber(monthlyLimit: number) {
  const u = await createTestUser(t.database.db, { now: t.time.now() });
  const headers = async () => bearerAt(t.database.db, u.id, t.time.now());
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/subscriptions/create-payment-stripe',
    headers: await headers(),
    payload: {
      plan: 'premium',
      amount: 19.99,
      currency: 'USD',
      recurring: true,
      immediateAccessConsent: true,
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  const url = new URL(res.json().payment.stripeCheckoutUrl as string);
  const pay = await t.app.inject({ method: 'POST', url: `${url.pathname}/pay`, headers: form });
  expect(pay.statusCode, pay.body).toBe(303);
  const set = await t.app.inject({
    method: 'PUT',
    url: '/api/account/spend-limit',
    headers: await headers(),
    payload: { monthlyLimit },
  });
  expect(set.statusCode, set.body).toBe(200);
  return headers;
}

async function change(
  headers: () => Promise<Record<string, string>>,
  plan: string,
  yearly: boolean,
) {
  const preview = await t.app.inject({
    method: 'POST',
    url: '/api/subscriptions/change/preview',
    headers: await headers(),
    payload: { plan, yearly },
  });
  expect(preview.statusCode, preview.body).toBe(200);
  return t.app.inject({
    method: 'POST',
    url: '/api/subscriptions/change',
    headers: await headers(),
    payload: { changeId: preview.json().data.changeId },
  });
}

describe('a plan change under the spend limit', () => {
  it('refuses a change charged today that passes the limit, with what is left', async () => {
    const headers = await subscriber(25);
    const res = await change(headers, 'premium', true);
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json()).toMatchObject({
      code: 'SPEND_LIMIT',
      message: 'Esta compra supera tu límite mensual de gasto. Te quedan $5.01 USD este mes.',
    });
  });

  it('lets through a change charged at the next renewal', async () => {
    const headers = await subscriber(20);
    const res = await change(headers, 'basic', false);
    expect(res.statusCode, res.body).toBe(200);
  });

  it('lets a free trial start under any limit: it charges nothing today', async () => {
    await t.database.db.update(plans).set({ trialDays: 7 }).where(eq(plans.key, 'basic'));
    try {
      const u = await createTestUser(t.database.db, { now: t.time.now() });
      const headers = await bearerAt(t.database.db, u.id, t.time.now());
      const set = await t.app.inject({
        method: 'PUT',
        url: '/api/account/spend-limit',
        headers,
        payload: { monthlyLimit: 1 },
      });
      expect(set.statusCode, set.body).toBe(200);
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/subscriptions/create-payment-stripe',
        headers,
        payload: {
          plan: 'basic',
          amount: 9.99,
          currency: 'USD',
          recurring: true,
          immediateAccessConsent: true,
        },
      });
      expect(res.statusCode, res.body).toBe(201);
    } finally {
      await t.database.db.update(plans).set({ trialDays: 0 }).where(eq(plans.key, 'basic'));
    }
  });
});
