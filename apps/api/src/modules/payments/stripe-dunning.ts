import { UPCOMING_NOTICE_MONTHS } from '@magotips/contracts/billing';
import { planLabel } from '@magotips/contracts/plans';
import type Stripe from 'stripe';
import {
  type PaymentFollowUps,
  renewalFailedJob,
  subscriptionEndedJob,
  upcomingChargeJob,
} from './payment-follow-ups';
import type { PaymentProvider } from './payment-provider';
import type { PaymentsRepository } from './payments.repository';
import type { Holder, ProductRegistry } from './products';
import { type Apply, fromUnix, invoiceSubscription, NOTHING } from './stripe-objects';

/** Stripe still collects a subscription in these states; in any other it has ended. */
const COLLECTING = new Set(['active', 'trialing', 'past_due']);

const planNameOf = (holder: Holder, checkoutName: string | null | undefined) =>
  checkoutName || holder.planName || planLabel(holder.planKey);

/**
 * Failed renewals and the notices around a renewal (issue 30 item 4, decision 0095), from
 * Stripe's events. Every event may come twice, late or before the one it follows: each handler
 * reads Stripe's invoice or subscription as it is now and acts only on what is still true, and
 * its e-mail is a job keyed by the event (or by the subscription, for its end), so nothing is
 * told twice.
 */
export function createStripeDunning(deps: {
  provider: PaymentProvider;
  repo: PaymentsRepository;
  products: ProductRegistry;
  followUps: PaymentFollowUps;
}) {
  const hooks = () => deps.products.recurring()?.recurring ?? null;

  return {
    /** invoice.payment_failed: "Pago pendiente" until Stripe's next attempt, and one e-mail. */
    async paymentFailed(invoice: Stripe.Invoice, eventId: string): Promise<Apply> {
      const { id: subscriptionId } = invoiceSubscription(invoice);
      // The first charge fails in front of the customer, on the checkout page: no e-mail then.
      if (!subscriptionId || invoice.billing_reason === 'subscription_create') return NOTHING;
      const [current, subscription] = await Promise.all([
        invoice.id ? deps.provider.retrieveInvoice(invoice.id) : null,
        deps.provider.retrieveSubscription(subscriptionId),
      ]);
      // Paid, voided or given up on since this event was sent; or the subscription has ended
      // (a deletion that overtook the failure): nothing is pending any more.
      if (current && current.status !== 'open') return NOTHING;
      if (!subscription || !COLLECTING.has(subscription.status)) return NOTHING;
      const nextAttempt = current
        ? current.nextPaymentAttempt
        : fromUnix(invoice.next_payment_attempt);
      const checkout = await deps.repo.findCheckoutOfSubscription(subscriptionId);
      return async (r, now) => {
        const holder = await hooks()?.paymentFailed(
          r.db,
          { providerSubscriptionId: subscriptionId },
          nextAttempt,
          now,
        );
        // With no attempt left Stripe ends the subscription next: that event's e-mail says so.
        if (!holder || !nextAttempt) return;
        await deps.followUps.enqueue(r.db, [
          renewalFailedJob(
            {
              userId: holder.userId,
              planName: planNameOf(holder, checkout?.itemName),
              amountCents: invoice.amount_due,
              nextAttempt: nextAttempt.toISOString(),
            },
            `stripe:${eventId}`,
          ),
        ]);
      };
    },

    /** customer.subscription.deleted / .updated: a subscription Stripe gave up on (deleted for a
     * failed payment, or `unpaid`) ends now with one e-mail; otherwise only its renewal flag
     * follows Stripe's current object (cancel and resume may arrive swapped). */
    async subscriptionChanged(subscription: Stripe.Subscription, deleted: boolean): Promise<Apply> {
      const state = deleted ? null : await deps.provider.retrieveSubscription(subscription.id);
      const gaveUp = deleted
        ? subscription.cancellation_details?.reason === 'payment_failed' ||
          subscription.status === 'unpaid'
        : state?.status === 'unpaid';
      const renews = state?.renews ?? false;
      return async (r, now) => {
        const recurring = hooks();
        if (!recurring) return;
        const holder = await recurring.holderOf(r.db, subscription.id);
        if (!holder) return;
        if (!gaveUp && !(deleted && holder.paymentPending)) {
          await recurring.setRenews(r.db, subscription.id, renews, now);
          return;
        }
        const ended = await recurring.endUnpaid(
          r.db,
          { providerSubscriptionId: subscription.id },
          now,
        );
        if (!ended) return;
        await deps.followUps.enqueue(r.db, [
          subscriptionEndedJob(
            { userId: ended.userId, planName: planNameOf(ended, null) },
            `stripe:${subscription.id}`,
          ),
        ]);
      };
    },

    /** invoice.upcoming: "Próximo cobro: $X el D" before each renewal of a yearly plan. */
    async upcoming(invoice: Stripe.Invoice): Promise<Apply> {
      const { id: subscriptionId } = invoiceSubscription(invoice);
      const at = fromUnix(invoice.next_payment_attempt) ?? fromUnix(invoice.period_end);
      if (!subscriptionId || !at) return NOTHING;
      return async (r) => {
        const holder = await hooks()?.holderOf(r.db, subscriptionId);
        if (!holder || !holder.renews || holder.durationMonths !== UPCOMING_NOTICE_MONTHS) return;
        await deps.followUps.enqueue(r.db, [
          upcomingChargeJob(
            {
              userId: holder.userId,
              planName: planNameOf(holder, null),
              amountCents: invoice.amount_due,
              at: at.toISOString(),
            },
            `stripe:${subscriptionId}`,
          ),
        ]);
      };
    },
  };
}
