import { BILLING_MSG, type TBillingPortalResponse } from '@magotips/contracts/billing';
import { PAYMENT_MESSAGES } from '@magotips/contracts/payments';
import { and, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { plans, transactions } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { PaymentProviderError } from '../payments/payment-provider';
import type { PaymentsKit } from '../payments/payments-kit';
import { declineSimulatedRenewal } from '../payments/simulated-dunning';
import { simulatedIds } from '../payments/simulated-provider';
import { paymentPending, subscriptionSource } from '../users/user-dto';
import type { SubscriptionRow, SubscriptionsRepository } from './subscriptions.repository';

/** A card the simulated portal offers: Stripe's test numbers, and what each does. */
export const SIMULATED_CARDS = {
  '4242': { label: 'Visa •••• 4242 (paga)', declines: false },
  '0341': { label: 'Visa •••• 0341 (rechaza los cobros)', declines: true },
} as const;
export type SimulatedCard = keyof typeof SIMULATED_CARDS;

export type PortalInvoice = {
  date: Date;
  concept: string;
  amountCents: number;
  status: string;
};

export type PortalView = {
  subscription: SubscriptionRow;
  card: SimulatedCard;
  pending: boolean;
  invoices: PortalInvoice[];
  now: Date;
};

/** The subscription a billing portal manages: one a provider renews (not a gift, not a one-off
 * payment), still giving access or being collected. */
function manageable(sub: SubscriptionRow | null, now: Date): sub is SubscriptionRow {
  if (!sub || subscriptionSource(sub) !== 'subscription') return false;
  return sub.endDate.getTime() > now.getTime() || paymentPending(sub) || sub.isRecurring;
}
const noBillingAccount = () =>
  new AppError('NO_BILLING_ACCOUNT', 404, BILLING_MSG.noBillingAccount);

/**
 * Self-service billing (issue 30 item 5, decision 0096): "Gestionar pago" opens Stripe's
 * customer portal, or without Stripe the simulated portal, whose card, cancel and invoices act on
 * our own rows as Stripe's portal acts on Stripe's (and its webhooks then on ours).
 */
export function createBillingPortal(deps: {
  kit: PaymentsKit;
  db: Db;
  subscriptions: SubscriptionsRepository;
}) {
  const { kit, subscriptions } = deps;
  const returnUrl = `${kit.appUrl}/panel/cuenta`;

  async function planOf(sub: SubscriptionRow) {
    const [plan] = await deps.db
      .select()
      .from(plans)
      .where(sub.planId ? eq(plans.id, sub.planId) : eq(plans.key, sub.planKey));
    return plan ?? null;
  }

  /** The renewal charged now on the simulated card on file: paid, or declined into dunning.
   * Named by the period it renews, so a double click charges once. */
  async function chargeRenewal(userId: string): Promise<'paid' | 'declined' | null> {
    const sub = await subscriptions.find(userId);
    if (!sub || sub.provider !== 'simulated') return null;
    const plan = await planOf(sub);
    if (!plan) return null;
    const due = {
      userId,
      subscriptionRowId: sub.id,
      periodEnd: sub.endDate,
      declines: sub.simulatedCardDeclines,
      failedBefore: false,
      checkout: {
        planId: plan.id,
        itemName: plan.name,
        planKey: plan.key,
        durationMonths: plan.durationMonths,
        currency: 'USD',
      },
      priceCents: plan.priceCents,
    };
    if (sub.simulatedCardDeclines) {
      return (await declineSimulatedRenewal(kit, due)) ? 'declined' : null;
    }
    const renewed = await kit.fulfilment.renew({
      userId,
      checkout: due.checkout,
      invoiceId: simulatedIds.renewal(sub.id, sub.endDate),
      priceCents: plan.priceCents,
      charged: null,
      provider: 'simulated',
      subscriptionId: null,
      renews: null,
    });
    return renewed ? 'paid' : null;
  }

  return {
    /** POST /api/billing/portal. Nothing is stored: a failed call leaves nothing behind. */
    async open(userId: string): Promise<TBillingPortalResponse> {
      const now = kit.clock();
      const sub = await subscriptions.find(userId);
      if (!manageable(sub, now)) throw noBillingAccount();
      const provider = kit.providerFor(sub.provider);
      if (!provider)
        throw new AppError('PAYMENTS_DISABLED', 503, PAYMENT_MESSAGES.paymentsDisabled);
      const customerId =
        sub.providerCustomerId ?? (await kit.repo.findCustomer(userId, sub.provider));
      if (sub.provider !== 'simulated' && !customerId) throw noBillingAccount();
      try {
        return { url: await provider.createPortalSession({ userId, customerId, returnUrl }) };
      } catch (err) {
        if (!(err instanceof PaymentProviderError)) throw err;
        kit.log.error({ err, userId }, 'no se pudo abrir el portal de facturación');
        throw new AppError('PAYMENT_PROVIDER_ERROR', 502, BILLING_MSG.portalFailed);
      }
    },

    /** The simulated portal's user, from its link; null when the link is not (or no longer) good. */
    userOf(token: string): string | null {
      return kit.portalTokens.read(token, kit.clock());
    },

    async view(userId: string): Promise<PortalView | null> {
      const sub = await subscriptions.find(userId);
      if (!sub || sub.provider !== 'simulated') return null;
      const rows = await deps.db
        .select()
        .from(transactions)
        .where(and(eq(transactions.userId, userId), eq(transactions.kind, 'subscription')))
        .orderBy(desc(transactions.createdAt))
        .limit(24);
      return {
        subscription: sub,
        card: sub.simulatedCardDeclines ? '0341' : '4242',
        pending: paymentPending(sub),
        now: kit.clock(),
        invoices: rows
          .filter((tx) => tx.status === 'completed' || tx.status === 'refunded')
          .map((tx) => ({
            date: tx.completedAt ?? tx.createdAt,
            concept: tx.itemName,
            amountCents: tx.amountCents,
            status: tx.status,
          })),
      };
    },

    /** Change card: the new card is on file; a renewal waiting on a failed charge is charged
     * on it at once, as Stripe retries an open invoice when its payment method changes. */
    async setCard(userId: string, card: SimulatedCard): Promise<string> {
      const sub = await subscriptions.find(userId);
      if (!sub || sub.provider !== 'simulated') return BILLING_MSG.noBillingAccount;
      const declines = SIMULATED_CARDS[card].declines;
      await subscriptions.update(sub.id, { simulatedCardDeclines: declines }, kit.clock());
      if (!paymentPending(sub)) return BILLING_MSG.cardUpdated;
      if (declines) return BILLING_MSG.cardDeclined;
      return (await chargeRenewal(userId)) === 'paid'
        ? BILLING_MSG.cardUpdatedAndCharged
        : BILLING_MSG.cardUpdated;
    },

    /** Test mode only: the renewal comes due now and is charged on the card on file, so a
     * journey need not wait a month to see a renewal fail (or pass). */
    async renewNow(userId: string): Promise<string> {
      const sub = await subscriptions.find(userId);
      if (!sub || sub.provider !== 'simulated' || !sub.isRecurring)
        return BILLING_MSG.noBillingAccount;
      const now = kit.clock();
      if (!paymentPending(sub) && sub.endDate.getTime() > now.getTime())
        await subscriptions.update(sub.id, { endDate: now }, now);
      const outcome = await chargeRenewal(userId);
      return outcome === 'declined' ? BILLING_MSG.cardDeclined : BILLING_MSG.renewedNow;
    },

    /** Cancel: no renewal (a pending charge is dropped with it); access to the end of the paid
     * period, as the account page's own cancel. */
    async cancel(userId: string): Promise<string> {
      const sub = await subscriptions.find(userId);
      if (!sub || sub.provider !== 'simulated') return BILLING_MSG.noBillingAccount;
      await subscriptions.update(
        sub.id,
        { isRecurring: false, paymentFailedAt: null, nextPaymentAttemptAt: null },
        kit.clock(),
      );
      return BILLING_MSG.cancelled;
    },
  };
}
export type BillingPortal = ReturnType<typeof createBillingPortal>;
