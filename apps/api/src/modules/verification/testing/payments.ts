// Test support (imported by *.test.ts only): payments rows as fulfilment leaves them.
import type { Db } from '../../../db/database';
import { transactions } from '../../../db/schema';

type PaymentRow = {
  amountCents: number;
  completedAt: Date | null;
  status?: (typeof transactions.$inferInsert)['status'];
  currency?: string;
  provider?: string;
  /** When the row last changed: for a refunded payment, its refund. */
  updatedAt?: Date;
  /** A promotion applied: amountCents is then what was paid. */
  discountCents?: number;
  promotionCode?: string;
  /** A gift bought for someone else. */
  isGift?: boolean;
};

export async function insertPayments(db: Db, rows: PaymentRow[]): Promise<string[]> {
  if (rows.length === 0) return [];
  const saved = await db
    .insert(transactions)
    .values(
      rows.map((r) => {
        const created = r.completedAt ?? r.updatedAt ?? new Date('2026-01-01T00:00:00Z');
        return {
          kind: 'pack' as const,
          itemName: 'Pack de prueba',
          amountCents: r.amountCents,
          currency: r.currency ?? 'USD',
          status: r.status ?? 'completed',
          provider: r.provider ?? 'simulated',
          completedAt: r.completedAt,
          discountCents: r.discountCents ?? null,
          promotionCode: r.promotionCode ?? null,
          isGift: r.isGift ?? false,
          createdAt: created,
          updatedAt: r.updatedAt ?? created,
        };
      }),
    )
    .returning({ id: transactions.id });
  return saved.map((r) => r.id);
}
