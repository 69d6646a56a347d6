import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildPaymentsApp, type PaymentsTestApp, transactionRow } from '../../../test/payments';
import { referralCalls } from '../../../test/referrals';
import { createStripeProvider } from '../payments/stripe-provider';
import { welcomeCouponId } from '../payments/stripe-promotions';

// The friend's 10 % at Stripe and the card check (decision 0119), through the real SDK and the
// double: a coupon of 10 % once, a promotion code for the friend's customer only, passed as the
// session's `discounts` (never beside allow_promotion_codes); the same card on both accounts is
// a self-referral.
let t: PaymentsTestApp;
beforeAll(async () => {
  t = await buildPaymentsApp({ stripe: true });
});
afterAll(() => t.close());

const calls = referralCalls(() => t);
const { referrer, friendOf, settle, referralOf, giftsOf, rewardMails, send } = calls;
const double = () => calls.double();
const posts = (path: string) =>
  double().requests.filter((r) => r.method === 'POST' && r.path === path);

/** Pays the session on Stripe's page and tells the app as Stripe's webhook would. */
async function payAtStripe(sessionId: string) {
  const session = double().pay(sessionId);
  await send('checkout.session.completed', session);
  return session;
}

describe('the welcome discount at Stripe', () => {
  it('opens the checkout with the friend’s own promotion code, and completes at 90 %', async () => {
    const ana = await referrer();
    const bea = await friendOf(ana.code);
    const { transactionId, sessionId } = await calls.buyEurope(bea);
    const tx = await transactionRow(t.database.db, transactionId);
    const customer = double().sessions.get(sessionId)?.customer;

    const [coupon] = posts('/v1/coupons');
    expect(coupon?.body).toMatchObject({
      id: welcomeCouponId(10),
      percent_off: '10',
      duration: 'once',
    });
    const [promotion] = posts('/v1/promotion_codes');
    expect(promotion?.body).toMatchObject({
      'promotion[type]': 'coupon',
      'promotion[coupon]': welcomeCouponId(10),
      code: tx.offeredPromotionCode,
      customer,
      max_redemptions: '1',
      'restrictions[first_time_transaction]': 'true',
    });
    const create = posts('/v1/checkout/sessions').at(-1);
    expect(create?.body.allow_promotion_codes).toBeUndefined();
    expect(create?.body['discounts[0][promotion_code]']).toMatch(/^promo_/);

    const session = await payAtStripe(sessionId);
    expect(session).toMatchObject({ amount_subtotal: 1999, amount_total: 1799 });
    expect(await transactionRow(t.database.db, transactionId)).toMatchObject({
      status: 'completed',
      amountCents: 1799,
      discountCents: 200,
      promotionCode: tx.offeredPromotionCode,
    });
    expect((await referralOf(bea.id))?.status).toBe('pending');
  });

  it('reuses the code on the next checkout and makes the coupon once', async () => {
    const ana = await referrer();
    const bea = await friendOf(ana.code);
    const codes = posts('/v1/promotion_codes').length;
    const one = await calls.buyEurope(bea);
    const two = await calls.subscribe(bea);
    expect(posts('/v1/promotion_codes')).toHaveLength(codes + 1);
    const ids = [one, two].map(
      (c) =>
        double().requests.find(
          (r) =>
            r.path === '/v1/checkout/sessions' && r.body.client_reference_id === c.transactionId,
        )?.body['discounts[0][promotion_code]'],
    );
    expect(ids[0]).toMatch(/^promo_/);
    expect(ids[1]).toBe(ids[0]);
    expect(posts('/v1/coupons')).toHaveLength(1);
    // Another instance (or this one restarted) finds the coupon made: Stripe refuses the id as
    // existing, and the code is made on it all the same.
    const stripe = t.app.payments.stripe;
    if (!stripe) throw new Error('no Stripe client');
    const made = await createStripeProvider(stripe).createPromotionCode({
      code: 'AMIGO-ZZZZZZZZ',
      percentOff: 10,
      userId: bea.id,
      customerId: null,
    });
    expect(made.id).toMatch(/^promo_/);
    expect(posts('/v1/coupons')).toHaveLength(2);
    expect(double().coupons.size).toBe(1);
  });

  it('a reader nobody referred gets the code field, as before', async () => {
    const solo = await calls.reader();
    await calls.buyEurope(solo);
    const create = posts('/v1/checkout/sessions').at(-1);
    expect(create?.body.allow_promotion_codes).toBe('true');
    expect(create?.body['discounts[0][promotion_code]']).toBeUndefined();
  });
});

// The clock moves 14 days at a time: packs end, so these readers buy a month of premium.
describe('settlement at Stripe', () => {
  it('gives the month when the cards differ', async () => {
    const ana = await referrer();
    // Ana has paid at Stripe with her own card.
    await payAtStripe((await calls.subscribe(ana, false)).sessionId);
    const bea = await friendOf(ana.code);
    await payAtStripe((await calls.subscribe(bea, false)).sessionId);
    await settle();
    expect((await referralOf(bea.id))?.status).toBe('rewarded');
    expect(await giftsOf(ana.id)).toHaveLength(1);
    expect(rewardMails(ana.email)).toHaveLength(1);
  });

  it('gives nothing when the friend paid with the referrer’s card (self-referral)', async () => {
    const ana = await referrer();
    await payAtStripe((await calls.subscribe(ana, false)).sessionId);
    const bea = await friendOf(ana.code);
    const { sessionId } = await calls.subscribe(bea, false);
    const anaCustomer = await t.app.payments.repo.findCustomer(ana.id, 'stripe');
    const beaCustomer = double().sessions.get(sessionId)?.customer;
    const anaCard = double().cards.get(anaCustomer ?? '');
    expect(anaCard).toBeDefined();
    double().cards.set(beaCustomer ?? '', anaCard ?? '');
    await payAtStripe(sessionId);
    await settle();
    expect((await referralOf(bea.id))?.status).toBe('self');
    expect(await giftsOf(ana.id)).toHaveLength(0);
    expect(rewardMails(ana.email)).toHaveLength(0);
  });
});
