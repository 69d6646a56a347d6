/**
 * The Stripe double's prices, upcoming-invoice previews and subscription item updates (decision
 * 0100), written from Stripe's documentation rather than from our code: Stripe prorates by the
 * second, each line rounded to the cent; with `proration_behavior=create_prorations` the same
 * billing period puts the credit for the unused time and the charge for the remaining time on
 * the next invoice, while a change of billing period resets the cycle to the proration date and
 * invoices at once (billing_reason `subscription_update`).
 */
type Json = Record<string, unknown>;
type FormBody = Record<string, string>;
type Answer = { status: number; body: Json };

export type PriceChangeSubscription = {
  id: string;
  itemId: string;
  amount: number;
  /** Months per period (interval month × interval_count, or 12 for a yearly interval). */
  months: number;
  periodStart: number;
  periodEnd: number;
  trialEnd: number | null;
  customer: string;
  metadata: Record<string, string>;
  /** Proration lines waiting for the next renewal invoice. */
  pendingProration: number;
};

type Price = { id: string; unit_amount: number; months: number; name: string };

const DAY = 86_400;
export const periodSeconds = (months: number) => months * 30 * DAY;

function line(amount: number, proration: boolean, description: string): Json {
  return {
    object: 'line_item',
    amount,
    description,
    parent: {
      type: 'subscription_item_details',
      subscription_item_details: { proration, proration_details: null, invoice_item: null },
    },
  };
}

export function createPriceChanges(
  subscriptions: Map<string, PriceChangeSubscription>,
  rid: (prefix: string) => string,
  error: (status: number, message: string, code?: string) => Answer,
) {
  const prices = new Map<string, Price>();
  /** Invoices a period change created at once, by subscription (newest last). */
  const updateInvoices = new Map<string, Json[]>();

  function monthsOf(body: FormBody, prefix: string): number {
    const interval = body[`${prefix}[interval]`];
    const count = Number(body[`${prefix}[interval_count]`] ?? 1);
    return interval === 'year' ? 12 * count : count;
  }

  /** The lines a move of `sub` to `price` at `at` brings, and whether they are invoiced now. */
  function prorationOf(sub: PriceChangeSubscription, price: Price, at: number) {
    if (at < sub.periodStart || at > sub.periodEnd) return null;
    const share = (sub.periodEnd - at) / (sub.periodEnd - sub.periodStart);
    const credit = -Math.round(sub.amount * share);
    const newPeriod = price.months !== sub.months;
    const lines = newPeriod
      ? [line(credit, true, 'Unused time'), line(price.unit_amount, false, price.name)]
      : [
          line(credit, true, 'Unused time'),
          line(Math.round(price.unit_amount * share), true, `Remaining time on ${price.name}`),
          line(price.unit_amount + sub.pendingProration, false, price.name),
        ];
    const prorations = lines
      .slice(0, newPeriod ? 1 : 2)
      .reduce((sum, l) => sum + Number(l.amount), 0);
    const total = lines.reduce((sum, l) => sum + Number(l.amount), 0);
    return { lines, prorations, total, newPeriod };
  }

  function invoiceJson(sub: PriceChangeSubscription, lines: Json[], total: number, extra: Json) {
    return {
      object: 'invoice',
      subtotal: total,
      total,
      amount_due: Math.max(0, total),
      currency: 'usd',
      customer: sub.customer,
      lines: { object: 'list', data: lines, has_more: false },
      parent: {
        type: 'subscription_details',
        quote_details: null,
        subscription_details: { subscription: sub.id, metadata: { ...sub.metadata } },
      },
      livemode: false,
      ...extra,
    };
  }

  /** The form key of `path`: nested under `subscription_details` in a preview, top level in
   * an update (`items[0][id]`, `proration_date`). */
  type Key = (...path: string[]) => string;
  const previewKey: Key = (...path) => `subscription_details[${path.join('][')}]`;
  const updateKey: Key = (first, ...rest) => `${first}${rest.map((p) => `[${p}]`).join('')}`;

  /** Reads the item, its new price and the proration fields. */
  function requested(sub: PriceChangeSubscription, body: FormBody, key: Key) {
    const itemId = body[key('items', '0', 'id')];
    const priceId = body[key('items', '0', 'price')] ?? '';
    if (itemId !== sub.itemId) return error(400, `Invalid subscription item: ${itemId ?? ''}`);
    const price = prices.get(priceId);
    if (!price) return error(404, `No such price: '${priceId}'`, 'resource_missing');
    if (body[key('proration_behavior')] !== 'create_prorations')
      return error(400, 'Expected proration_behavior=create_prorations in this double');
    const at = Number(body[key('proration_date')]);
    const proration = prorationOf(sub, price, at);
    if (!proration)
      return error(400, 'proration_date must be within the current subscription period');
    return { price, at, proration };
  }

  return {
    prices,
    updateInvoices,

    route(method: string, path: string, body: FormBody): Answer | null {
      if (method === 'POST' && path === '/v1/prices') {
        const unit = Number(body.unit_amount);
        if (!Number.isInteger(unit) || unit <= 0) return error(400, 'Invalid unit_amount');
        if (!body['product_data[name]'] && !body.product) return error(400, 'Missing product');
        const price: Price = {
          id: rid('price'),
          unit_amount: unit,
          months: monthsOf(body, 'recurring'),
          name: body['product_data[name]'] ?? '',
        };
        prices.set(price.id, price);
        return {
          status: 200,
          body: {
            id: price.id,
            object: 'price',
            unit_amount: unit,
            currency: body.currency ?? 'usd',
            recurring: {
              interval: body['recurring[interval]'],
              interval_count: Number(body['recurring[interval_count]'] ?? 1),
            },
            product: rid('prod'),
            livemode: false,
          },
        };
      }
      if (method === 'POST' && path === '/v1/invoices/create_preview') {
        const sub = subscriptions.get(body.subscription ?? '');
        if (!sub) return error(404, `No such subscription: '${body.subscription ?? ''}'`);
        const asked = requested(sub, body, previewKey);
        if ('status' in asked) return asked;
        const { proration } = asked;
        return {
          status: 200,
          body: invoiceJson(sub, proration.lines, proration.total, {
            id: null,
            billing_reason: proration.newPeriod ? 'subscription_update' : 'upcoming',
            status: 'draft',
          }),
        };
      }
      return null;
    },

    /** POST /v1/subscriptions/:id with items: the move itself. */
    update(sub: PriceChangeSubscription, body: FormBody): Answer | null {
      if (body['items[0][id]'] === undefined) return null;
      const asked = requested(sub, body, updateKey);
      if ('status' in asked) return asked;
      const { price, at, proration } = asked;
      for (const [key, value] of Object.entries(body)) {
        const m = /^metadata\[(.+)\]$/.exec(key);
        if (m?.[1]) sub.metadata[m[1]] = value;
      }
      sub.amount = price.unit_amount;
      if (proration.newPeriod) {
        sub.months = price.months;
        sub.periodStart = at;
        sub.periodEnd = at + periodSeconds(price.months);
        const invoice = invoiceJson(sub, proration.lines, proration.total, {
          id: rid('in'),
          billing_reason: 'subscription_update',
          status: 'paid',
          amount_paid: Math.max(0, proration.total),
        });
        updateInvoices.set(sub.id, [...(updateInvoices.get(sub.id) ?? []), invoice]);
      } else {
        sub.pendingProration += proration.prorations;
      }
      return null;
    },
  };
}
