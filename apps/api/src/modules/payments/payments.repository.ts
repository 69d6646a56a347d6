import { PROMOTION_CODE_MAX } from '@magotips/contracts/promotion-codes';
import { and, asc, eq, gte, inArray, isNotNull, isNull, lte } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { paymentCustomers, paymentEvents, transactions } from '../../db/schema';
import type { AcceptedAmount } from './charged-amount';

export type TransactionRow = typeof transactions.$inferSelect;
export type NewTransaction = typeof transactions.$inferInsert;
export type TransactionKind = TransactionRow['kind'];
export type TransactionStatus = TransactionRow['status'];

/** What the provider told us about a payment, recorded on the transaction when it completes. */
export type PaymentFacts = {
  paymentIntentId?: string | null;
  subscriptionId?: string | null;
  invoiceId?: string | null;
  customerId?: string | null;
};

function paymentQueries(db: Db) {
  return {
    /** The handle these queries run on: inside withTransaction, the payment's own database
     * transaction, which products and the job queue write through to commit with it. */
    db,

    // ---- transactions -----------------------------------------------------------------------

    /** Throws a unique violation when the user already has a checkout in progress for it. */
    async insertTransaction(values: NewTransaction): Promise<TransactionRow> {
      const [row] = await db.insert(transactions).values(values).returning();
      if (!row) throw new Error('transaction not inserted');
      return row;
    },

    /** `offered`: the welcome discount the checkout carries (decision 0119), recorded with its
     * session so the simulated page and the books know what was offered. */
    async attachSession(
      id: string,
      session: { sessionId: string; url: string; expiresAt: Date },
      now: Date,
      offered: { code: string; percentOff: number } | null = null,
    ) {
      await db
        .update(transactions)
        .set({
          providerSessionId: session.sessionId,
          checkoutUrl: session.url,
          expiresAt: session.expiresAt,
          updatedAt: now,
          ...(offered
            ? { offeredPromotionCode: offered.code, offeredPercentOff: offered.percentOff }
            : {}),
        })
        .where(eq(transactions.id, id));
    },

    async findById(id: string): Promise<TransactionRow | null> {
      const [row] = await db.select().from(transactions).where(eq(transactions.id, id));
      return row ?? null;
    },

    /** Locks the row until the end of the database transaction: racing fulfilments queue here. */
    async lockById(id: string): Promise<TransactionRow | null> {
      const [row] = await db
        .select()
        .from(transactions)
        .where(eq(transactions.id, id))
        .for('update');
      return row ?? null;
    },

    async findBySessionId(sessionId: string): Promise<TransactionRow | null> {
      const [row] = await db
        .select()
        .from(transactions)
        .where(eq(transactions.providerSessionId, sessionId));
      return row ?? null;
    },

    async findByInvoiceId(invoiceId: string): Promise<TransactionRow | null> {
      const [row] = await db
        .select()
        .from(transactions)
        .where(eq(transactions.providerInvoiceId, invoiceId));
      return row ?? null;
    },

    async findByPaymentId(paymentId: string): Promise<TransactionRow | null> {
      const [row] = await db
        .select()
        .from(transactions)
        .where(eq(transactions.providerPaymentId, paymentId))
        .orderBy(asc(transactions.createdAt))
        .limit(1);
      return row ?? null;
    },

    /** The first (checkout) transaction of a provider subscription. */
    async findCheckoutOfSubscription(subscriptionId: string): Promise<TransactionRow | null> {
      const [row] = await db
        .select()
        .from(transactions)
        .where(
          and(
            eq(transactions.providerSubscriptionId, subscriptionId),
            isNotNull(transactions.providerSessionId),
          ),
        )
        .orderBy(asc(transactions.createdAt))
        .limit(1);
      return row ?? null;
    },

    /** Moves the transaction from one of `from` to `to`; false when it was in another state. */
    async setStatus(
      id: string,
      from: TransactionStatus[],
      to: TransactionStatus,
      now: Date,
    ): Promise<boolean> {
      const rows = await db
        .update(transactions)
        .set({ status: to, updatedAt: now })
        .where(and(eq(transactions.id, id), inArray(transactions.status, from)))
        .returning({ id: transactions.id });
      return rows.length > 0;
    },

    /** The amount becomes what was paid (less than the price only by a discount the provider
     * reported), so every total read from transactions matches the provider's charges. */
    async markCompleted(
      id: string,
      facts: PaymentFacts,
      amount: AcceptedAmount,
      now: Date,
    ): Promise<void> {
      await db
        .update(transactions)
        .set({
          status: 'completed',
          completedAt: now,
          updatedAt: now,
          amountCents: amount.paidCents,
          discountCents: amount.discountCents,
          promotionCode: amount.promotionCode?.slice(0, PROMOTION_CODE_MAX) ?? null,
          ...(facts.paymentIntentId ? { providerPaymentId: facts.paymentIntentId } : {}),
          ...(facts.subscriptionId ? { providerSubscriptionId: facts.subscriptionId } : {}),
          ...(facts.invoiceId ? { providerInvoiceId: facts.invoiceId } : {}),
        })
        .where(eq(transactions.id, id));
    },

    /** A pending payment that must stay pending (collection still in progress) is looked at
     * again later, instead of heading the job's batch every round. */
    async postponeCheck(id: string, until: Date, now: Date): Promise<void> {
      await db
        .update(transactions)
        .set({ expiresAt: until, updatedAt: now })
        .where(and(eq(transactions.id, id), eq(transactions.status, 'pending')));
    },

    async setInvoiceIfMissing(id: string, invoiceId: string, now: Date): Promise<void> {
      await db
        .update(transactions)
        .set({ providerInvoiceId: invoiceId, updatedAt: now })
        .where(and(eq(transactions.id, id), isNull(transactions.providerInvoiceId)));
    },

    /** Whether a renewal of the provider subscription was recorded after `since` (the first one
     * after a plan change carries its proration, decision 0100). */
    async renewedSince(subscriptionId: string, since: Date): Promise<boolean> {
      const [row] = await db
        .select({ id: transactions.id })
        .from(transactions)
        .where(
          and(
            eq(transactions.providerSubscriptionId, subscriptionId),
            isNull(transactions.providerSessionId),
            isNull(transactions.periodCents),
            gte(transactions.createdAt, since),
          ),
        )
        .limit(1);
      return row !== undefined;
    },

    /** A renewal period, once per invoice: null when this invoice was already recorded. */
    async insertRenewal(values: NewTransaction): Promise<TransactionRow | null> {
      const [row] = await db
        .insert(transactions)
        .values(values)
        .onConflictDoNothing({ target: transactions.providerInvoiceId })
        .returning();
      return row ?? null;
    },

    async pendingOfUser(
      userId: string,
      filter: { kind?: TransactionKind; packId?: string } = {},
    ): Promise<TransactionRow[]> {
      return db
        .select()
        .from(transactions)
        .where(
          and(
            eq(transactions.userId, userId),
            eq(transactions.status, 'pending'),
            filter.kind ? eq(transactions.kind, filter.kind) : undefined,
            // A gift in progress is not a checkout of the buyer's own pack or plan: it must not
            // block (or be closed by) one.
            filter.kind ? eq(transactions.isGift, false) : undefined,
            filter.packId ? eq(transactions.packId, filter.packId) : undefined,
          ),
        )
        .orderBy(asc(transactions.createdAt));
    },

    /** Pending checkouts whose session life is over (or that never got a session). */
    async stalePending(now: Date, limit: number): Promise<TransactionRow[]> {
      return db
        .select()
        .from(transactions)
        .where(and(eq(transactions.status, 'pending'), lte(transactions.expiresAt, now)))
        .orderBy(asc(transactions.expiresAt))
        .limit(limit);
    },

    // ---- provider events and customers ------------------------------------------------------

    async eventSeen(id: string): Promise<boolean> {
      const [row] = await db
        .select({ id: paymentEvents.id })
        .from(paymentEvents)
        .where(eq(paymentEvents.id, id));
      return row !== undefined;
    },

    /** True for the first delivery of the event; a concurrent second delivery waits on the
     * primary key and then sees the first one's row. */
    async recordEvent(id: string, provider: string, type: string, now: Date): Promise<boolean> {
      const rows = await db
        .insert(paymentEvents)
        .values({ id, provider, type, processedAt: now })
        .onConflictDoNothing()
        .returning({ id: paymentEvents.id });
      return rows.length > 0;
    },

    async findCustomer(userId: string, provider: string): Promise<string | null> {
      const [row] = await db
        .select({ id: paymentCustomers.providerCustomerId })
        .from(paymentCustomers)
        .where(and(eq(paymentCustomers.userId, userId), eq(paymentCustomers.provider, provider)));
      return row?.id ?? null;
    },

    /** Keeps the first customer stored for the user; answers the one that stands. */
    async saveCustomer(
      userId: string,
      provider: string,
      customerId: string,
      now: Date,
    ): Promise<string> {
      await db
        .insert(paymentCustomers)
        .values({ userId, provider, providerCustomerId: customerId, createdAt: now })
        .onConflictDoNothing();
      const [row] = await db
        .select({ id: paymentCustomers.providerCustomerId })
        .from(paymentCustomers)
        .where(and(eq(paymentCustomers.userId, userId), eq(paymentCustomers.provider, provider)));
      return row?.id ?? customerId;
    },
  };
}
/** The queries, on the pool or inside one database transaction. */
export type PaymentQueries = ReturnType<typeof paymentQueries>;
export type PaymentsRepository = PaymentQueries & {
  /** Runs `fn` in one database transaction, with the queries bound to it. */
  withTransaction<T>(fn: (r: PaymentQueries) => Promise<T>): Promise<T>;
};

export function createPaymentsRepository(db: Db): PaymentsRepository {
  return {
    ...paymentQueries(db),
    withTransaction: (fn) => db.transaction((tx) => fn(paymentQueries(tx))),
  };
}
