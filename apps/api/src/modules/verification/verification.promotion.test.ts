import type { TVerificationRecord } from '@magotips/contracts/verification';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/test-app';
import { createTestUser, type TestUser } from '../../../test/users';
import { insertPayments } from './testing/payments';
import { balanceTransaction, startStripeDouble, type StripeDouble } from './testing/stripe-double';

// Payments made with a promotion code (decision 0049): Stripe charges the discounted total, we
// record the amount paid, so the verification matches; a 100 % code is no charge on either side.
const now = new Date('2026-06-15T12:00:00Z');
const daysAgo = (days: number) => new Date(now.getTime() - days * 86_400_000);

let stripe: StripeDouble;
let t: TestApp;
let admin: TestUser;

beforeAll(async () => {
  stripe = await startStripeDouble({
    balance: { available: [], pending: [{ amount: 2937, currency: 'usd' }] },
    balanceTransactions: [
      // 19.99 less VERANO20 (4.00), and a full-price 19.99.
      balanceTransaction('charge', daysAgo(3), 1599, 76),
      balanceTransaction('charge', daysAgo(2), 1999, 88),
    ],
    payouts: [],
    disputes: [],
  });
  t = await buildTestApp({
    clock: () => now,
    env: { STRIPE_SECRET_KEY: 'sk_test_verification', STRIPE_API_URL: stripe.url },
  });
  admin = await createTestUser(t.database.db, { now, roles: ['admin'] });
  await insertPayments(t.database.db, [
    {
      amountCents: 1599,
      discountCents: 400,
      promotionCode: 'VERANO20',
      completedAt: daysAgo(3),
      provider: 'stripe',
    },
    { amountCents: 1999, completedAt: daysAgo(2), provider: 'stripe' },
    // Paid in full by a 100 % code: Stripe made no charge.
    {
      amountCents: 0,
      discountCents: 1999,
      promotionCode: 'GRATIS',
      completedAt: daysAgo(1),
      provider: 'stripe',
    },
  ]);
});
afterAll(async () => {
  await t?.close();
  await stripe?.close();
});

describe('verification with promotion codes', () => {
  it("matches Stripe's totals: the amounts paid, not the prices", async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/stripe-verification/summary',
      headers: { authorization: admin.authorization },
    });
    expect(res.statusCode, res.body).toBe(200);
    const record = (res.json() as { data: TVerificationRecord }).data;
    expect(record).toMatchObject({ status: 'success', issues: [] });
    expect(record.balanceData).toMatchObject({ totalGrossAmount: 35.98, totalFees: 1.64 });
    expect(record.reconciliation?.lines).toEqual([
      {
        currency: 'USD',
        provider: { chargeCount: 2, chargeAmount: 35.98, refundCount: 0, refundAmount: 0 },
        local: { chargeCount: 2, chargeAmount: 35.98, refundCount: 0, refundAmount: 0 },
        matches: true,
      },
    ]);
  });
});
