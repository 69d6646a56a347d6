import { randomBytes } from 'node:crypto';
import type { Clock } from '../../lib/clock';
import type {
  PaymentProvider,
  PriceChangeRequest,
  SessionState,
  SubscriptionState,
} from './payment-provider';
import type { PaymentsRepository, TransactionRow } from './payments.repository';
import { prorate } from './proration';
import { type PortalTokens, SIMULATED_PORTAL_PATH } from './simulated-portal-token';

export const SIMULATED_CHECKOUT_PATH = '/api/payments/simulated/checkout';

/** Ids the simulated provider gives, derived from our transaction so that every instance (and
 * every retry) names a payment the same way. */
export const simulatedIds = {
  payment: (transactionId: string) => `sim_pi_${transactionId}`,
  subscription: (transactionId: string) => `sim_sub_${transactionId}`,
  invoice: (transactionId: string) => `sim_in_${transactionId}`,
  customer: (userId: string) => `sim_cus_${userId}`,
  /** A renewal "invoice" of a simulated subscription: one per period, keyed by its end. */
  renewal: (subscriptionRowId: string, periodEnd: Date) =>
    `sim_in_${subscriptionRowId}_${periodEnd.getTime()}`,
};

/** The simulated session is our transaction: its truth lives in the database, so the page
 * works on any instance behind a load balancer. */
export function sessionStateOf(tx: TransactionRow, now: Date): SessionState {
  const paid = tx.status === 'completed' || tx.status === 'refunded';
  const open =
    tx.status === 'pending' && tx.expiresAt !== null && tx.expiresAt.getTime() > now.getTime();
  return {
    id: tx.providerSessionId ?? '',
    status: paid ? 'complete' : open ? 'open' : 'expired',
    paid,
    transactionId: tx.id,
    paymentIntentId: paid ? simulatedIds.payment(tx.id) : null,
    subscriptionId: paid && tx.isRecurring ? simulatedIds.subscription(tx.id) : null,
    invoiceId: paid && tx.isRecurring ? simulatedIds.invoice(tx.id) : null,
    customerId: tx.userId ? simulatedIds.customer(tx.userId) : null,
    charged: {
      totalCents: tx.amountCents,
      currency: tx.currency.toLowerCase(),
      subtotalCents: tx.amountCents + (tx.discountCents ?? 0),
      discountCents: tx.discountCents ?? 0,
      discountNamed: tx.promotionCode !== null,
      promotionCode: tx.promotionCode,
    },
  };
}

/** The default without STRIPE_SECRET_KEY: a local checkout page of the product (DESIGN.md §4).
 * Nothing is charged; Pagar drives the same fulfilment as a Stripe webhook. */
export function createSimulatedProvider(deps: {
  repo: PaymentsRepository;
  clock: Clock;
  appUrl: string;
  portalTokens: PortalTokens;
}): PaymentProvider {
  const simulatedSubscription = (id: string, renews: boolean): SubscriptionState => ({
    id,
    status: 'active',
    renews,
    transactionId: id.startsWith('sim_sub_') ? id.slice('sim_sub_'.length) : null,
    customerId: null,
    // The payment job charges at the subscription's end date: there is no date of its own.
    nextChargeAt: null,
  });

  return {
    name: 'simulated',

    async createCustomer(input) {
      return simulatedIds.customer(input.userId);
    },

    async createCheckoutSession(request) {
      // Unguessable: like Stripe's, the page's address is the only key to it.
      const sessionId = `sim_cs_${randomBytes(24).toString('base64url')}`;
      return {
        sessionId,
        url: `${deps.appUrl}${SIMULATED_CHECKOUT_PATH}/${sessionId}`,
        expiresAt: request.expiresAt,
      };
    },

    async retrieveSession(sessionId) {
      const tx = await deps.repo.findBySessionId(sessionId);
      return tx ? sessionStateOf(tx, deps.clock()) : null;
    },

    async expireSession(sessionId) {
      const tx = await deps.repo.findBySessionId(sessionId);
      if (!tx) return null;
      const state = sessionStateOf(tx, deps.clock());
      // Closing is the caller's status change; the page refuses anything not pending.
      return state.status === 'open' ? { ...state, status: 'expired' } : state;
    },

    async retrieveSubscription(subscriptionId) {
      return simulatedSubscription(subscriptionId, true);
    },

    async setCancelAtPeriodEnd(subscriptionId, cancel) {
      return simulatedSubscription(subscriptionId, !cancel);
    },

    async moveNextCharge(subscriptionId, at) {
      return { ...simulatedSubscription(subscriptionId, true), nextChargeAt: at };
    },

    // Simulated renewals fail and retry in the payment job, not on invoices of their own.
    async retrieveInvoice() {
      return null;
    },

    async createPortalSession(request) {
      const token = deps.portalTokens.issue(request.userId, deps.clock());
      return `${deps.appUrl}${SIMULATED_PORTAL_PATH}/${token}`;
    },

    async invoiceIdForPayment(paymentIntentId) {
      return paymentIntentId.startsWith('sim_pi_')
        ? simulatedIds.invoice(paymentIntentId.slice('sim_pi_'.length))
        : null;
    },

    // The same arithmetic as Stripe's, from the terms we hold (there is no other copy of them).
    async previewPriceChange(request) {
      return prorate(simulatedProration(request));
    },

    async applyPriceChange(request) {
      return simulatedSubscription(request.subscriptionId, true);
    },

    // The page applies a welcome code from the transaction's `offered_promotion_code`.
    async createPromotionCode() {
      return { id: null };
    },

    // No cards: the self-referral check relies on the mailbox alone here.
    async cardFingerprints() {
      return [];
    },
  };
}

function simulatedProration(request: PriceChangeRequest) {
  return {
    oldCents: request.current.amountCents,
    newCents: request.amountCents,
    periodStart: request.current.periodStart,
    periodEnd: request.current.periodEnd,
    at: request.prorationDate,
    newPeriod: request.recurringMonths !== request.current.recurringMonths,
  };
}
