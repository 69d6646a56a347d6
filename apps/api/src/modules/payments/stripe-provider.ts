import type Stripe from 'stripe';
import { stripeSdk } from '../../lib/stripe-client';
import {
  type CheckoutRequest,
  type CreatedCheckout,
  type CustomerInput,
  type PaymentProvider,
  PaymentProviderError,
  type SessionState,
  type SubscriptionState,
} from './payment-provider';
import { chargedOfSession } from './stripe-charged';
import { createStripePriceChange } from './stripe-price-change';
import { createStripePromotions } from './stripe-promotions';

/** Sessions are read with their promotion codes expanded, so a discount records the code the
 * buyer typed rather than Stripe's id of it. */
const SESSION_EXPAND = { expand: ['discounts.promotion_code'] };

const idOf = (value: string | { id: string } | null | undefined): string | null =>
  typeof value === 'string' ? value : (value?.id ?? null);

export function toSessionState(session: Stripe.Checkout.Session): SessionState {
  const status =
    session.status === 'complete' ? 'complete' : session.status === 'expired' ? 'expired' : 'open';
  return {
    id: session.id,
    status,
    paid:
      status === 'complete' &&
      (session.payment_status === 'paid' || session.payment_status === 'no_payment_required'),
    transactionId: session.metadata?.transactionId ?? session.client_reference_id ?? null,
    paymentIntentId: idOf(session.payment_intent),
    subscriptionId: idOf(session.subscription),
    invoiceId: idOf(session.invoice),
    customerId: idOf(session.customer),
    charged: chargedOfSession(session),
  };
}

/** Stripe keeps charging while a subscription is in one of these states and not set to end. */
const RENEWING = new Set(['active', 'trialing', 'past_due']);

export function toSubscriptionState(subscription: Stripe.Subscription): SubscriptionState {
  return {
    id: subscription.id,
    status: subscription.status,
    renews:
      RENEWING.has(subscription.status) &&
      !subscription.cancel_at_period_end &&
      subscription.cancel_at === null,
    transactionId: subscription.metadata?.transactionId ?? null,
    customerId: idOf(subscription.customer),
    nextChargeAt: nextChargeOf(subscription),
  };
}

/** A trial ends with the first charge after it; otherwise the period's end (on the items since
 * API version 2025-03 "basil"). */
function nextChargeOf(subscription: Stripe.Subscription): Date | null {
  const unix =
    subscription.status === 'trialing' && subscription.trial_end
      ? subscription.trial_end
      : subscription.items?.data[0]?.current_period_end;
  return typeof unix === 'number' ? new Date(unix * 1000) : null;
}

function isMissing(err: unknown): boolean {
  return (
    err instanceof stripeSdk().errors.StripeInvalidRequestError &&
    (err.statusCode === 404 || err.code === 'resource_missing')
  );
}

/** Wraps SDK failures so services answer the Spanish 502 without knowing the SDK. */
async function call<T>(what: string, fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (err) {
    if (err instanceof PaymentProviderError) throw err;
    throw new PaymentProviderError(`Stripe: ${what} falló`, { cause: err });
  }
}

export function createStripeProvider(stripe: Stripe): PaymentProvider {
  const priceChange = createStripePriceChange(stripe, call, toSubscriptionState);
  return {
    name: 'stripe',
    ...priceChange,
    ...createStripePromotions(stripe, call),

    createCustomer(input: CustomerInput) {
      return call('crear cliente', async () => {
        // The idempotency key makes two racing first purchases share one customer.
        const customer = await stripe.customers.create(
          { email: input.email, name: input.name, metadata: { userId: input.userId } },
          { idempotencyKey: `magotips-customer-${input.userId}` },
        );
        return customer.id;
      });
    },

    createCheckoutSession(request: CheckoutRequest): Promise<CreatedCheckout> {
      return call('crear sesión de pago', async () => {
        const recurring = request.recurringMonths !== null;
        const metadata = {
          ...request.metadata,
          transactionId: request.transactionId,
          userId: request.userId,
        };
        const session = await stripe.checkout.sessions.create(
          {
            mode: recurring ? 'subscription' : 'payment',
            ...(request.customerId ? { customer: request.customerId } : {}),
            client_reference_id: request.transactionId,
            metadata,
            line_items: [
              {
                quantity: 1,
                price_data: {
                  currency: request.currency.toLowerCase(),
                  unit_amount: request.amountCents,
                  product_data: {
                    name: request.itemName,
                    ...(request.description
                      ? { description: request.description.slice(0, 500) }
                      : {}),
                  },
                  ...(recurring
                    ? {
                        recurring: {
                          interval: 'month' as const,
                          interval_count: request.recurringMonths ?? 1,
                        },
                      }
                    : {}),
                },
              },
            ],
            ...(recurring
              ? {
                  subscription_data: {
                    metadata,
                    ...(request.trialDays ? { trial_period_days: request.trialDays } : {}),
                  },
                }
              : { payment_intent_data: { metadata } }),
            // Discounts are managed in Stripe (Dashboard → Promotion codes); fulfilment accepts the
            // lower total only when the session reports the discount that explains it. A welcome
            // discount made for the buyer is applied instead: Stripe allows no code field beside
            // `discounts` (decision 0119).
            ...(request.promotion?.providerPromotionId
              ? { discounts: [{ promotion_code: request.promotion.providerPromotionId }] }
              : { allow_promotion_codes: true }),
            success_url: request.successUrl,
            cancel_url: request.cancelUrl,
            expires_at: Math.floor(request.expiresAt.getTime() / 1000),
            locale: 'es',
          },
          // A retried create (network hiccup) must not open a second session for one payment.
          { idempotencyKey: `magotips-checkout-${request.transactionId}` },
        );
        if (!session.url) throw new PaymentProviderError('Stripe: la sesión no trae URL de pago');
        return {
          sessionId: session.id,
          url: session.url,
          expiresAt: new Date(session.expires_at * 1000),
        };
      });
    },

    retrieveSession(sessionId: string) {
      return call('leer sesión de pago', async () => {
        try {
          return toSessionState(await stripe.checkout.sessions.retrieve(sessionId, SESSION_EXPAND));
        } catch (err) {
          if (isMissing(err)) return null;
          throw err;
        }
      });
    },

    expireSession(sessionId: string) {
      return call('expirar sesión de pago', async () => {
        try {
          return toSessionState(await stripe.checkout.sessions.expire(sessionId));
        } catch (err) {
          if (isMissing(err)) return null;
          // Not open any more (paid or expired a moment ago): say how it ended instead.
          if (err instanceof stripeSdk().errors.StripeInvalidRequestError) {
            try {
              return toSessionState(
                await stripe.checkout.sessions.retrieve(sessionId, SESSION_EXPAND),
              );
            } catch (inner) {
              if (isMissing(inner)) return null;
              throw inner;
            }
          }
          throw err;
        }
      });
    },

    retrieveSubscription(subscriptionId: string) {
      return call('leer suscripción', async () => {
        try {
          return toSubscriptionState(await stripe.subscriptions.retrieve(subscriptionId));
        } catch (err) {
          if (isMissing(err)) return null;
          throw err;
        }
      });
    },

    setCancelAtPeriodEnd(subscriptionId: string, cancel: boolean) {
      return call(cancel ? 'cancelar renovación' : 'reanudar renovación', async () =>
        toSubscriptionState(
          await stripe.subscriptions.update(subscriptionId, { cancel_at_period_end: cancel }),
        ),
      );
    },

    moveNextCharge(subscriptionId: string, at: Date) {
      const trialEnd = Math.floor(at.getTime() / 1000);
      return call('mover el próximo cobro', async () =>
        toSubscriptionState(
          await stripe.subscriptions.update(
            subscriptionId,
            // A trial until the new end: Stripe charges nothing before it and, with no
            // proration, credits nothing for the days the gift covers (docs: "Adding a trial
            // period to an active subscription" prorates by default).
            // No idempotency key of ours: the same trial_end twice is the change once, and Stripe
            // replays a key's first answer for 24 h, a 500 included (docs: "Idempotent
            // requests"), which would fail every retry of the job. The SDK keys its own retries.
            { trial_end: trialEnd, proration_behavior: 'none' },
          ),
        ),
      );
    },

    retrieveInvoice(invoiceId: string) {
      return call('leer factura', async () => {
        try {
          const invoice = await stripe.invoices.retrieve(invoiceId);
          return {
            id: invoiceId,
            status: invoice.status ?? 'draft',
            nextPaymentAttempt: invoice.next_payment_attempt
              ? new Date(invoice.next_payment_attempt * 1000)
              : null,
          };
        } catch (err) {
          if (isMissing(err)) return null;
          throw err;
        }
      });
    },

    createPortalSession(request) {
      const customer = request.customerId;
      if (!customer) throw new PaymentProviderError('Stripe: suscripción sin cliente');
      return call('abrir el portal de facturación', async () => {
        // No idempotency key: every click is a new short-lived session, as Stripe intends.
        const session = await stripe.billingPortal.sessions.create({
          customer,
          return_url: request.returnUrl,
        });
        return session.url;
      });
    },

    invoiceIdForPayment(paymentIntentId: string) {
      return call('buscar la factura de un pago', async () => {
        const page = await stripe.invoicePayments.list({
          payment: { type: 'payment_intent', payment_intent: paymentIntentId },
          limit: 1,
        });
        return idOf(page.data[0]?.invoice ?? null);
      });
    },
  };
}
