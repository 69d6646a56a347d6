import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeMail } from '../../../test/mail';
import {
  buildPaymentsApp,
  type PaymentsTestApp,
  subscriptionOf,
  transactionRow,
} from '../../../test/payments';
import { paymentCalls } from '../../../test/payment-calls';
import { packPurchases, transactions } from '../../db/schema';

// Promotion codes managed in Stripe (issue 16, item 5; decision 0049), through the real SDK and
// the double's promotion arithmetic: the amount recorded is the amount paid, and a total below
// the price is accepted only when the discount Stripe reports explains it to the cent.
let t: PaymentsTestApp;
const calls = paymentCalls(() => t);
const { user, buyEurope, subscribe, deliver, send, receiptsFor, checkPack } = calls;
const double = () => calls.double();

beforeAll(async () => {
  t = await buildPaymentsApp({ stripe: true });
  double().createPromotion('VERANO20', { percentOff: 20, duration: 'once' });
  double().createPromotion('SIEMPRE5', { amountOff: 500, duration: 'forever' });
});
afterAll(() => t.close());
const purchasesOf = (userId: string) =>
  t.database.db.select().from(packPurchases).where(eq(packPurchases.userId, userId));
const sessionIn = (id: string) => double().sessions.get(id);
const renewalsOf = (userId: string, invoiceId: string) =>
  t.database.db
    .select()
    .from(transactions)
    .where(and(eq(transactions.userId, userId), eq(transactions.providerInvoiceId, invoiceId)));

describe('Stripe promotion codes', () => {
  it('opens every checkout with promotion codes allowed', async () => {
    const u = await user();
    await buyEurope(u);
    await subscribe(await user());
    const creates = double().requests.filter((r) => r.path === '/v1/checkout/sessions');
    expect(creates.slice(-2).map((r) => r.body.allow_promotion_codes)).toEqual(['true', 'true']);
  });

  it('fulfils a discounted pack once, at the amount paid, with the code the buyer typed', async () => {
    const u = await user();
    const { transactionId, sessionId } = await buyEurope(u);
    const session = double().pay(sessionId, { promotionCode: ' verano20 ' });
    // 20 % of 19.99 is 3.998: Stripe takes 4.00 off.
    expect(session).toMatchObject({
      amount_subtotal: 1999,
      amount_total: 1599,
      total_details: { amount_discount: 400 },
    });
    const delivery = double().event('checkout.session.completed', session);
    const answers = await Promise.all([deliver(delivery), deliver(delivery)]);
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200]);
    await send('checkout.session.completed', session);
    expect(await checkPack(u, transactionId)).toMatchObject({ status: 'completed', amount: 15.99 });

    expect(await transactionRow(t.database.db, transactionId)).toMatchObject({
      status: 'completed',
      amountCents: 1599,
      discountCents: 400,
      promotionCode: 'VERANO20',
    });
    expect(await purchasesOf(u.id)).toHaveLength(1);
    const mails = await receiptsFor(transactionId);
    expect(mails).toHaveLength(1);
    expect(decodeMail(mails[0]?.raw ?? '')).toContain('$15.99');
  });

  it('still refuses a lower total that no discount explains', async () => {
    // What Stripe itself reports (the event and the session read again agree).
    const reported = async (change: (s: NonNullable<ReturnType<typeof sessionIn>>) => void) => {
      const u = await user();
      const { transactionId, sessionId } = await buyEurope(u);
      double().pay(sessionId);
      const s = sessionIn(sessionId);
      if (!s) throw new Error(sessionId);
      change(s);
      await send('checkout.session.completed', double().sessionJson(sessionId));
      expect(await transactionRow(t.database.db, transactionId)).toMatchObject({
        status: 'pending',
        amountCents: 1999,
        discountCents: null,
      });
      expect(await purchasesOf(u.id)).toHaveLength(0);
    };
    const promotion = double().createPromotion('DOS', { amountOff: 200 });
    // No discount at all: 4 dollars short.
    await reported((s) => {
      s.amount_total = 1599;
    });
    // A discount that does not explain the difference (2 dollars off, 4 dollars short).
    await reported((s) => {
      s.discount = { promotion, amount: 200 };
      s.amount_total = 1599;
    });
    // A discount from another price (the subtotal is not ours).
    await reported((s) => {
      s.discount = { promotion, amount: 200 };
      s.amount_subtotal = 1799;
      s.amount_total = 1599;
    });
  });

  it('records a discounted first payment and full-price renewals once the code is used up', async () => {
    const u = await user();
    const { transactionId, sessionId } = await subscribe(u);
    const session = double().pay(sessionId, { promotionCode: 'VERANO20' });
    const subscriptionId = String(session.subscription);
    await send('invoice.paid', double().invoice(subscriptionId, 'subscription_create').json);
    await send('checkout.session.completed', session);
    expect(await transactionRow(t.database.db, transactionId)).toMatchObject({
      status: 'completed',
      amountCents: 1599,
      discountCents: 400,
    });
    expect((await subscriptionOf(t.database.db, u.id))?.endDate.toISOString()).toBe(
      '2026-07-01T12:00:00.000Z',
    );

    const renewal = double().invoice(subscriptionId, 'subscription_cycle');
    await send('invoice.paid', renewal.json);
    expect(await renewalsOf(u.id, renewal.json.id)).toMatchObject([
      { amountCents: 1999, discountCents: null, promotionCode: null },
    ]);
  });

  it('renews at the discounted amount while the promotion lasts, and refuses an unexplained one', async () => {
    const u = await user();
    const { transactionId, sessionId } = await subscribe(u);
    const session = double().pay(sessionId, { promotionCode: 'siempre5' });
    const subscriptionId = String(session.subscription);
    // Here the first invoice arrives before the session event: its discount is checked too.
    const first = double().invoice(subscriptionId, 'subscription_create');
    expect(first.json).toMatchObject({ subtotal: 1999, total: 1499, amount_paid: 1499 });
    await send('invoice.paid', first.json);
    await send('checkout.session.completed', session);
    expect(await transactionRow(t.database.db, transactionId)).toMatchObject({
      amountCents: 1499,
      discountCents: 500,
    });

    const renewal = double().invoice(subscriptionId, 'subscription_cycle');
    await send('invoice.paid', renewal.json);
    const [row] = await renewalsOf(u.id, renewal.json.id);
    expect(row).toMatchObject({ status: 'completed', amountCents: 1499, discountCents: 500 });
    expect(row?.promotionCode).toMatch(/^di_/);
    const endAfterRenewal = (await subscriptionOf(t.database.db, u.id))?.endDate.toISOString();
    expect(endAfterRenewal).toBe('2026-08-01T12:00:00.000Z');

    // A renewal charged 14.99 with no discount on it: not recorded, no month given.
    const odd = double().invoice(subscriptionId, 'subscription_cycle');
    await send('invoice.paid', {
      ...odd.json,
      subtotal: 1999,
      total: 1499,
      amount_paid: 1499,
      discounts: [],
      total_discount_amounts: [],
    });
    expect(await renewalsOf(u.id, odd.json.id)).toHaveLength(0);
    expect((await subscriptionOf(t.database.db, u.id))?.endDate.toISOString()).toBe(
      endAfterRenewal,
    );
  });
});
