import { fromCents } from '@magotips/contracts/money';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../lib/clock';
import { giftBuyerEmail, giftRecipientEmail, giftRedeemUrl } from '../gifts/gift-emails';
import { purchaseGiftCode } from '../gifts/gift-purchase-code';
import type { Mailer } from '../mail/mailer';
import { addMonths, extendEnd } from './billing-period';
import { receiptEmail, renewalFailedEmail } from './payment-emails';
import { acceptCharged, type Charged } from './charged-amount';
import type { PaymentProvider, ProviderName } from './payment-provider';
import type {
  PaymentFacts,
  PaymentQueries,
  PaymentsRepository,
  TransactionRow,
} from './payments.repository';

/** What a provider says about a payment being fulfilled. What it charged, when known, is
 * checked against the transaction (acceptCharged): a session carries our own price, less only a
 * discount the provider reports, so any other difference means something is wrong and nothing
 * is handed out. */
export type FulfilFacts = PaymentFacts & { charged?: Charged | null };

/** Work that must wait for the commit (e-mails, provider calls): a rolled-back fulfilment must
 * not have told anyone anything. */
export type Effect =
  | {
      type: 'receipt';
      userId: string;
      transactionId: string;
      kind: 'pack' | 'subscription';
      itemName: string;
      amountCents: number;
      endDate: Date | null;
      isRenewal: boolean;
    }
  | { type: 'renewal_failed'; userId: string; planName: string; amountCents: number | null }
  | { type: 'stop_subscription'; provider: string; subscriptionId: string }
  | {
      /** A paid gift: its code (re-derived, decision 0054) to the buyer and the recipient. */
      type: 'gift_paid';
      userId: string;
      transactionId: string;
      what: { type: 'plan' | 'pack'; itemName: string; months: number | null };
      amountCents: number;
      recipientEmail: string | null;
      message: string | null;
    };

export type FulfilOutcome =
  | { outcome: 'fulfilled'; transaction: TransactionRow; effects: Effect[] }
  | { outcome: 'already'; transaction: TransactionRow; effects: Effect[] }
  | { outcome: 'refused'; transaction: TransactionRow; effects: Effect[] }
  | { outcome: 'unknown'; transaction: null; effects: Effect[] };

export type RenewalInput = {
  userId: string;
  /** What is renewed (plan snapshot and duration): the checkout that started the subscription,
   * or the plan itself for simulated renewals. */
  checkout: Pick<TransactionRow, 'planId' | 'itemName' | 'planKey' | 'durationMonths' | 'currency'>;
  invoiceId: string;
  /** The price of one period: what the provider is expected to charge before any discount. */
  priceCents: number;
  /** What the provider charged for the invoice; null when it is our own (simulated) charge. */
  charged: Charged | null;
  provider: ProviderName;
  subscriptionId: string | null;
  /** The provider's current word on renewal (re-read), or null to leave the flag alone. */
  renews: boolean | null;
};

export type FulfilmentDeps = {
  repo: PaymentsRepository;
  mailer: Mailer;
  clock: Clock;
  log: FastifyBaseLogger;
  appUrl: string;
  /** Named in the e-mails as where to write (SUPPORT_EMAIL). */
  supportEmail: string;
  /** The server secret a paid gift's code is derived from (decision 0054). */
  giftSecret: string;
  providerFor(name: string): PaymentProvider | null;
  /** Told after every committed change, before its e-mails: cached reads must not outlive it. */
  afterCommit?: () => void;
};

const NOTHING: Effect[] = [];

/**
 * THE fulfilment of a payment. The Stripe webhook, the result page's verify calls, the
 * reconciliation job and the simulated checkout's Pagar button all come here, so a payment is
 * delivered the same way whoever learns of it first.
 *
 * Exactly once: the transaction row is locked (SELECT … FOR UPDATE) and its status checked
 * inside one database transaction, so a racing second caller waits for the first and then
 * finds it completed. Pack purchases are unique per transaction; renewals per invoice.
 */
export function createFulfilment(deps: FulfilmentDeps) {
  const { repo, log } = deps;

  async function fulfilIn(
    r: PaymentQueries,
    transactionId: string,
    facts: FulfilFacts,
    now: Date,
  ): Promise<FulfilOutcome> {
    const tx = await r.lockById(transactionId);
    if (!tx) return { outcome: 'unknown', transaction: null, effects: NOTHING };
    if (tx.status === 'completed' || tx.status === 'refunded') {
      // A subscription's first invoice may be learnt after its checkout: attach it, no more.
      if (tx.kind === 'subscription' && facts.invoiceId && !tx.providerInvoiceId) {
        await r.setInvoiceIfMissing(tx.id, facts.invoiceId, now);
      }
      return { outcome: 'already', transaction: tx, effects: NOTHING };
    }
    // Not completed yet, so the row still holds the price asked: the amount paid and its
    // discount are only written on completion.
    const accepted = acceptCharged(tx.amountCents, tx.currency, facts.charged ?? null);
    if (!accepted) {
      log.error(
        { transactionId: tx.id, facts, expected: tx.amountCents },
        'pago con importe o moneda inesperados: no se entrega',
      );
      return { outcome: 'refused', transaction: tx, effects: NOTHING };
    }

    // Whatever its status (pending, or expired/cancelled/failed by our side): money taken means
    // the customer gets what they paid for. The amount recorded is the amount paid.
    await r.markCompleted(tx.id, facts, accepted, now);
    const effects: Effect[] = [];
    let endDate: Date | null = null;

    if (tx.isGift) {
      // The buyer gets a code, never the item. The batch names the transaction (unique), so
      // this cannot happen twice for one payment even past the status check above.
      effects.push(...(await giveGift(r, tx, accepted.paidCents, now)));
      log.info({ transactionId: tx.id, kind: tx.kind }, 'regalo pagado: código emitido');
      return { outcome: 'fulfilled', transaction: completedView(tx, accepted), effects };
    }

    if (tx.kind === 'pack') {
      if (tx.userId && tx.packId) {
        const inserted = await r.insertPurchase({
          userId: tx.userId,
          packId: tx.packId,
          transactionId: tx.id,
          purchasedAt: now,
        });
        if (!inserted) {
          log.warn(
            { transactionId: tx.id, userId: tx.userId, packId: tx.packId },
            'pack pagado dos veces: revisar y reembolsar el pago duplicado',
          );
        }
      }
    } else if (tx.userId) {
      await r.lockUser(tx.userId);
      const current = await r.lockSubscription(tx.userId);
      endDate = extendEnd(current?.endDate ?? null, now, tx.durationMonths ?? 1);
      // A one-off month bought while a renewal is running (late completion) keeps that renewal.
      const keepsRenewal = !tx.isRecurring && current?.isRecurring === true;
      const newSubscriptionId = tx.isRecurring ? (facts.subscriptionId ?? null) : null;
      if (
        tx.isRecurring &&
        current?.isRecurring &&
        current.providerSubscriptionId &&
        newSubscriptionId &&
        current.providerSubscriptionId !== newSubscriptionId
      ) {
        // Two renewing subscriptions would charge the user twice a month: the newer one stands.
        effects.push({
          type: 'stop_subscription',
          provider: current.provider,
          subscriptionId: current.providerSubscriptionId,
        });
      }
      await r.saveSubscription(
        tx.userId,
        {
          planId: tx.planId,
          planKey: tx.planKey ?? current?.planKey ?? 'premium',
          planName: tx.itemName,
          durationMonths: tx.durationMonths ?? current?.durationMonths ?? 1,
          endDate,
          isRecurring: tx.isRecurring || keepsRenewal,
          provider: keepsRenewal && current ? current.provider : tx.provider,
          providerCustomerId: facts.customerId ?? current?.providerCustomerId ?? null,
          providerSubscriptionId:
            keepsRenewal && current ? current.providerSubscriptionId : newSubscriptionId,
        },
        now,
      );
    }

    if (tx.userId) {
      effects.push({
        type: 'receipt',
        userId: tx.userId,
        transactionId: tx.id,
        kind: tx.kind,
        itemName: tx.itemName,
        amountCents: accepted.paidCents,
        endDate,
        isRenewal: false,
      });
    }
    log.info({ transactionId: tx.id, kind: tx.kind, provider: tx.provider }, 'pago entregado');
    return { outcome: 'fulfilled', transaction: completedView(tx, accepted), effects };
  }

  function completedView(
    tx: TransactionRow,
    accepted: { paidCents: number; discountCents: number | null; promotionCode: string | null },
  ): TransactionRow {
    return {
      ...tx,
      status: 'completed',
      amountCents: accepted.paidCents,
      discountCents: accepted.discountCents,
      promotionCode: accepted.promotionCode,
    };
  }

  async function giveGift(
    r: PaymentQueries,
    tx: TransactionRow,
    paidCents: number,
    now: Date,
  ): Promise<Effect[]> {
    const months = tx.kind === 'subscription' ? (tx.durationMonths ?? 1) : null;
    if (tx.kind === 'pack' && !tx.packId) {
      // The pack was deleted between checkout and payment: nothing left to give.
      log.error({ transactionId: tx.id }, 'regalo pagado de un pack borrado: revisar y reembolsar');
      return NOTHING;
    }
    await r.issuePurchasedGift({
      grant:
        tx.kind === 'pack' && tx.packId
          ? { type: 'pack', packId: tx.packId, packName: tx.itemName }
          : {
              type: 'plan',
              planId: tx.planId,
              planKey: tx.planKey ?? 'premium',
              planName: tx.itemName,
              months: months ?? 1,
            },
      count: 1,
      expiresAt: null,
      note: null,
      createdBy: null,
      now,
      purchaseTransactionId: tx.id,
      minted: [purchaseGiftCode(deps.giftSecret, tx.id)],
    });
    if (!tx.userId) return NOTHING;
    return [
      {
        type: 'gift_paid',
        userId: tx.userId,
        transactionId: tx.id,
        what: { type: tx.kind === 'pack' ? 'pack' : 'plan', itemName: tx.itemName, months },
        amountCents: paidCents,
        recipientEmail: tx.giftRecipientEmail,
        message: tx.giftMessage,
      },
    ];
  }

  /** One more paid period of a renewing subscription, once per invoice. */
  async function renewIn(
    r: PaymentQueries,
    input: RenewalInput,
    now: Date,
  ): Promise<{ renewed: boolean; effects: Effect[] }> {
    const { checkout } = input;
    // The same rule as a first payment: less than the price only by a discount the provider
    // reports (a coupon that repeats, or one that ended and the price is back).
    const accepted = acceptCharged(input.priceCents, checkout.currency, input.charged);
    if (!accepted) {
      log.error(
        { invoiceId: input.invoiceId, charged: input.charged, expected: input.priceCents },
        'renovación con importe o moneda inesperados: no se entrega',
      );
      return { renewed: false, effects: NOTHING };
    }
    const row = await r.insertRenewal({
      userId: input.userId,
      kind: 'subscription',
      planId: checkout.planId,
      itemName: checkout.itemName,
      planKey: checkout.planKey,
      durationMonths: checkout.durationMonths,
      amountCents: accepted.paidCents,
      discountCents: accepted.discountCents,
      promotionCode: accepted.promotionCode,
      currency: checkout.currency,
      status: 'completed',
      isRecurring: true,
      provider: input.provider,
      providerSubscriptionId: input.subscriptionId,
      providerInvoiceId: input.invoiceId,
      completedAt: now,
      createdAt: now,
      updatedAt: now,
    });
    if (!row) return { renewed: false, effects: NOTHING };

    const months = checkout.durationMonths ?? 1;
    await r.lockUser(input.userId);
    const current = await r.lockSubscription(input.userId);
    const endDate = extendEnd(current?.endDate ?? null, now, months);
    const sameSubscription =
      current !== null &&
      (input.subscriptionId === null || current.providerSubscriptionId === input.subscriptionId);
    if (current) {
      await r.updateSubscription(
        current.id,
        {
          endDate,
          ...(sameSubscription && input.renews !== null ? { isRecurring: input.renews } : {}),
        },
        now,
      );
    } else {
      await r.saveSubscription(
        input.userId,
        {
          planId: checkout.planId,
          planKey: checkout.planKey ?? 'premium',
          planName: checkout.itemName,
          durationMonths: months,
          endDate,
          isRecurring: input.renews ?? true,
          provider: input.provider,
          providerCustomerId: null,
          providerSubscriptionId: input.subscriptionId,
        },
        now,
      );
    }
    log.info(
      { transactionId: row.id, invoiceId: input.invoiceId, userId: input.userId },
      'suscripción renovada',
    );
    return {
      renewed: true,
      effects: [
        {
          type: 'receipt',
          userId: input.userId,
          transactionId: row.id,
          kind: 'subscription',
          itemName: row.itemName,
          amountCents: row.amountCents,
          endDate,
          isRenewal: true,
        },
      ],
    };
  }

  /** A full refund takes back what the payment gave: the pack purchase is revoked, or the paid
   * period is pulled back from the subscription's end. */
  async function refundIn(r: PaymentQueries, transactionId: string, now: Date): Promise<boolean> {
    const tx = await r.lockById(transactionId);
    if (!tx || tx.status === 'refunded') return false;
    if (tx.status !== 'completed') {
      // Refunded before we ever delivered: it must never be delivered later.
      return r.setStatus(tx.id, ['pending', 'expired', 'cancelled', 'failed'], 'refunded', now);
    }
    if (tx.isGift) {
      await r.revokePurchasedGift(tx.id, now);
    } else if (tx.kind === 'pack') {
      await r.revokePurchase(tx.id, now);
    } else if (tx.userId) {
      await r.lockUser(tx.userId);
      const current = await r.lockSubscription(tx.userId);
      if (current) {
        await r.updateSubscription(
          current.id,
          { endDate: addMonths(current.endDate, -(tx.durationMonths ?? 1)) },
          now,
        );
      }
    }
    await r.setStatus(tx.id, ['completed'], 'refunded', now);
    log.info({ transactionId: tx.id, kind: tx.kind }, 'pago reembolsado: acceso retirado');
    return true;
  }

  /** Runs after the commit. Failures are logged: the payment itself is already recorded. */
  async function runEffects(effects: Effect[]): Promise<void> {
    deps.afterCommit?.();
    const panelUrl = `${deps.appUrl}/panel/cuenta`;
    for (const effect of effects) {
      try {
        if (effect.type === 'stop_subscription') {
          const provider = deps.providerFor(effect.provider);
          if (provider) await provider.setCancelAtPeriodEnd(effect.subscriptionId, true);
          continue;
        }
        const contact = await repo.contactOf(effect.userId);
        if (!contact) continue;
        if (effect.type === 'gift_paid') {
          sendGift(effect, contact);
          continue;
        }
        const email =
          effect.type === 'receipt'
            ? receiptEmail({
                firstName: contact.firstName,
                kind: effect.kind,
                itemName: effect.itemName,
                amount: fromCents(effect.amountCents),
                transactionId: effect.transactionId,
                endDate: effect.endDate,
                isRenewal: effect.isRenewal,
                panelUrl,
                supportEmail: deps.supportEmail,
              })
            : renewalFailedEmail({
                firstName: contact.firstName,
                planName: effect.planName,
                amount: effect.amountCents === null ? null : fromCents(effect.amountCents),
                panelUrl,
                supportEmail: deps.supportEmail,
              });
        deps.mailer.sendLater({ to: contact.email, ...email });
      } catch (err) {
        log.error({ err, effect: effect.type }, 'efecto posterior a un pago fallido');
      }
    }
  }

  function sendGift(
    effect: Extract<Effect, { type: 'gift_paid' }>,
    buyer: { email: string; firstName: string; lastName: string },
  ): void {
    const code = purchaseGiftCode(deps.giftSecret, effect.transactionId).plain;
    const redeemUrl = giftRedeemUrl(deps.appUrl, code);
    deps.mailer.sendLater({
      to: buyer.email,
      ...giftBuyerEmail({
        firstName: buyer.firstName,
        what: effect.what,
        code,
        redeemUrl,
        recipientEmail: effect.recipientEmail,
        withMessage: effect.message !== null,
        amount: fromCents(effect.amountCents),
        transactionId: effect.transactionId,
        supportEmail: deps.supportEmail,
      }),
    });
    if (effect.recipientEmail) {
      deps.mailer.sendLater({
        to: effect.recipientEmail,
        ...giftRecipientEmail({
          buyerName: `${buyer.firstName} ${buyer.lastName}`,
          what: effect.what,
          message: effect.message,
          code,
          redeemUrl,
        }),
      });
    }
  }

  return {
    fulfilIn,
    renewIn,
    refundIn,
    runEffects,

    /** Fulfils in a database transaction of its own, then sends the receipt. */
    async fulfil(transactionId: string, facts: FulfilFacts): Promise<FulfilOutcome> {
      const now = deps.clock();
      const result = await repo.withTransaction((r) => fulfilIn(r, transactionId, facts, now));
      await runEffects(result.effects);
      return result;
    },

    async renew(input: RenewalInput): Promise<boolean> {
      const now = deps.clock();
      const result = await repo.withTransaction((r) => renewIn(r, input, now));
      await runEffects(result.effects);
      return result.renewed;
    },
  };
}
export type Fulfilment = ReturnType<typeof createFulfilment>;
