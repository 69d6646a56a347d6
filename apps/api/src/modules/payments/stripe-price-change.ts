import { createHash } from 'node:crypto';
import type Stripe from 'stripe';
import type {
  PriceChangeQuote,
  PriceChangeRequest,
  SubscriptionState,
} from './payment-provider';
import { PaymentProviderError } from './payment-provider';

type Call = <T>(what: string, fn: () => Promise<T>) => Promise<T>;
type ToState = (subscription: Stripe.Subscription) => SubscriptionState;

const unix = (date: Date) => Math.floor(date.getTime() / 1000);

/**
 * Plan changes at Stripe (decision 0100). Stripe's subscription items take a price id (not
 * inline price data as Checkout does), so the new terms become a Price first, created once per
 * plan, amount and period (its idempotency key names them). The preview is Stripe's
 * upcoming-invoice preview (`invoices.createPreview`) with create_prorations and a fixed
 * proration date; the update uses the same date, so it bills exactly what was shown.
 */
export function createStripePriceChange(stripe: Stripe, call: Call, toState: ToState) {
  async function priceFor(request: PriceChangeRequest): Promise<string> {
    const price = await stripe.prices.create(
      {
        currency: request.currency.toLowerCase(),
        unit_amount: request.amountCents,
        recurring: { interval: 'month', interval_count: request.recurringMonths },
        product_data: { name: request.itemName },
      },
      // The same terms are one Price (a header carries the key: hashed, as names have accents).
      { idempotencyKey: `magotips-price-${termsHash(request)}` },
    );
    return price.id;
  }

  async function itemOf(subscriptionId: string): Promise<string> {
    const subscription = await stripe.subscriptions.retrieve(subscriptionId);
    const item = subscription.items.data[0];
    if (!item) throw new PaymentProviderError('Stripe: suscripción sin elementos');
    return item.id;
  }

  return {
    previewPriceChange(request: PriceChangeRequest): Promise<PriceChangeQuote> {
      return call('calcular el cambio de plan', async () => {
        const [item, price] = await Promise.all([
          itemOf(request.subscriptionId),
          priceFor(request),
        ]);
        const invoice = await stripe.invoices.createPreview({
          ...(request.customerId ? { customer: request.customerId } : {}),
          subscription: request.subscriptionId,
          subscription_details: {
            items: [{ id: item, price }],
            proration_behavior: 'create_prorations',
            proration_date: unix(request.prorationDate),
          },
        });
        const prorationCents = invoice.lines.data
          .filter((line) => line.parent?.subscription_item_details?.proration === true)
          .reduce((sum, line) => sum + line.amount, 0);
        return { prorationCents, invoiceTotalCents: invoice.total };
      });
    },

    applyPriceChange(
      request: PriceChangeRequest & { changeId: string; metadata: Record<string, string> },
    ): Promise<SubscriptionState> {
      return call('cambiar de plan', async () => {
        const [item, price] = await Promise.all([
          itemOf(request.subscriptionId),
          priceFor(request),
        ]);
        const updated = await stripe.subscriptions.update(
          request.subscriptionId,
          {
            items: [{ id: item, price }],
            proration_behavior: 'create_prorations',
            proration_date: unix(request.prorationDate),
            metadata: request.metadata,
          },
          // A retried confirmation is the same change, never a second one.
          { idempotencyKey: `magotips-plan-change-${request.changeId}` },
        );
        return toState(updated);
      });
    },
  };
}

function termsHash(request: PriceChangeRequest): string {
  return createHash('sha256')
    .update(`${request.itemName}|${request.amountCents}|${request.recurringMonths}`)
    .digest('hex')
    .slice(0, 32);
}
