import type { TVerificationRecord } from '@magotips/contracts/verification';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildGiftApp, type GiftTestApp } from '../../../test/gift-codes';
import { giftCodeBatches, giftCodes } from '../../db/schema';
import { insertPayments } from './testing/payments';

// Issue 16, item 6: the panel tells gifts sold (payments, already among the charges compared
// with the provider) from gifts redeemed (no money moved).
const DAY = 86_400_000;
let t: GiftTestApp;

beforeAll(async () => {
  t = await buildGiftApp();
});
afterAll(() => t.close());

async function verify(): Promise<TVerificationRecord> {
  const res = await t.app.inject({
    method: 'GET',
    url: '/api/stripe-verification/balance',
    headers: await t.admin.headers(),
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: TVerificationRecord }>().data;
}

async function redeemed(code: string) {
  const user = await t.newUser();
  const res = await t.redeem(user, code, '10.9.0.1');
  expect(res.statusCode, res.body).toBe(200);
}

describe('financial verification: gifts apart', () => {
  it('counts gifts sold and redeemed, and the comparison with the provider still matches', async () => {
    const empty = await verify();
    expect(empty.gifts).toEqual({
      soldCount: 0,
      soldAmount: 0,
      currency: 'USD',
      redeemedCount: 0,
      redeemedPurchasedCount: 0,
      redeemedPlanCount: 0,
      redeemedPackCount: 0,
    });

    const now = t.time.now();
    const [giftSale = ''] = await insertPayments(t.database.db, [
      // A gift paid yesterday, an ordinary sale, and a gift of another provider (not ours).
      { amountCents: 1999, completedAt: new Date(now.getTime() - DAY), isGift: true },
      { amountCents: 2500, completedAt: new Date(now.getTime() - DAY) },
      {
        amountCents: 4200,
        completedAt: new Date(now.getTime() - DAY),
        isGift: true,
        provider: 'stripe',
      },
    ]);
    // The admin gives a plan away; the gift sold is a pack code whose batch names its payment,
    // as fulfilment of a gift checkout leaves it.
    const adminCode = (await t.issue({ type: 'plan', planKey: t.planKey, months: 1, count: 1 }))
      .codes[0];
    const boughtCode = (await t.issue({ type: 'pack', packId: t.packId, count: 1 })).codes[0];
    if (!adminCode || !boughtCode) throw new Error('no codes');
    const [bought] = await t.database.db
      .select({ batchId: giftCodes.batchId })
      .from(giftCodes)
      .where(eq(giftCodes.hint, boughtCode.slice(-4)));
    if (!bought) throw new Error('no batch');
    await t.database.db
      .update(giftCodeBatches)
      .set({ purchaseTransactionId: giftSale })
      .where(eq(giftCodeBatches.id, bought.batchId));
    await redeemed(adminCode);
    await redeemed(boughtCode);

    const record = await verify();
    expect(record.gifts).toEqual({
      soldCount: 1,
      soldAmount: 19.99,
      currency: 'USD',
      redeemedCount: 2,
      redeemedPurchasedCount: 1,
      redeemedPlanCount: 1,
      redeemedPackCount: 1,
    });
    // The gift sold is a charge like any other, on both sides; the redemptions are on neither.
    expect(record.reconciliation?.matches).toBe(true);
    expect(record.reconciliation?.lines[0]?.local).toMatchObject({
      chargeCount: 2,
      chargeAmount: 44.99,
    });

    // The stored record reads back with its gifts.
    const latest = await t.app.inject({
      method: 'GET',
      url: '/api/stripe-verification/latest',
      headers: await t.admin.headers(),
    });
    expect(latest.json<{ data: TVerificationRecord }>().data.gifts).toEqual(record.gifts);
  });
});
