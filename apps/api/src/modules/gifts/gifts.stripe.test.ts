import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paymentCalls } from '../../../test/payment-calls';
import { buildPaymentsApp, type PaymentsTestApp, transactionRow } from '../../../test/payments';
import type { StripeDouble } from '../../../test/stripe-double';
import { giftCodeBatches, giftCodes, packPurchases, subscriptions } from '../../db/schema';

let t: PaymentsTestApp;
let double: StripeDouble;
beforeAll(async () => {
  t = await buildPaymentsApp({ stripe: true });
  if (!t.double) throw new Error('no double');
  double = t.double;
});
afterAll(() => t.close());

const { user, checkout, deliver, send, receiptsFor } = paymentCalls(() => t);

describe('a gift through Stripe Checkout', () => {
  it('opens a one-off payment session with promotion codes, for a plan too', async () => {
    const u = await user();
    const { sessionId, transactionId } = await checkout(
      u,
      { type: 'plan', planKey: 'premium', months: 1, immediateAccessConsent: true },
      '/api/gifts/create-payment-stripe',
    );
    const session = double.sessions.get(sessionId);
    expect(session).toMatchObject({
      mode: 'payment',
      recurring: null,
      allowPromotionCodes: true,
      amount_total: 1999,
    });
    expect(session?.metadata).toMatchObject({ gift: 'true', transactionId });
    expect(session?.success_url).toContain('type=gift');
  });

  it("asks Stripe for the plan's monthly price times the months of a longer gift", async () => {
    const u = await user();
    const { sessionId } = await checkout(
      u,
      { type: 'plan', planKey: 'premium', months: 3, immediateAccessConsent: true },
      '/api/gifts/create-payment-stripe',
    );
    const session = double.sessions.get(sessionId);
    expect(session).toMatchObject({ mode: 'payment', recurring: null, amount_total: 3 * 1999 });
    expect(session?.metadata).toMatchObject({ gift: 'true', months: '3' });
  });

  it('fulfils once with one code and one pair of e-mails, whatever the deliveries', async () => {
    const u = await user();
    const { transactionId, sessionId } = await checkout(
      u,
      {
        type: 'pack',
        packId: t.ids.packEurope,
        recipientEmail: 'destino@example.com',
        message: 'Disfrútalo',
        immediateAccessConsent: true,
      },
      '/api/gifts/create-payment-stripe',
    );
    const session = double.pay(sessionId);
    const delivery = double.event('checkout.session.completed', session);
    const headers = await u.headers();
    const results = await Promise.all([
      deliver(delivery),
      deliver(delivery),
      t.app.inject({ method: 'GET', url: `/api/gifts/verify-session/${sessionId}`, headers }),
    ]);
    for (const r of results) expect(r.statusCode, r.body).toBe(200);
    // A fresh event id for the same payment changes nothing either.
    await send('checkout.session.completed', session);

    expect((await transactionRow(t.database.db, transactionId)).status).toBe('completed');
    const batches = await t.database.db
      .select()
      .from(giftCodeBatches)
      .where(eq(giftCodeBatches.purchaseTransactionId, transactionId));
    expect(batches).toHaveLength(1);
    // The buyer's e-mail names the transaction; exactly one, and no pack for the buyer.
    expect(await receiptsFor(transactionId)).toHaveLength(1);
    expect(
      await t.database.db.select().from(packPurchases).where(eq(packPurchases.userId, u.id)),
    ).toHaveLength(0);
    expect(
      await t.database.db.select().from(subscriptions).where(eq(subscriptions.userId, u.id)),
    ).toHaveLength(0);
  });

  it("a refund of a gift plan revokes its unused code and leaves the buyer's subscription alone", async () => {
    const u = await user();
    const { transactionId, sessionId } = await checkout(
      u,
      { type: 'plan', planKey: 'premium', months: 1, immediateAccessConsent: true },
      '/api/gifts/create-payment-stripe',
    );
    const session = double.pay(sessionId);
    await send('checkout.session.completed', session);
    const refund = double.event(
      'charge.refunded',
      double.charge(String(session.payment_intent), { amount: 1999 }),
    );
    await deliver(refund);
    expect((await transactionRow(t.database.db, transactionId)).status).toBe('refunded');
    const [batch] = await t.database.db
      .select()
      .from(giftCodeBatches)
      .where(eq(giftCodeBatches.purchaseTransactionId, transactionId));
    const codes = await t.database.db
      .select()
      .from(giftCodes)
      .where(eq(giftCodes.batchId, batch?.id ?? ''));
    expect(codes).toHaveLength(1);
    expect(codes[0]?.revokedAt).not.toBeNull();
    expect(
      await t.database.db.select().from(subscriptions).where(eq(subscriptions.userId, u.id)),
    ).toHaveLength(0);
  });
});
