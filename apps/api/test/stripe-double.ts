import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import { createPriceChanges, periodSeconds } from './stripe-double-plan-change';
import { createPromotionsApi, type PromotionLike } from './stripe-double-promotions';

/** Form fields as the SDK sends them: `metadata[transactionId]`, `line_items[0][price_data][unit_amount]`… */
export type FormBody = Record<string, string>;
export type RecordedRequest = {
  method: string;
  path: string;
  body: FormBody;
  idempotencyKey: string | null;
};

type Json = Record<string, unknown>;

export type DoubleSession = {
  id: string;
  mode: 'payment' | 'subscription';
  status: 'open' | 'complete' | 'expired';
  payment_status: 'paid' | 'unpaid' | 'no_payment_required';
  customer: string | null;
  client_reference_id: string | null;
  metadata: Record<string, string>;
  subscriptionMetadata: Record<string, string>;
  /** The price before discounts (`amount_subtotal`); `amount_total` is after them. */
  amount_subtotal: number;
  amount_total: number;
  currency: string;
  expires_at: number;
  /** `allow_promotion_codes`: Stripe's page offers the code field only then. */
  allowPromotionCodes: boolean;
  /** The promotion the customer applied on the page, and what it took off. */
  discount: { promotion: DoublePromotion; amount: number } | null;
  payment_intent: string | null;
  subscription: string | null;
  invoice: string | null;
  success_url: string;
  cancel_url: string;
  recurring: { interval: string; interval_count: number } | null;
  /** `subscription_data[trial_period_days]`: the subscription starts `trialing`, nothing due. */
  trialPeriodDays: number | null;
  productName: string;
  body: FormBody;
};

export type DoubleSubscription = {
  id: string;
  status: string;
  cancel_at_period_end: boolean;
  customer: string;
  metadata: Record<string, string>;
  amount: number;
  /** A promotion applied at checkout stays on the subscription (`once`: first invoice only). */
  promotion: DoublePromotion | null;
  /** Unix seconds: the period's end, and a trial's end once one is set (`trialing` till then). */
  periodEnd: number;
  trialEnd: number | null;
  /** Its one subscription item (a plan change names it), months per period, the period's start,
   * and proration lines a plan change left for the next renewal invoice. */
  itemId: string;
  months: number;
  periodStart: number;
  pendingProration: number;
};

/** A promotion code and its coupon, as created in the Dashboard (or through the API, with its
 * restrictions: stripe-double-promotions.ts). */
export type DoublePromotion = PromotionLike;

const rid = (prefix: string) => `${prefix}_test_${randomBytes(12).toString('hex')}`;

function nested(body: FormBody, prefix: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(body)) {
    if (
      key.startsWith(`${prefix}[`) &&
      key.endsWith(']') &&
      !key.slice(prefix.length + 1, -1).includes('[')
    ) {
      out[key.slice(prefix.length + 1, -1)] = value;
    }
  }
  return out;
}

/**
 * An in-process HTTP double of exactly the Stripe endpoints MagoTips uses, answering like
 * Stripe (JSON objects, list envelopes, `{ error: { type, code, message } }` with 4xx). The
 * official SDK talks to it through STRIPE_API_URL; tests drive what Stripe would do on its
 * side (a customer paying, a renewal, a refund) and sign the events Stripe would send.
 */
export async function startStripeDouble(opts: { webhookSecret?: string } = {}) {
  const webhookSecret = opts.webhookSecret ?? 'whsec_test_double_secret';
  const secretKey = 'sk_test_double_key';
  const sessions = new Map<string, DoubleSession>();
  const subscriptions = new Map<string, DoubleSubscription>();
  const customers = new Map<string, Json>();
  const invoicePayments: { id: string; invoice: string; paymentIntent: string }[] = [];
  const promotions = new Map<string, DoublePromotion>();
  const priceChanges = createPriceChanges(subscriptions, rid, (status, message, code) =>
    error(status, message, code),
  );
  const promotionsApi = createPromotionsApi(promotions, rid, (status, message, code) =>
    error(status, message, code),
  );
  /** Stripe's arithmetic: percent_off rounded to the cent, amount_off at most the amount. */
  const discountOf = (p: DoublePromotion, amount: number) =>
    p.percentOff !== null
      ? Math.round((amount * p.percentOff) / 100)
      : Math.min(p.amountOff ?? 0, amount);

  function promotionJson(p: DoublePromotion): Json {
    return {
      id: p.id,
      object: 'promotion_code',
      code: p.code,
      active: true,
      promotion: { type: 'coupon', coupon: p.coupon },
      livemode: false,
    };
  }
  /** Invoices as Stripe now has them (GET /v1/invoices/:id), by id. */
  const invoices = new Map<string, Json>();
  /** Billing portal sessions created (POST /v1/billing_portal/sessions). */
  const portalSessions: Json[] = [];
  const requests: RecordedRequest[] = [];
  const idempotent = new Map<string, { status: number; body: Json }>();
  /** The next checkout creation is refused with this HTTP status (a provider failure). */
  const control = {
    failNextCheckout: 0,
    /** This many subscription updates are answered 500 (Stripe down) before they work again. */
    failSubscriptionUpdates: 0,
    /** This many subscription updates are made and then answered 500, as when the answer is
     * lost on the way back (the change happened at Stripe; the caller cannot know). */
    loseSubscriptionUpdateAnswers: 0,
    /** This many portal session creations are answered 500 before they work again. */
    failPortalSessions: 0,
  };

  /** `expand: ['discounts.promotion_code']` turns the promotion code's id into the object. */
  function sessionJson(s: DoubleSession, expand: string[] = []): Json {
    const expandCode = expand.includes('discounts.promotion_code');
    return {
      id: s.id,
      object: 'checkout.session',
      mode: s.mode,
      status: s.status,
      payment_status: s.payment_status,
      url: s.status === 'open' ? `https://checkout.stripe.test/c/pay/${s.id}` : null,
      customer: s.customer,
      client_reference_id: s.client_reference_id,
      metadata: s.metadata,
      amount_subtotal: s.amount_subtotal,
      amount_total: s.amount_total,
      total_details: {
        amount_discount: s.discount?.amount ?? 0,
        amount_shipping: 0,
        amount_tax: 0,
      },
      discounts: s.discount
        ? [
            {
              coupon: s.discount.promotion.coupon,
              promotion_code: expandCode
                ? promotionJson(s.discount.promotion)
                : s.discount.promotion.id,
            },
          ]
        : [],
      allow_promotion_codes: s.allowPromotionCodes,
      currency: s.currency,
      expires_at: s.expires_at,
      payment_intent: s.payment_intent,
      subscription: s.subscription,
      invoice: s.invoice,
      success_url: s.success_url,
      cancel_url: s.cancel_url,
      livemode: false,
      created: Math.floor(Date.now() / 1000),
    };
  }

  function subscriptionJson(s: DoubleSubscription): Json {
    return {
      id: s.id,
      object: 'subscription',
      status: s.status,
      cancel_at_period_end: s.cancel_at_period_end,
      cancel_at: null,
      customer: s.customer,
      metadata: s.metadata,
      trial_end: s.trialEnd,
      items: {
        object: 'list',
        data: [
          {
            id: s.itemId,
            object: 'subscription_item',
            current_period_start: s.periodStart,
            // A trial set on a running subscription ends its current period there.
            current_period_end: s.trialEnd ?? s.periodEnd,
          },
        ],
        has_more: false,
      },
      livemode: false,
    };
  }

  const error = (status: number, message: string, code?: string) => ({
    status,
    body: { error: { type: 'invalid_request_error', message, ...(code ? { code } : {}) } },
  });
  const missing = (what: string, id: string) =>
    error(404, `No such ${what}: '${id}'`, 'resource_missing');

  function route(
    method: string,
    path: string,
    query: URLSearchParams,
    body: FormBody,
  ): { status: number; body: Json } {
    let m: RegExpExecArray | null;
    if (method === 'POST' && path === '/v1/customers') {
      const customer = {
        id: rid('cus'),
        object: 'customer',
        email: body.email ?? null,
        name: body.name ?? null,
        metadata: nested(body, 'metadata'),
      };
      customers.set(customer.id, customer);
      return { status: 200, body: customer };
    }
    if (method === 'POST' && path === '/v1/checkout/sessions') {
      if (control.failNextCheckout) {
        const status = control.failNextCheckout;
        control.failNextCheckout = 0;
        return error(status, 'Simulated failure');
      }
      const mode = body.mode === 'subscription' ? 'subscription' : 'payment';
      const offered = promotionsApi.sessionDiscount(body);
      if (offered.refused) return offered.refused;
      const interval = body['line_items[0][price_data][recurring][interval]'];
      const session: DoubleSession = {
        id: rid('cs'),
        mode,
        status: 'open',
        payment_status: 'unpaid',
        customer: body.customer ?? null,
        client_reference_id: body.client_reference_id ?? null,
        metadata: nested(body, 'metadata'),
        subscriptionMetadata: {
          ...nested(body, 'subscription_data[metadata]'),
        },
        amount_subtotal: Number(body['line_items[0][price_data][unit_amount]'] ?? 0),
        amount_total: Number(body['line_items[0][price_data][unit_amount]'] ?? 0),
        allowPromotionCodes: body.allow_promotion_codes === 'true',
        discount: null,
        currency: body['line_items[0][price_data][currency]'] ?? 'usd',
        expires_at: Number(body.expires_at ?? Math.floor(Date.now() / 1000) + 86_400),
        payment_intent: null,
        subscription: null,
        invoice: null,
        success_url: body.success_url ?? '',
        cancel_url: body.cancel_url ?? '',
        recurring: interval
          ? {
              interval,
              interval_count: Number(
                body['line_items[0][price_data][recurring][interval_count]'] ?? 1,
              ),
            }
          : null,
        trialPeriodDays: body['subscription_data[trial_period_days]']
          ? Number(body['subscription_data[trial_period_days]'])
          : null,
        productName: body['line_items[0][price_data][product_data][name]'] ?? '',
        body,
      };
      if (offered.promotion) {
        // Applied from the start: the page shows it, with no code field.
        const amount = discountOf(offered.promotion, session.amount_subtotal);
        session.discount = { promotion: offered.promotion, amount };
        session.amount_total = session.amount_subtotal - amount;
      }
      sessions.set(session.id, session);
      return { status: 200, body: sessionJson(session) };
    }
    if ((m = /^\/v1\/checkout\/sessions\/([^/]+)$/.exec(path)) && method === 'GET') {
      const s = sessions.get(m[1] ?? '');
      // The SDK sends `expand[0]=…` in the query string of a GET.
      const expand = [...query.entries()].filter(([k]) => k.startsWith('expand')).map(([, v]) => v);
      return s
        ? { status: 200, body: sessionJson(s, expand) }
        : missing('checkout.session', m[1] ?? '');
    }
    if ((m = /^\/v1\/checkout\/sessions\/([^/]+)\/expire$/.exec(path)) && method === 'POST') {
      const s = sessions.get(m[1] ?? '');
      if (!s) return missing('checkout.session', m[1] ?? '');
      if (s.status !== 'open')
        return error(400, 'Only Checkout Sessions with a status in ["open"] can be expired.');
      s.status = 'expired';
      return { status: 200, body: sessionJson(s) };
    }
    if ((m = /^\/v1\/subscriptions\/([^/]+)$/.exec(path))) {
      const s = subscriptions.get(m[1] ?? '');
      if (!s) return missing('subscription', m[1] ?? '');
      if (method === 'POST' && control.failSubscriptionUpdates > 0) {
        control.failSubscriptionUpdates -= 1;
        return { status: 500, body: { error: { type: 'api_error', message: 'Simulated outage' } } };
      }
      if (method === 'POST') {
        const refused = priceChanges.update(s, body);
        if (refused) return refused;
        if (control.loseSubscriptionUpdateAnswers > 0) {
          control.loseSubscriptionUpdateAnswers -= 1;
          return { status: 500, body: { error: { type: 'api_error', message: 'Lost answer' } } };
        }
      }
      if (method === 'POST' && body.cancel_at_period_end !== undefined)
        s.cancel_at_period_end = body.cancel_at_period_end === 'true';
      if (method === 'POST' && body.trial_end !== undefined) {
        // 'now' ends a trial. Stripe refuses a past timestamp; the double does not check, as the
        // tests' clocks are not the wall clock.
        const at =
          body.trial_end === 'now' ? Math.floor(Date.now() / 1000) : Number(body.trial_end);
        if (!Number.isInteger(at)) return error(400, 'Invalid integer: trial_end');
        s.trialEnd = body.trial_end === 'now' ? null : at;
        if (body.trial_end === 'now') s.periodEnd = at;
        s.status = s.trialEnd === null ? 'active' : 'trialing';
      }
      return { status: 200, body: subscriptionJson(s) };
    }
    if ((m = /^\/v1\/invoices\/([^/]+)$/.exec(path)) && method === 'GET') {
      const invoice = invoices.get(m[1] ?? '');
      return invoice ? { status: 200, body: invoice } : missing('invoice', m[1] ?? '');
    }
    if (method === 'POST' && path === '/v1/billing_portal/sessions') {
      if (control.failPortalSessions > 0) {
        control.failPortalSessions -= 1;
        return { status: 500, body: { error: { type: 'api_error', message: 'Simulated outage' } } };
      }
      if (!body.customer || !customers.has(body.customer))
        return missing('customer', body.customer ?? '');
      const id = rid('bps');
      const session = {
        id,
        object: 'billing_portal.session',
        customer: body.customer,
        return_url: body.return_url ?? null,
        url: `https://billing.stripe.test/p/session/${id}`,
        created: Math.floor(Date.now() / 1000),
        livemode: false,
      };
      portalSessions.push(session);
      return { status: 200, body: session };
    }
    if (method === 'GET' && path === '/v1/invoice_payments') {
      const pi = query.get('payment[payment_intent]');
      const data = invoicePayments
        .filter((p) => p.paymentIntent === pi)
        .map((p) => ({
          id: p.id,
          object: 'invoice_payment',
          invoice: p.invoice,
          payment: { type: 'payment_intent', payment_intent: p.paymentIntent },
          status: 'paid',
        }));
      return {
        status: 200,
        body: { object: 'list', data, has_more: false, url: '/v1/invoice_payments' },
      };
    }
    return (
      promotionsApi.route(method, path, query, body) ??
      priceChanges.route(method, path, body) ??
      error(404, `Unrecognized request URL (${method}: ${path}).`)
    );
  }

  async function readBody(req: IncomingMessage): Promise<string> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks).toString('utf8');
  }

  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    void (async () => {
      const url = new URL(req.url ?? '/', 'http://stripe.double');
      const raw = await readBody(req);
      const body = Object.fromEntries(new URLSearchParams(raw));
      const key =
        typeof req.headers['idempotency-key'] === 'string' ? req.headers['idempotency-key'] : null;
      const method = req.method ?? 'GET';
      requests.push({ method, path: url.pathname, body, idempotencyKey: key });
      let answer: { status: number; body: Json };
      const replay = key ? idempotent.get(`${method} ${url.pathname} ${key}`) : undefined;
      if (req.headers.authorization !== `Bearer ${secretKey}`) {
        answer = {
          status: 401,
          body: { error: { type: 'invalid_request_error', message: 'Invalid API Key provided' } },
        };
      } else if (replay) {
        // Stripe answers a repeated idempotency key with the first answer, creating nothing.
        answer = replay;
      } else {
        answer = route(method, url.pathname, url.searchParams, body);
        if (key && method === 'POST') idempotent.set(`${method} ${url.pathname} ${key}`, answer);
      }
      res.writeHead(answer.status, {
        'content-type': 'application/json',
        'request-id': rid('req'),
      });
      res.end(JSON.stringify(answer.body));
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  function sessionOf(id: string): DoubleSession {
    const s = sessions.get(id);
    if (!s) throw new Error(`double: no session ${id}`);
    return s;
  }

  let eventCount = 0;

  return {
    url: `http://127.0.0.1:${port}`,
    secretKey,
    webhookSecret,
    sessions,
    subscriptions,
    customers,
    invoices,
    portalSessions,
    requests,
    control,
    /** Coupons, charges and the card each customer pays with (set one to share a card). */
    coupons: promotionsApi.coupons,
    charges: promotionsApi.charges,
    cards: promotionsApi.cards,
    env(): Record<string, string> {
      return {
        STRIPE_SECRET_KEY: secretKey,
        STRIPE_WEBHOOK_SECRET: webhookSecret,
        STRIPE_API_URL: `http://127.0.0.1:${port}`,
      };
    },

    /** A promotion code created in the Dashboard: `percentOff` (rounded to the cent) or
     * `amountOff` cents; `once` discounts a subscription's first invoice only. */
    createPromotion(
      code: string,
      opts: { percentOff?: number; amountOff?: number; duration?: 'once' | 'forever' },
    ): DoublePromotion {
      const promotion: DoublePromotion = {
        id: rid('promo'),
        code,
        coupon: rid('co'),
        percentOff: opts.percentOff ?? null,
        amountOff: opts.amountOff ?? null,
        duration: opts.duration ?? 'once',
      };
      promotions.set(code.toUpperCase(), promotion);
      return promotion;
    },

    /** The customer pays on Stripe's page. `paid: false` is a bank debit still processing.
     * `promotionCode` is typed into the page's field (case-insensitive, as Stripe matches it);
     * the page only has that field when the session allows promotion codes.
     * Subscription mode opens the subscription and its first invoice, as Stripe does. */
    pay(sessionId: string, opts: { paid?: boolean; promotionCode?: string } = {}) {
      const s = sessionOf(sessionId);
      if (opts.promotionCode !== undefined) {
        if (!s.allowPromotionCodes) throw new Error('double: promotion codes not allowed');
        const promotion = promotions.get(opts.promotionCode.trim().toUpperCase());
        if (!promotion) throw new Error(`double: no promotion code ${opts.promotionCode}`);
        const amount = discountOf(promotion, s.amount_subtotal);
        s.discount = { promotion, amount };
        s.amount_total = s.amount_subtotal - amount;
      }
      s.status = 'complete';
      s.payment_status = opts.paid === false ? 'unpaid' : 'paid';
      // A trial: Stripe's page takes the card and charges nothing until the trial ends.
      const trialEnd = s.trialPeriodDays
        ? Math.floor(Date.now() / 1000) + s.trialPeriodDays * 86_400
        : null;
      if (trialEnd !== null) {
        s.payment_status = 'no_payment_required';
        s.amount_subtotal = 0;
        s.amount_total = 0;
      }
      if (s.mode === 'payment') {
        s.payment_intent = rid('pi');
        if (s.payment_status === 'paid')
          promotionsApi.recordCharge(
            s.customer,
            s.payment_intent,
            s.amount_total,
            s.discount?.promotion ?? null,
          );
      } else {
        const months =
          s.recurring?.interval === 'year'
            ? 12 * s.recurring.interval_count
            : (s.recurring?.interval_count ?? 1);
        const nowUnix = Math.floor(Date.now() / 1000);
        const sub: DoubleSubscription = {
          itemId: rid('si'),
          months,
          periodStart: nowUnix,
          pendingProration: 0,
          id: rid('sub'),
          status: 'active',
          cancel_at_period_end: false,
          customer: s.customer ?? rid('cus'),
          metadata: s.subscriptionMetadata,
          amount: Number(s.body['line_items[0][price_data][unit_amount]'] ?? s.amount_subtotal),
          promotion: s.discount?.promotion ?? null,
          periodEnd: trialEnd ?? nowUnix + periodSeconds(months),
          trialEnd,
        };
        if (trialEnd !== null) sub.status = 'trialing';
        subscriptions.set(sub.id, sub);
        s.subscription = sub.id;
        s.invoice = rid('in');
        const firstPayment = rid('pi');
        invoicePayments.push({ id: rid('inpay'), invoice: s.invoice, paymentIntent: firstPayment });
        if (s.payment_status === 'paid')
          promotionsApi.recordCharge(
            s.customer,
            firstPayment,
            s.amount_total,
            s.discount?.promotion ?? null,
          );
      }
      return sessionJson(s);
    },

    /** The session's life ran out on Stripe's side. */
    expire(sessionId: string) {
      const s = sessionOf(sessionId);
      s.status = 'expired';
      return sessionJson(s);
    },

    sessionJson: (id: string) => sessionJson(sessionOf(id)),
    subscriptionJson(id: string) {
      const s = subscriptions.get(id);
      if (!s) throw new Error(`double: no subscription ${id}`);
      return subscriptionJson(s);
    },

    /** An invoice of a subscription: the first one of a checkout (`subscription_create`, the
     * id the session already names) or a renewal (`subscription_cycle`, a new id). */
    invoice(
      subscriptionId: string,
      reason: 'subscription_create' | 'subscription_cycle',
      opts: { paid?: boolean; nextPaymentAttempt?: number | null } = {},
    ) {
      const sub = subscriptions.get(subscriptionId);
      if (!sub) throw new Error(`double: no subscription ${subscriptionId}`);
      const session = [...sessions.values()].find((x) => x.subscription === subscriptionId);
      const id = reason === 'subscription_create' && session?.invoice ? session.invoice : rid('in');
      let pi = invoicePayments.find((p) => p.invoice === id)?.paymentIntent;
      if (!pi) {
        pi = rid('pi');
        invoicePayments.push({ id: rid('inpay'), invoice: id, paymentIntent: pi });
      }
      const paid = opts.paid !== false;
      // A subscription-level discount: `subtotal` before it, `total` after it, and the discount
      // named in `discounts` and `total_discount_amounts` (ids, unexpanded, as in an event).
      const promotion =
        sub.promotion && (reason === 'subscription_create' || sub.promotion.duration === 'forever')
          ? sub.promotion
          : null;
      const discount = promotion ? discountOf(promotion, sub.amount) : 0;
      const discountId = promotion ? `di_${promotion.coupon}` : null;
      // The first invoice of a trial is Stripe's $0 one.
      const trialFirst = reason === 'subscription_create' && session?.trialPeriodDays;
      // A renewal carries what a plan change left for it, as a line of its own.
      const prorated = reason === 'subscription_cycle' ? sub.pendingProration : 0;
      if (reason === 'subscription_cycle') sub.pendingProration = 0;
      const total = trialFirst ? 0 : sub.amount + prorated - discount;
      const json = {
        id,
        object: 'invoice',
        billing_reason: reason,
        status: paid ? 'paid' : 'open',
        subtotal: trialFirst ? 0 : sub.amount + prorated,
        total,
        amount_paid: paid ? total : 0,
        amount_due: total,
        attempt_count: 1,
        next_payment_attempt: paid ? null : (opts.nextPaymentAttempt ?? null),
        period_end: sub.periodEnd,
        discounts: discountId ? [discountId] : [],
        total_discount_amounts: discountId ? [{ amount: discount, discount: discountId }] : [],
        currency: 'usd',
        customer: sub.customer,
        parent: {
          type: 'subscription_details',
          quote_details: null,
          subscription_details: { subscription: subscriptionId, metadata: sub.metadata },
        },
        livemode: false,
      };
      invoices.set(id, { ...json });
      return { json, paymentIntent: pi };
    },

    /** Prices created (POST /v1/prices), by id. */
    prices: priceChanges.prices,
    /** The invoice a plan change of another period made at once (the newest), as invoice.paid
     * carries it; stored so GET /v1/invoices/:id answers it too. */
    updateInvoice(subscriptionId: string) {
      const list = priceChanges.updateInvoices.get(subscriptionId) ?? [];
      const invoice = list[list.length - 1];
      if (!invoice) throw new Error(`double: no update invoice for ${subscriptionId}`);
      invoices.set(String(invoice.id), { ...invoice });
      return { ...invoice };
    },

    /** Stripe retried an invoice: paid now, or failed with its next attempt (null: the last). */
    retryInvoice(invoiceId: string, opts: { paid: boolean; nextPaymentAttempt?: number | null }) {
      const invoice = invoices.get(invoiceId);
      if (!invoice) throw new Error(`double: no invoice ${invoiceId}`);
      invoice.status = opts.paid ? 'paid' : 'open';
      invoice.amount_paid = opts.paid ? invoice.amount_due : 0;
      invoice.attempt_count = Number(invoice.attempt_count ?? 1) + 1;
      invoice.next_payment_attempt = opts.paid ? null : (opts.nextPaymentAttempt ?? null);
      return { ...invoice };
    },

    /** The renewal of a subscription, as invoice.upcoming carries it: no id yet. */
    upcomingInvoice(subscriptionId: string, at: number) {
      const sub = subscriptions.get(subscriptionId);
      if (!sub) throw new Error(`double: no subscription ${subscriptionId}`);
      return {
        object: 'invoice',
        billing_reason: 'upcoming',
        status: 'draft',
        subtotal: sub.amount,
        total: sub.amount,
        amount_due: sub.amount,
        amount_paid: 0,
        currency: 'usd',
        customer: sub.customer,
        next_payment_attempt: at,
        period_end: at,
        parent: {
          type: 'subscription_details',
          quote_details: null,
          subscription_details: { subscription: subscriptionId, metadata: sub.metadata },
        },
        livemode: false,
      };
    },

    /** Stripe ends a subscription: for failed payments (dunning gave up) or on request. Answers
     * the object customer.subscription.deleted carries. */
    deleteSubscription(id: string, reason: 'payment_failed' | 'cancellation_requested') {
      const s = subscriptions.get(id);
      if (!s) throw new Error(`double: no subscription ${id}`);
      s.status = 'canceled';
      return { ...subscriptionJson(s), cancellation_details: { reason, comment: null } };
    },

    /** The subscription moves to another status (past_due while retrying, unpaid at the end). */
    setSubscriptionStatus(id: string, status: string) {
      const s = subscriptions.get(id);
      if (!s) throw new Error(`double: no subscription ${id}`);
      s.status = status;
      return subscriptionJson(s);
    },

    /** A refund of the payment `paymentIntent` (full unless `amountRefunded` is less). */
    charge(paymentIntent: string, opts: { amount: number; amountRefunded?: number }) {
      const refunded = opts.amountRefunded ?? opts.amount;
      return {
        id: rid('ch'),
        object: 'charge',
        amount: opts.amount,
        amount_refunded: refunded,
        refunded: refunded >= opts.amount,
        payment_intent: paymentIntent,
        currency: 'usd',
        livemode: false,
      };
    },

    /** A webhook delivery as Stripe sends it: the JSON and its Stripe-Signature header. */
    event(type: string, object: Json, opts: { id?: string; secret?: string } = {}) {
      eventCount += 1;
      const payload = JSON.stringify({
        id: opts.id ?? `evt_test_${eventCount}_${randomBytes(6).toString('hex')}`,
        object: 'event',
        api_version: Stripe.API_VERSION,
        created: Math.floor(Date.now() / 1000),
        type,
        data: { object },
        livemode: false,
        pending_webhooks: 1,
        request: { id: null, idempotency_key: null },
      });
      const signature = Stripe.webhooks.generateTestHeaderString({
        payload,
        secret: opts.secret ?? webhookSecret,
      });
      return { payload, signature };
    },

    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
export type StripeDouble = Awaited<ReturnType<typeof startStripeDouble>>;
