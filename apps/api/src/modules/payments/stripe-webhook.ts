import { PAYMENT_MESSAGES } from '@magotips/contracts/payments';
import type { FastifyBaseLogger } from 'fastify';
import type Stripe from 'stripe';
import { stripeSdk } from '../../lib/stripe-client';
import { AppError } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import { factsOf } from './checkout.service';
import type { Fulfilment } from './fulfilment';
import { type PaymentFollowUps, stopSubscriptionJob } from './payment-follow-ups';
import type { PaymentProvider } from './payment-provider';
import type { PaymentQueries, PaymentsRepository, TransactionRow } from './payments.repository';
import type { ProductRegistry } from './products';
import { chargedOfInvoice } from './stripe-charged';
import { createStripeDunning } from './stripe-dunning';
import { type Apply, idOf, invoiceSubscription, NOTHING } from './stripe-objects';
import { toSessionState } from './stripe-provider';

/** The events MagoTips acts on (README lists them for the Dashboard). Anything else gets 200. */
export const STRIPE_WEBHOOK_EVENTS = [
  'checkout.session.completed',
  'checkout.session.async_payment_succeeded',
  'checkout.session.async_payment_failed',
  'checkout.session.expired',
  'invoice.paid',
  'invoice.payment_failed',
  'invoice.upcoming',
  'customer.subscription.updated',
  'customer.subscription.deleted',
  'charge.refunded',
] as const;
const HANDLED: ReadonlySet<string> = new Set(STRIPE_WEBHOOK_EVENTS);

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const asUuid = (value: string | null | undefined): string | null =>
  value && UUID.test(value) ? value : null;

export type StripeWebhookDeps = {
  stripe: Stripe;
  webhookSecret: string | undefined;
  provider: PaymentProvider;
  repo: PaymentsRepository;
  fulfilment: Fulfilment;
  products: ProductRegistry;
  followUps: PaymentFollowUps;
  clock: Clock;
  log: FastifyBaseLogger;
};

export function createStripeWebhook(deps: StripeWebhookDeps) {
  const { repo, fulfilment, provider, log } = deps;
  const dunning = createStripeDunning(deps);

  /** The checkout transaction a session names, when the session is really the one we opened. */
  async function checkoutOf(session: Stripe.Checkout.Session): Promise<TransactionRow | null> {
    const id = asUuid(session.metadata?.transactionId ?? session.client_reference_id);
    const tx = id ? await repo.findById(id) : null;
    if (!tx || (tx.providerSessionId !== null && tx.providerSessionId !== session.id)) {
      log.warn({ sessionId: session.id }, 'sesión de Stripe sin transacción nuestra: ignorada');
      return null;
    }
    return tx;
  }

  async function onSessionPaid(session: Stripe.Checkout.Session): Promise<Apply> {
    let state = toSessionState(session);
    // Bank debits and the like complete unpaid: the async_payment_* event follows.
    if (!state.paid) return NOTHING;
    const tx = await checkoutOf(session);
    if (!tx) return NOTHING;
    if (state.charged && state.charged.discountCents > 0) {
      // The event names the promotion code by id only: the session read again expands it.
      state = (await provider.retrieveSession(session.id)) ?? state;
    }
    return async (r, now) => {
      await fulfilment.fulfilIn(r, tx.id, factsOf(state), now);
    };
  }

  async function onSessionClosed(
    session: Stripe.Checkout.Session,
    status: 'failed' | 'expired',
  ): Promise<Apply> {
    const tx = await checkoutOf(session);
    if (!tx) return NOTHING;
    return async (r, now) => {
      // Only a pending checkout closes: a late 'expired' after a payment changes nothing.
      await r.setStatus(tx.id, ['pending'], status, now);
    };
  }

  async function onInvoicePaid(invoice: Stripe.Invoice): Promise<Apply> {
    const { id: subscriptionId, metadata } = invoiceSubscription(invoice);
    if (!subscriptionId) return NOTHING;
    // Renewal state depends on events that may arrive in any order: ask Stripe how it is now.
    const current = await provider.retrieveSubscription(subscriptionId);
    const checkoutId = asUuid(metadata?.transactionId ?? current?.transactionId);
    const checkout = checkoutId
      ? await repo.findById(checkoutId)
      : await repo.findCheckoutOfSubscription(subscriptionId);
    if (invoice.billing_reason === 'subscription_update') {
      // What a plan change charged at once (decision 0100), recorded with the change, which
      // this invoice now names. It is no renewal: the period began with the change. Before the
      // change's commit the row is missing: a 500 makes Stripe deliver it again later.
      const ours = checkout !== null && checkout.id === checkoutId && checkout.periodCents !== null;
      if (!ours && asUuid(metadata?.planChangeId))
        throw new Error(`factura de cambio de plan sin su cambio aún: ${invoice.id}`);
      if (!ours || !checkout) {
        // A change made outside MagoTips (the Dashboard): nothing of ours to attach it to.
        log.warn({ invoiceId: invoice.id, subscriptionId }, 'cambio de plan ajeno: ignorado');
        return NOTHING;
      }
      return async (r, now) => {
        await r.setInvoiceIfMissing(checkout.id, invoice.id, now);
      };
    }
    if (!checkout || checkout.kind !== 'subscription') {
      log.warn(
        { invoiceId: invoice.id, subscriptionId },
        'factura pagada de una suscripción desconocida: ignorada',
      );
      return NOTHING;
    }
    const userId = checkout.userId;
    if (!userId) {
      // The account was deleted while Stripe kept the subscription (a renewal collected after the
      // grace): stop it charging a person who no longer exists; the charge needs a manual refund.
      log.error(
        { invoiceId: invoice.id, subscriptionId },
        'renovación cobrada a una cuenta eliminada: reembolsar',
      );
      return async (r) => {
        await deps.followUps.enqueue(r.db, [
          stopSubscriptionJob({ provider: 'stripe', subscriptionId }),
        ]);
      };
    }
    const isFirst = invoice.billing_reason === 'subscription_create';
    const customerId = idOf(invoice.customer);

    return async (r, now) => {
      if (await r.findByInvoiceId(invoice.id)) return;
      const locked = await r.lockById(checkout.id);
      if (!locked) return;
      if (locked.status !== 'completed' && locked.status !== 'refunded') {
        // invoice.paid came before checkout.session.completed: this pays the first period,
        // which the session event will then find done. A later invoice arriving first proves
        // the first period was paid too, so that one is delivered as well.
        await fulfilment.fulfilIn(
          r,
          locked.id,
          {
            subscriptionId,
            customerId,
            invoiceId: isFirst ? invoice.id : null,
            ...(isFirst ? { charged: chargedOfInvoice(invoice) } : {}),
          },
          now,
        );
        if (isFirst) return;
      } else if (isFirst || locked.providerInvoiceId === invoice.id) {
        await r.setInvoiceIfMissing(locked.id, invoice.id, now);
        return;
      }
      await fulfilment.renewIn(
        r,
        {
          userId,
          checkout: locked,
          invoiceId: invoice.id,
          priceCents: await periodPriceOf(r, locked, subscriptionId),
          charged: chargedOfInvoice(invoice),
          provider: 'stripe',
          subscriptionId,
          renews: current?.renews ?? null,
        },
        now,
      );
    };
  }

  /** What the renewal is expected to charge before discounts: the terms' period price (a plan
   * change's, decision 0100), else the checkout's (a trial's "then" price, or what it cost
   * before its discount); the first renewal after a change also carries its proration. */
  async function periodPriceOf(
    r: PaymentQueries,
    terms: TransactionRow,
    subscriptionId: string,
  ): Promise<number> {
    const period =
      terms.periodCents ?? terms.trialThenCents ?? terms.amountCents + (terms.discountCents ?? 0);
    if (!terms.adjustmentCents) return period;
    const since = terms.completedAt ?? terms.createdAt;
    return (await r.renewedSince(subscriptionId, since)) ? period : period + terms.adjustmentCents;
  }

  /** A plan change Stripe made whose confirming call may not have committed (decision 0100). */
  function onSubscriptionUpdated(subscription: Stripe.Subscription): Apply {
    const changeId = asUuid(subscription.metadata?.planChangeId);
    const recurring = deps.products.recurring();
    if (!changeId || !recurring) return NOTHING;
    return async (r, now) => {
      const terms = await recurring.recurring.applyChange(r.db, changeId, now);
      if (terms) await fulfilment.recordTermsIn(r, terms, now);
    };
  }

  async function onRefund(charge: Stripe.Charge): Promise<Apply> {
    // A partial refund is a goodwill gesture: access stays. A full refund takes it back.
    if (!charge.refunded) return NOTHING;
    const paymentId = idOf(charge.payment_intent);
    if (!paymentId) return NOTHING;
    let tx = await repo.findByPaymentId(paymentId);
    if (!tx) {
      const invoiceId = await provider.invoiceIdForPayment(paymentId);
      tx = invoiceId ? await repo.findByInvoiceId(invoiceId) : null;
    }
    if (!tx) {
      log.warn({ chargeId: charge.id, paymentId }, 'reembolso de un pago desconocido: ignorado');
      return NOTHING;
    }
    const id = tx.id;
    return async (r, now) => {
      await fulfilment.refundIn(r, id, now);
    };
  }

  async function prepare(event: Stripe.Event): Promise<Apply> {
    switch (event.type) {
      case 'checkout.session.completed':
      case 'checkout.session.async_payment_succeeded':
        return onSessionPaid(event.data.object);
      case 'checkout.session.async_payment_failed':
        return onSessionClosed(event.data.object, 'failed');
      case 'checkout.session.expired':
        return onSessionClosed(event.data.object, 'expired');
      case 'invoice.paid':
        return onInvoicePaid(event.data.object);
      case 'invoice.payment_failed':
        return dunning.paymentFailed(event.data.object, event.id);
      case 'invoice.upcoming':
        return dunning.upcoming(event.data.object);
      case 'customer.subscription.updated': {
        const changed = await dunning.subscriptionChanged(event.data.object, false);
        const planChange = onSubscriptionUpdated(event.data.object);
        return async (r, now) => {
          await planChange(r, now);
          await changed(r, now);
        };
      }
      case 'customer.subscription.deleted':
        return dunning.subscriptionChanged(event.data.object, true);
      case 'charge.refunded':
        return onRefund(event.data.object);
      default:
        return NOTHING;
    }
  }

  return {
    /** The event, if the signature over the raw body is Stripe's; a Spanish 400 otherwise. */
    verify(rawBody: Buffer, signature: string | undefined): Stripe.Event {
      if (!deps.webhookSecret)
        throw new AppError('WEBHOOK_NOT_CONFIGURED', 400, PAYMENT_MESSAGES.webhookNotConfigured);
      if (!signature)
        throw new AppError('INVALID_SIGNATURE', 400, PAYMENT_MESSAGES.webhookSignature);
      try {
        return deps.stripe.webhooks.constructEvent(rawBody, signature, deps.webhookSecret);
      } catch (err) {
        if (err instanceof stripeSdk().errors.StripeSignatureVerificationError) {
          throw new AppError('INVALID_SIGNATURE', 400, PAYMENT_MESSAGES.webhookSignature);
        }
        throw err;
      }
    },

    /**
     * Applies an event once. Reads from Stripe happen first, outside any database transaction
     * (no lock is held across the network); then the event id and its effect are written in
     * ONE transaction, so a crash leaves neither and Stripe's retry does the work; the e-mails
     * and provider calls it leaves are jobs in that transaction. A failure answers 500 and
     * Stripe delivers the event again.
     */
    async handle(event: Stripe.Event): Promise<'applied' | 'duplicate' | 'ignored'> {
      if (!HANDLED.has(event.type)) return 'ignored';
      if (await repo.eventSeen(event.id)) return 'duplicate';
      const apply = await prepare(event);
      const now = deps.clock();
      const applied = await repo.withTransaction(async (r) => {
        if (!(await r.recordEvent(event.id, 'stripe', event.type, now))) return false;
        await apply(r, now);
        return true;
      });
      if (!applied) return 'duplicate';
      fulfilment.committed();
      return 'applied';
    },
  };
}
export type StripeWebhook = ReturnType<typeof createStripeWebhook>;
