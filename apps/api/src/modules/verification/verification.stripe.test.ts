import type { TVerificationRecord } from '@magotips/contracts/verification';
import { createServer } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/test-app';
import { createTestUser, type TestUser } from '../../../test/users';
import { insertPayments } from './testing/payments';
import {
  balanceTransaction,
  dispute,
  payout,
  startStripeDouble,
  type StripeDouble,
} from './testing/stripe-double';

// The real `stripe` SDK, pointed by STRIPE_API_URL at an in-process double of the endpoints a
// verification reads. The double pages 2 items at a time, so every list is auto-paginated.
const now = new Date('2026-06-15T12:00:00Z');
const daysAgo = (days: number) => new Date(now.getTime() - days * 86_400_000);
const SECRET = 'sk_test_verification';

let stripe: StripeDouble;
let t: TestApp;
let admin: TestUser;

async function check(
  app: TestApp,
  url: string,
  who: TestUser = admin,
): Promise<TVerificationRecord> {
  const res = await app.app.inject({
    method: 'GET',
    url,
    headers: { authorization: who.authorization },
  });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { data: TVerificationRecord }).data;
}

beforeAll(async () => {
  stripe = await startStripeDouble({
    balance: {
      available: [{ amount: 5000, currency: 'usd' }],
      pending: [
        { amount: 1234, currency: 'usd' },
        { amount: 0, currency: 'eur' },
      ],
    },
    balanceTransactions: [
      balanceTransaction('charge', daysAgo(10), 1000, 59),
      balanceTransaction('charge', daysAgo(6), 2500, 103),
      balanceTransaction('charge', daysAgo(3), 1999, 88),
      balanceTransaction('refund', daysAgo(2), -1999, 0),
      // Not sales: left out of the balance figures.
      balanceTransaction('payout', daysAgo(4), -3000, 0),
      balanceTransaction('adjustment', daysAgo(4), -1500, 1500),
      // Before the 30-day window: Stripe is asked not to list it.
      balanceTransaction('charge', daysAgo(45), 9999, 320),
    ],
    payouts: [
      payout(daysAgo(8), 941),
      payout(daysAgo(4), 2397),
      payout(daysAgo(2), 500, 'failed'),
      payout(daysAgo(60), 10_000),
    ],
    disputes: [
      dispute(daysAgo(20), 1500, 'needs_response', 'fraudulent'),
      dispute(daysAgo(12), 2000, 'under_review', 'duplicate'),
      dispute(daysAgo(9), 700, 'warning_needs_response', 'fraudulent'),
      dispute(daysAgo(30), 900, 'won', 'general'),
      dispute(daysAgo(25), 800, 'lost', 'product_not_received'),
    ],
  });
  t = await buildTestApp({
    clock: () => now,
    env: { STRIPE_SECRET_KEY: SECRET, STRIPE_API_URL: stripe.url },
  });
  admin = await createTestUser(t.database.db, { now, roles: ['admin'] });
  // Our own side: the three Stripe charges, one refunded since; a simulated payment is not Stripe's.
  await insertPayments(t.database.db, [
    { amountCents: 1000, completedAt: daysAgo(10), provider: 'stripe' },
    { amountCents: 2500, completedAt: daysAgo(6), provider: 'stripe' },
    {
      amountCents: 1999,
      completedAt: daysAgo(3),
      provider: 'stripe',
      status: 'refunded',
      updatedAt: daysAgo(2),
    },
    { amountCents: 4200, completedAt: daysAgo(5), provider: 'simulated' },
  ]);
});
afterAll(async () => {
  await t?.close();
  await stripe?.close();
});

describe('verification against Stripe', () => {
  it('full: reads balance, balance transactions, disputes and payouts with the SDK, and matches our payments', async () => {
    stripe.requests.length = 0;
    const record = await check(t, '/api/stripe-verification/summary');

    expect(record).toMatchObject({
      verificationType: 'full',
      status: 'success',
      provider: 'stripe',
      issues: [],
    });
    expect(record.balanceData).toEqual({
      totalGrossAmount: 35,
      totalFees: 2.5,
      totalNetAmount: 32.5,
      transactionCount: 4,
      currency: 'USD',
    });
    expect(record.riskPaymentsData).toEqual({
      totalRetainedAmount: 42,
      retainedPaymentsCount: 3,
      riskReasons: ['Fraude', 'Cargo duplicado'],
      currency: 'USD',
    });
    expect(record.payoutsData).toEqual({
      totalPayoutAmount: 33.38,
      payoutsCount: 2,
      lastPayoutDate: daysAgo(4).toISOString(),
      currency: 'USD',
    });
    expect(record.summary).toEqual({
      netRevenue: 32.5,
      totalFees: 2.5,
      retainedAmount: 42,
      bankTransfers: 33.38,
      pendingAmount: 12.34,
      currency: 'USD',
    });
    expect(record.reconciliation?.lines).toEqual([
      {
        currency: 'USD',
        provider: { chargeCount: 3, chargeAmount: 54.99, refundCount: 1, refundAmount: 19.99 },
        local: { chargeCount: 3, chargeAmount: 54.99, refundCount: 1, refundAmount: 19.99 },
        matches: true,
      },
    ]);

    // The SDK with our key, the window as Stripe's range filters, and more than one page.
    expect(new Set(stripe.requests.map((r) => r.authorization))).toEqual(
      new Set([`Bearer ${SECRET}`]),
    );
    const lists = stripe.requests.filter((r) => r.path === '/v1/balance_transactions');
    expect(lists.length).toBeGreaterThan(1);
    expect(lists[0]?.query.get('created[gte]')).toBe(String(daysAgo(30).getTime() / 1000));
    expect(lists[0]?.query.get('created[lte]')).toBe(String(now.getTime() / 1000));
    expect(lists.slice(1).every((r) => r.query.get('starting_after'))).toBe(true);
    const payoutCalls = stripe.requests.filter((r) => r.path === '/v1/payouts');
    expect(payoutCalls[0]?.query.get('arrival_date[gte]')).toBe(
      String(daysAgo(30).getTime() / 1000),
    );
    expect(stripe.requests.some((r) => r.path === '/v1/balance')).toBe(true);
    expect(stripe.requests.some((r) => r.path === '/v1/disputes')).toBe(true);
  });

  it('balance only reads what it needs', async () => {
    stripe.requests.length = 0;
    const record = await check(t, '/api/stripe-verification/balance');

    expect(record.status).toBe('success');
    expect(record.summary).toMatchObject({
      pendingAmount: 12.34,
      retainedAmount: null,
      bankTransfers: null,
    });
    expect(new Set(stripe.requests.map((r) => r.path))).toEqual(
      new Set(['/v1/balance', '/v1/balance_transactions']),
    );
  });

  it('partial_success when Stripe and our payments differ, saying where', async () => {
    await insertPayments(t.database.db, [
      { amountCents: 1500, completedAt: daysAgo(1), provider: 'stripe' },
    ]);
    const record = await check(t, '/api/stripe-verification/balance');

    expect(record.status).toBe('partial_success');
    expect(record.reconciliation?.matches).toBe(false);
    expect(record.reconciliation?.lines[0]?.local).toMatchObject({
      chargeCount: 4,
      chargeAmount: 69.99,
    });
    expect(record.issues).toEqual([
      'USD: el proveedor registra 3 cobros por 54.99 USD y nuestras transacciones completadas son 4 por 69.99 USD.',
    ]);
  });

  it("'mixed' when the figures come in more than one currency", async () => {
    stripe.data.balanceTransactions.push(balanceTransaction('charge', daysAgo(1), 1500, 74, 'eur'));
    stripe.data.disputes.push(dispute(daysAgo(1), 300, 'needs_response', 'unrecognized', 'eur'));
    const record = await check(t, '/api/stripe-verification/summary');

    expect(record.balanceData?.currency).toBe('mixed');
    expect(record.riskPaymentsData).toMatchObject({
      currency: 'mixed',
      retainedPaymentsCount: 4,
      totalRetainedAmount: 45,
    });
    expect(record.payoutsData?.currency).toBe('USD');
    expect(record.summary.currency).toBe('mixed');
    // Our EUR side has nothing; the USD line still differs by the payment added above.
    expect(record.reconciliation?.lines.map((l) => [l.currency, l.matches])).toEqual([
      ['EUR', false],
      ['USD', false],
    ]);
    stripe.data.balanceTransactions.pop();
    stripe.data.disputes.pop();
  });

  it('partial_success when one part cannot be read; the other figures are kept', async () => {
    stripe.failing.add('/v1/disputes');
    try {
      const record = await check(t, '/api/stripe-verification/summary');
      expect(record.status).toBe('partial_success');
      expect(record.riskPaymentsData).toBeNull();
      expect(record.summary.retainedAmount).toBeNull();
      expect(record.balanceData).not.toBeNull();
      expect(record.issues).toContain(
        'No se pudieron leer las disputas: el proveedor no respondió correctamente.',
      );
    } finally {
      stripe.failing.delete('/v1/disputes');
    }
  });
});

describe('Stripe unreachable', () => {
  it('stores and answers a failed record, with the reason', async () => {
    // A port nobody listens on.
    const port = await new Promise<number>((resolve) => {
      const probe = createServer().listen(0, '127.0.0.1', () => {
        const address = probe.address();
        probe.close(() => resolve(typeof address === 'object' && address ? address.port : 1));
      });
    });
    const down = await buildTestApp({
      clock: () => now,
      env: { STRIPE_SECRET_KEY: SECRET, STRIPE_API_URL: `http://127.0.0.1:${port}` },
    });
    try {
      const downAdmin = await createTestUser(down.database.db, { now, roles: ['admin'] });
      const record = await check(down, '/api/stripe-verification/payouts', downAdmin);

      expect(record).toMatchObject({
        status: 'failed',
        provider: 'stripe',
        balanceData: null,
        payoutsData: null,
      });
      expect(record.summary).toMatchObject({
        netRevenue: null,
        bankTransfers: null,
        pendingAmount: null,
      });
      expect(record.issues).toEqual([
        'No se pudieron leer los cobros y reembolsos: no se pudo conectar con el proveedor.',
        'No se pudieron leer las transferencias al banco: no se pudo conectar con el proveedor.',
      ]);
      const latest = await down.app.inject({
        method: 'GET',
        url: '/api/stripe-verification/latest',
        headers: { authorization: downAdmin.authorization },
      });
      expect((latest.json() as { data: TVerificationRecord }).data.verificationId).toBe(
        record.verificationId,
      );
    } finally {
      await down.close();
    }
  });
});
