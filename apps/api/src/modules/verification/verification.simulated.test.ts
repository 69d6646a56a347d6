import type { TVerificationRecord } from '@magotips/contracts/verification';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/test-app';
import { createTestUser, type TestUser } from '../../../test/users';
import { simulatedFeeCents } from './simulated-data-source';
import { insertPayments } from './testing/payments';

// Without STRIPE_SECRET_KEY the provider's figures come from our own transactions (2.9 % + 30 ¢
// per charge, available after 2 days, paid out at each UTC midnight): every figure below is
// worked out by hand from the rows inserted.
const now = new Date('2026-06-15T12:00:00Z');
const daysAgo = (days: number) => new Date(now.getTime() - days * 86_400_000);
let t: TestApp;
let admin: TestUser;

async function check(url: string): Promise<TVerificationRecord> {
  const res = await t.app.inject({
    method: 'GET',
    url,
    headers: { authorization: admin.authorization },
  });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { data: TVerificationRecord }).data;
}

beforeAll(async () => {
  t = await buildTestApp({ clock: () => now });
  admin = await createTestUser(t.database.db, { now, roles: ['admin'] });
  await insertPayments(t.database.db, [
    // Before the 30-day window: paid out on 9 May, outside every figure of the window.
    { amountCents: 3000, completedAt: daysAgo(40) },
    // In the window.
    { amountCents: 1000, completedAt: daysAgo(10) },
    { amountCents: 2500, completedAt: daysAgo(5) },
    { amountCents: 1999, completedAt: daysAgo(8), status: 'refunded', updatedAt: daysAgo(4) },
    // Less than 2 days old: still pending.
    { amountCents: 500, completedAt: daysAgo(1) },
    // Never paid, or another provider's: not ours to count.
    { amountCents: 7700, completedAt: null, status: 'pending' },
    { amountCents: 7700, completedAt: null, status: 'failed' },
    { amountCents: 7700, completedAt: daysAgo(3), provider: 'stripe' },
  ]);
});
afterAll(async () => {
  await t.close();
});

describe('the simulated provider', () => {
  it('charges 2.9 % + 30 ¢ per payment, rounded to the cent', () => {
    expect([1000, 2500, 1999, 500, 3000].map(simulatedFeeCents)).toEqual([59, 103, 88, 45, 117]);
  });

  it('balance: charges and refunds of the last 30 days, fees, pending funds, and a match with our payments', async () => {
    const record = await check('/api/stripe-verification/balance');

    expect(record).toMatchObject({
      verificationType: 'balance',
      status: 'success',
      provider: 'simulated',
      verifiedAt: now.toISOString(),
      verifiedBy: { _id: admin.id, username: 'Prueba Usuario' },
      period: { startDate: daysAgo(30).toISOString(), endDate: now.toISOString() },
      issues: [],
    });
    // 10 + 25 + 19.99 + 5 charged, 19.99 refunded; fees 0.59 + 1.03 + 0.88 + 0.45.
    expect(record.balanceData).toEqual({
      totalGrossAmount: 40,
      totalFees: 2.95,
      totalNetAmount: 37.05,
      transactionCount: 5,
      currency: 'USD',
    });
    expect(record.summary).toEqual({
      netRevenue: 37.05,
      totalFees: 2.95,
      retainedAmount: null,
      bankTransfers: null,
      // The 5.00 charge of yesterday, less its fee.
      pendingAmount: 4.55,
      currency: 'USD',
    });
    expect(record.riskPaymentsData).toBeNull();
    expect(record.payoutsData).toBeNull();
    expect(record.reconciliation).toEqual({
      matches: true,
      lines: [
        {
          currency: 'USD',
          provider: { chargeCount: 4, chargeAmount: 59.99, refundCount: 1, refundAmount: 19.99 },
          local: { chargeCount: 4, chargeAmount: 59.99, refundCount: 1, refundAmount: 19.99 },
          matches: true,
        },
      ],
    });
  });

  it('payouts: one per midnight with money available, a refund held against the next', async () => {
    const record = await check('/api/stripe-verification/payouts');

    // 8 Jun 9.41 (10.00 − 0.59), 10 Jun 19.11 (19.99 − 0.88); 12 Jun the refund leaves −19.99,
    // so nothing; 13 Jun 23.97 − 19.99 = 3.98.
    expect(record.payoutsData).toEqual({
      totalPayoutAmount: 32.5,
      payoutsCount: 3,
      lastPayoutDate: '2026-06-13T00:00:00.000Z',
      currency: 'USD',
    });
    expect(record.summary).toMatchObject({
      bankTransfers: 32.5,
      netRevenue: null,
      pendingAmount: null,
    });
    expect(record.balanceData).toBeNull();
    expect(record.status).toBe('success');
    expect(record.reconciliation?.matches).toBe(true);
  });

  it('retained payments: the simulated provider has no disputes', async () => {
    const record = await check('/api/stripe-verification/payments');

    expect(record.riskPaymentsData).toEqual({
      totalRetainedAmount: 0,
      retainedPaymentsCount: 0,
      riskReasons: [],
      currency: 'USD',
    });
    expect(record.summary.retainedAmount).toBe(0);
    expect(record.status).toBe('success');
  });

  it('full: every block and the summary', async () => {
    const record = await check('/api/stripe-verification/summary');

    expect(record.verificationType).toBe('full');
    expect(record.status).toBe('success');
    expect(record.summary).toEqual({
      netRevenue: 37.05,
      totalFees: 2.95,
      retainedAmount: 0,
      bankTransfers: 32.5,
      pendingAmount: 4.55,
      currency: 'USD',
    });
    expect(record.balanceData?.transactionCount).toBe(5);
    expect(record.riskPaymentsData?.retainedPaymentsCount).toBe(0);
    expect(record.payoutsData?.payoutsCount).toBe(3);
  });

  it('period: whole UTC days, the end day included', async () => {
    const record = await check(
      '/api/stripe-verification/period?startDate=2026-06-05&endDate=2026-06-07',
    );

    expect(record.verificationType).toBe('period');
    expect(record.period).toEqual({
      startDate: '2026-06-05T00:00:00.000Z',
      endDate: '2026-06-07T23:59:59.999Z',
    });
    // 5 Jun 10.00 and 7 Jun 19.99 charged; its refund (11 Jun) is outside the period.
    expect(record.balanceData).toEqual({
      totalGrossAmount: 29.99,
      totalFees: 1.47,
      totalNetAmount: 28.52,
      transactionCount: 2,
      currency: 'USD',
    });
    expect(record.payoutsData).toMatchObject({
      payoutsCount: 0,
      totalPayoutAmount: 0,
      lastPayoutDate: null,
    });
    expect(record.status).toBe('success');
  });

  it("adds several currencies up as 'mixed', and compares each on its own", async () => {
    await insertPayments(t.database.db, [
      { amountCents: 1000, completedAt: new Date('2025-03-10T10:00:00Z') },
      { amountCents: 2000, completedAt: new Date('2025-03-11T10:00:00Z'), currency: 'EUR' },
    ]);
    const record = await check(
      '/api/stripe-verification/period?startDate=2025-03-01&endDate=2025-03-31',
    );

    expect(record.balanceData).toMatchObject({
      currency: 'mixed',
      transactionCount: 2,
      totalGrossAmount: 30,
    });
    expect(record.summary.currency).toBe('mixed');
    expect(record.payoutsData?.currency).toBe('mixed');
    expect(
      record.reconciliation?.lines.map((l) => [l.currency, l.provider.chargeAmount, l.matches]),
    ).toEqual([
      ['EUR', 20, true],
      ['USD', 10, true],
    ]);
    expect(record.status).toBe('success');
  });
});
