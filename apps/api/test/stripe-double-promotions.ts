/**
 * The Stripe double's coupons, promotion codes made through the API, a session's `discounts`
 * and the charges of a customer with their cards (decision 0119), written from Stripe's API
 * reference for the SDK's version ("clover" and later: a promotion code names its coupon as
 * `promotion[type]=coupon`, `promotion[coupon]=…`; a Checkout Session takes either
 * `allow_promotion_codes` or `discounts`, never both; a customer-restricted code is refused for
 * another customer; `GET /v1/charges?customer=` lists charges with
 * `payment_method_details.card.fingerprint`).
 */
import { randomBytes } from 'node:crypto';

type Json = Record<string, unknown>;
type FormBody = Record<string, string>;
type Answer = { status: number; body: Json };

/** A promotion code and its coupon (the shape stripe-double.ts applies to sessions). */
export type PromotionLike = {
  id: string;
  code: string;
  coupon: string;
  percentOff: number | null;
  amountOff: number | null;
  duration: 'once' | 'forever';
  /** Made through the API: only this customer may redeem it, at most this many times. */
  customer?: string | null;
  maxRedemptions?: number | null;
  firstTimeTransaction?: boolean;
  timesRedeemed?: number;
};

type Coupon = {
  id: string;
  percent_off: number | null;
  amount_off: number | null;
  duration: 'once' | 'forever' | 'repeating';
  name: string | null;
};

type Charge = {
  id: string;
  customer: string;
  paymentIntent: string;
  amount: number;
  fingerprint: string;
};

export function createPromotionsApi(
  promotions: Map<string, PromotionLike>,
  rid: (prefix: string) => string,
  error: (status: number, message: string, code?: string) => Answer,
) {
  const coupons = new Map<string, Coupon>();
  const charges: Charge[] = [];
  /** The card each customer pays with: set by a test, else one of their own. */
  const cards = new Map<string, string>();
  const cardOf = (customer: string) => {
    let fingerprint = cards.get(customer);
    if (!fingerprint) {
      fingerprint = `fp_${randomBytes(8).toString('hex')}`;
      cards.set(customer, fingerprint);
    }
    return fingerprint;
  };

  const couponJson = (c: Coupon): Json => ({
    object: 'coupon',
    valid: true,
    livemode: false,
    ...c,
  });

  function promotionJson(p: PromotionLike): Json {
    return {
      id: p.id,
      object: 'promotion_code',
      code: p.code,
      active: true,
      customer: p.customer ?? null,
      max_redemptions: p.maxRedemptions ?? null,
      times_redeemed: p.timesRedeemed ?? 0,
      promotion: { type: 'coupon', coupon: p.coupon },
      restrictions: { first_time_transaction: p.firstTimeTransaction ?? false },
      livemode: false,
    };
  }

  function chargeJson(c: Charge): Json {
    return {
      id: c.id,
      object: 'charge',
      amount: c.amount,
      amount_refunded: 0,
      currency: 'usd',
      customer: c.customer,
      payment_intent: c.paymentIntent,
      paid: true,
      status: 'succeeded',
      payment_method_details: {
        type: 'card',
        card: { brand: 'visa', last4: '4242', fingerprint: c.fingerprint },
      },
      livemode: false,
    };
  }

  function route(
    method: string,
    path: string,
    query: URLSearchParams,
    body: FormBody,
  ): Answer | null {
    let m: RegExpExecArray | null;
    if (method === 'POST' && path === '/v1/coupons') {
      const id = body.id ?? rid('co');
      if (coupons.has(id)) return error(400, `Coupon already exists.`, 'resource_already_exists');
      const percent = body.percent_off === undefined ? null : Number(body.percent_off);
      const amount = body.amount_off === undefined ? null : Number(body.amount_off);
      if ((percent === null) === (amount === null))
        return error(400, 'You must pass exactly one of percent_off or amount_off.');
      const duration = (body.duration ?? 'once') as Coupon['duration'];
      const coupon: Coupon = {
        id,
        percent_off: percent,
        amount_off: amount,
        duration,
        name: body.name ?? null,
      };
      coupons.set(id, coupon);
      return { status: 200, body: couponJson(coupon) };
    }
    if ((m = /^\/v1\/coupons\/([^/]+)$/.exec(path)) && method === 'GET') {
      const coupon = coupons.get(decodeURIComponent(m[1] ?? ''));
      return coupon
        ? { status: 200, body: couponJson(coupon) }
        : error(404, `No such coupon: '${m[1]}'`, 'resource_missing');
    }
    if (method === 'POST' && path === '/v1/promotion_codes') {
      if (body['promotion[type]'] !== 'coupon')
        return error(400, 'Missing required param: promotion[type].', 'parameter_missing');
      const coupon = coupons.get(body['promotion[coupon]'] ?? '');
      if (!coupon)
        return error(400, `No such coupon: '${body['promotion[coupon]']}'`, 'resource_missing');
      const code = body.code ?? rid('CODE').toUpperCase();
      if (promotions.has(code.toUpperCase()))
        return error(
          400,
          'An active promotion code with `code` already exists.',
          'promotion_code_exists',
        );
      const promotion: PromotionLike = {
        id: rid('promo'),
        code,
        coupon: coupon.id,
        percentOff: coupon.percent_off,
        amountOff: coupon.amount_off,
        duration: coupon.duration === 'forever' ? 'forever' : 'once',
        customer: body.customer ?? null,
        maxRedemptions: body.max_redemptions ? Number(body.max_redemptions) : null,
        firstTimeTransaction: body['restrictions[first_time_transaction]'] === 'true',
        timesRedeemed: 0,
      };
      promotions.set(code.toUpperCase(), promotion);
      return { status: 200, body: promotionJson(promotion) };
    }
    if (method === 'GET' && path === '/v1/charges') {
      const customer = query.get('customer');
      const data = charges
        .filter((c) => customer === null || c.customer === customer)
        .reverse()
        .map(chargeJson);
      return { status: 200, body: { object: 'list', data, has_more: false, url: '/v1/charges' } };
    }
    return null;
  }

  /** The session's `discounts[0][promotion_code]` as Stripe judges it at creation: the code
   * exists, `allow_promotion_codes` is not beside it, and a restricted code is the customer's. */
  function sessionDiscount(body: FormBody): {
    promotion: PromotionLike | null;
    refused: Answer | null;
  } {
    const id = body['discounts[0][promotion_code]'];
    if (id === undefined) return { promotion: null, refused: null };
    if (body.allow_promotion_codes !== undefined)
      return {
        promotion: null,
        refused: error(
          400,
          'You may only specify one of these parameters: allow_promotion_codes, discounts.',
        ),
      };
    const promotion = [...promotions.values()].find((p) => p.id === id) ?? null;
    if (!promotion)
      return {
        promotion: null,
        refused: error(400, `No such promotion code: '${id}'`, 'resource_missing'),
      };
    if (promotion.customer && promotion.customer !== body.customer)
      return {
        promotion: null,
        refused: error(400, 'This promotion code cannot be redeemed by this customer.'),
      };
    if (promotion.maxRedemptions && (promotion.timesRedeemed ?? 0) >= promotion.maxRedemptions)
      return { promotion: null, refused: error(400, 'This promotion code has expired.') };
    return { promotion, refused: null };
  }

  return {
    route,
    sessionDiscount,
    coupons,
    charges,
    cards,
    /** A paid session's charge, on the customer's card; its promotion counted as redeemed. */
    recordCharge(
      customer: string | null,
      paymentIntent: string,
      amount: number,
      promotion: PromotionLike | null,
    ) {
      if (promotion) promotion.timesRedeemed = (promotion.timesRedeemed ?? 0) + 1;
      if (!customer || amount <= 0) return;
      charges.push({
        id: rid('ch'),
        customer,
        paymentIntent,
        amount,
        fingerprint: cardOf(customer),
      });
    },
  };
}
