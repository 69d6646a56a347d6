import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/database';
import type { Clock } from '../../lib/clock';
import type { PaymentEventBus } from '../events/payment-events';
import { acceptCharged, type Charged } from './charged-amount';
import { type PaymentFollowUps, receiptJob, stopSubscriptionJob } from './payment-follow-ups';
import type { ProviderName } from './payment-provider';
import type {
  PaymentFacts,
  PaymentQueries,
  PaymentsRepository,
  TransactionRow,
} from './payments.repository';
import type { Delivered, ProductRegistry, TermsInput } from './products';
import type { ReceiptIssuer } from './receipt-issuer';

/** What a provider says about a payment being fulfilled. What it charged, when known, is
 * checked against the transaction (acceptCharged): a session carries our own price, less only a
 * discount the provider reports, so any other difference means something is wrong and nothing
 * is handed out. */
export type FulfilFacts = PaymentFacts & { charged?: Charged | null };

export type FulfilOutcome =
  | { outcome: 'fulfilled'; transaction: TransactionRow }
  | { outcome: 'already'; transaction: TransactionRow }
  | { outcome: 'refused'; transaction: TransactionRow }
  | { outcome: 'unknown'; transaction: null };

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
  products: ProductRegistry;
  followUps: PaymentFollowUps;
  clock: Clock;
  log: FastifyBaseLogger;
  /** Numbers the receipt (or the refund's credit note) in the payment's own database
   * transaction, so a number is taken only by a payment that commits (decision 0093). */
  receipts?: ReceiptIssuer;
  /** Told after every committed change: cached reads must not outlive it. */
  afterCommit?: () => void;
  /** `paymentCompleted`, emitted in the payment's own database transaction (decision 0119). */
  events?: Pick<PaymentEventBus, 'emit'>;
};

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
  const { repo, products, log } = deps;

  /** The product's word after delivery: its receipt and the subscriptions it replaces, as jobs
   * in the same database transaction. */
  async function followUp(
    db: Db,
    tx: TransactionRow,
    delivered: Delivered,
    isRenewal: boolean,
  ): Promise<void> {
    const jobs = (delivered.stop ?? []).map(stopSubscriptionJob);
    if (delivered.receipt && tx.userId)
      jobs.push(receiptJob(tx.id, { endDate: delivered.receipt.endDate, isRenewal }));
    await deps.followUps.enqueue(db, jobs);
  }

  /** Tells the modules above that money came in (referrals records a first payment). */
  async function paid(
    db: Db,
    transactionId: string,
    userId: string,
    amountCents: number,
    at: Date,
  ): Promise<void> {
    await deps.events?.emit(db, {
      type: 'paymentCompleted',
      at,
      transactionId,
      userId,
      amountCents,
    });
  }

  async function fulfilIn(
    r: PaymentQueries,
    transactionId: string,
    facts: FulfilFacts,
    now: Date,
  ): Promise<FulfilOutcome> {
    const tx = await r.lockById(transactionId);
    if (!tx) return { outcome: 'unknown', transaction: null };
    if (tx.status === 'completed' || tx.status === 'refunded') {
      // A subscription's first invoice may be learnt after its checkout: attach it, no more.
      if (tx.kind === 'subscription' && facts.invoiceId && !tx.providerInvoiceId) {
        await r.setInvoiceIfMissing(tx.id, facts.invoiceId, now);
      }
      return { outcome: 'already', transaction: tx };
    }
    // Not completed yet, so the row still holds the price asked: the amount paid and its
    // discount are only written on completion.
    const accepted = acceptCharged(tx.amountCents, tx.currency, facts.charged ?? null);
    if (!accepted) {
      log.error(
        { transactionId: tx.id, facts, expected: tx.amountCents },
        'pago con importe o moneda inesperados: no se entrega',
      );
      return { outcome: 'refused', transaction: tx };
    }

    // Whatever its status (pending, or expired/cancelled/failed by our side): money taken means
    // the customer gets what they paid for. The amount recorded is the amount paid.
    await r.markCompleted(tx.id, facts, accepted, now);
    const completed: TransactionRow = {
      ...tx,
      status: 'completed',
      amountCents: accepted.paidCents,
      discountCents: accepted.discountCents,
      promotionCode: accepted.promotionCode,
    };
    const product = products.of(completed);
    await followUp(
      r.db,
      completed,
      await product.fulfil({ db: r.db, transaction: completed, facts, now }),
      false,
    );
    if (deps.receipts) {
      // Last, so the year's counter row is locked for the shortest time and after every other
      // lock the payment takes (no lock-order cycle). Read back: the row now holds what the
      // provider told (payment intent, invoice).
      const stored = await r.findById(tx.id);
      if (stored) await deps.receipts.issue(r.db, stored, now);
    }
    if (completed.userId) await paid(r.db, completed.id, completed.userId, accepted.paidCents, now);
    log.info(
      { transactionId: tx.id, product: product.key, provider: tx.provider },
      'pago entregado',
    );
    return { outcome: 'fulfilled', transaction: completed };
  }

  /** One more paid period of a renewing subscription, once per invoice. */
  async function renewIn(r: PaymentQueries, input: RenewalInput, now: Date): Promise<boolean> {
    const { checkout } = input;
    // The same rule as a first payment: less than the price only by a discount the provider
    // reports (a coupon that repeats, or one that ended and the price is back).
    const accepted = acceptCharged(input.priceCents, checkout.currency, input.charged);
    if (!accepted) {
      log.error(
        { invoiceId: input.invoiceId, charged: input.charged, expected: input.priceCents },
        'renovación con importe o moneda inesperados: no se entrega',
      );
      return false;
    }
    const recurring = products.recurring();
    if (!recurring) throw new Error('ningún producto registrado se renueva');
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
    if (!row) return false;
    const delivered = await recurring.recurring.renew({
      db: r.db,
      transaction: row,
      provider: input.provider,
      subscriptionId: input.subscriptionId,
      renews: input.renews,
      now,
    });
    await followUp(r.db, row, delivered, true);
    await deps.receipts?.issue(r.db, row, now);
    await paid(r.db, row.id, input.userId, accepted.paidCents, now);
    log.info(
      { transactionId: row.id, invoiceId: input.invoiceId, userId: input.userId },
      'suscripción renovada',
    );
    return true;
  }

  /** A subscription's new terms (a plan change, decision 0100), recorded as a completed
   * transaction of its own id: later renewals are checked against it, and what it charged at
   * once (if anything) gets its receipt. Once: a second call finds the row. */
  async function recordTermsIn(
    r: PaymentQueries,
    values: TermsInput,
    now: Date,
  ): Promise<TransactionRow | null> {
    if (await r.findById(values.id)) return null;
    const row = await r.insertTransaction({
      ...values,
      kind: 'subscription',
      currency: 'USD',
      status: 'completed',
      isRecurring: true,
      completedAt: now,
      createdAt: now,
      updatedAt: now,
    });
    await deps.receipts?.issue(r.db, row, now);
    log.info({ transactionId: row.id, userId: values.userId }, 'cambio de plan registrado');
    return row;
  }

  /** A full refund takes back what the payment gave (the product decides what that is). */
  async function refundIn(r: PaymentQueries, transactionId: string, now: Date): Promise<boolean> {
    const tx = await r.lockById(transactionId);
    if (!tx || tx.status === 'refunded') return false;
    if (tx.status !== 'completed') {
      // Refunded before we ever delivered: it must never be delivered later.
      return r.setStatus(tx.id, ['pending', 'expired', 'cancelled', 'failed'], 'refunded', now);
    }
    await products.of(tx).refund({ db: r.db, transaction: tx, now });
    await r.setStatus(tx.id, ['completed'], 'refunded', now);
    await deps.receipts?.creditNote(r.db, tx, now);
    log.info({ transactionId: tx.id, kind: tx.kind }, 'pago reembolsado: acceso retirado');
    return true;
  }

  /** After every commit that changed what someone owns. What else follows (e-mails, provider
   * calls) was enqueued in the transaction and runs on the job queue. */
  function committed(): void {
    deps.afterCommit?.();
  }

  return {
    fulfilIn,
    renewIn,
    refundIn,
    recordTermsIn,
    committed,

    /** Fulfils in a database transaction of its own. */
    async fulfil(transactionId: string, facts: FulfilFacts): Promise<FulfilOutcome> {
      const now = deps.clock();
      const result = await repo.withTransaction((r) => fulfilIn(r, transactionId, facts, now));
      committed();
      return result;
    },

    async renew(input: RenewalInput): Promise<boolean> {
      const now = deps.clock();
      const renewed = await repo.withTransaction((r) => renewIn(r, input, now));
      committed();
      return renewed;
    },
  };
}
export type Fulfilment = ReturnType<typeof createFulfilment>;
