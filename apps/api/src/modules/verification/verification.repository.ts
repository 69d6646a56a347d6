import { and, count, desc, eq, gt, gte, inArray, isNotNull, lte, sql } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { financialVerifications, giftCodeBatches, giftCodes, transactions } from '../../db/schema';
import type { Period } from './financial-data-source';

/** Gifts of the period in cents (the service turns them into the record's decimal block). */
export type LocalGifts = {
  sold: { currency: string; count: number; amount: number }[];
  redeemed: { kind: 'pack' | 'subscription'; count: number; purchased: number }[];
};

export type VerificationRow = typeof financialVerifications.$inferSelect;
export type NewVerificationRow = typeof financialVerifications.$inferInsert;

/** Our own side of the comparison, per currency, in cents. */
export type LocalSales = {
  currency: string;
  chargeCount: number;
  chargeAmount: number;
  refundCount: number;
  refundAmount: number;
};

const t = transactions;
// The same definition the simulated provider uses: a refunded row's last change is its refund.
const refundAt = sql`greatest(${t.updatedAt}, ${t.completedAt})`;

export function createVerificationRepository(db: Db) {
  return {
    async insert(row: NewVerificationRow): Promise<VerificationRow> {
      const [saved] = await db.insert(financialVerifications).values(row).returning();
      if (!saved) throw new Error('verification not stored');
      return saved;
    },

    async latest(): Promise<VerificationRow | null> {
      const [row] = await db
        .select()
        .from(financialVerifications)
        .orderBy(desc(financialVerifications.verifiedAt), desc(financialVerifications.id))
        .limit(1);
      return row ?? null;
    },

    /** Newest first, by financial_verifications_verified_at_idx. */
    history(limit: number): Promise<VerificationRow[]> {
      return db
        .select()
        .from(financialVerifications)
        .orderBy(desc(financialVerifications.verifiedAt), desc(financialVerifications.id))
        .limit(limit);
    },

    /**
     * Payments of `provider` that were charged in the period (completed, including those refunded
     * since) and those refunded in it. Driven by transactions_completed_idx (status, completed_at).
     * A payment of 0 (a 100 % promotion code) is no charge at the provider, so not one here.
     */
    async localSales(provider: string, period: Period): Promise<LocalSales[]> {
      const paid = await db
        .select({ currency: t.currency, count: count(), amount: sql`sum(${t.amountCents})` })
        .from(t)
        .where(
          and(
            inArray(t.status, ['completed', 'refunded']),
            gt(t.amountCents, 0),
            gte(t.completedAt, period.start),
            lte(t.completedAt, period.end),
            eq(t.provider, provider),
          ),
        )
        .groupBy(t.currency);
      const refunded = await db
        .select({ currency: t.currency, count: count(), amount: sql`sum(${t.amountCents})` })
        .from(t)
        .where(
          and(
            eq(t.status, 'refunded'),
            gt(t.amountCents, 0),
            isNotNull(t.completedAt),
            eq(t.provider, provider),
            sql`${refundAt} >= ${period.start.toISOString()}::timestamptz`,
            sql`${refundAt} <= ${period.end.toISOString()}::timestamptz`,
          ),
        )
        .groupBy(t.currency);
      const byCurrency = new Map<string, LocalSales>();
      const line = (currency: string) => {
        const key = currency.toUpperCase();
        const existing = byCurrency.get(key);
        if (existing) return existing;
        const created = {
          currency: key,
          chargeCount: 0,
          chargeAmount: 0,
          refundCount: 0,
          refundAmount: 0,
        };
        byCurrency.set(key, created);
        return created;
      };
      for (const r of paid) {
        const l = line(r.currency);
        l.chargeCount += r.count;
        l.chargeAmount += Number(r.amount ?? 0);
      }
      for (const r of refunded) {
        const l = line(r.currency);
        l.refundCount += r.count;
        l.refundAmount += Number(r.amount ?? 0);
      }
      return [...byCurrency.values()];
    },

    /**
     * Gifts sold through `provider` in the period (paid gift checkouts, refunded later or not,
     * even at 0 after a promotion) and codes redeemed in it (provider 'gift' rows, whichever
     * provider sold them, told apart by whether a payment made their batch).
     */
    async giftActivity(provider: string, period: Period): Promise<LocalGifts> {
      const sold = await db
        .select({ currency: t.currency, count: count(), amount: sql`sum(${t.amountCents})` })
        .from(t)
        .where(
          and(
            inArray(t.status, ['completed', 'refunded']),
            eq(t.isGift, true),
            gte(t.completedAt, period.start),
            lte(t.completedAt, period.end),
            eq(t.provider, provider),
          ),
        )
        .groupBy(t.currency);
      const redeemed = await db
        .select({
          kind: t.kind,
          count: count(),
          purchased: count(giftCodeBatches.purchaseTransactionId),
        })
        .from(t)
        .leftJoin(giftCodes, eq(giftCodes.transactionId, t.id))
        .leftJoin(giftCodeBatches, eq(giftCodeBatches.id, giftCodes.batchId))
        .where(
          and(
            eq(t.status, 'completed'),
            eq(t.provider, 'gift'),
            gte(t.completedAt, period.start),
            lte(t.completedAt, period.end),
          ),
        )
        .groupBy(t.kind);
      return {
        sold: sold.map((r) => ({
          currency: r.currency.toUpperCase(),
          count: r.count,
          amount: Number(r.amount ?? 0),
        })),
        redeemed,
      };
    },
  };
}
export type VerificationRepository = ReturnType<typeof createVerificationRepository>;
