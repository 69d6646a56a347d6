import { and, desc, eq, inArray, isNotNull, isNull, or } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { packPurchases, packPurchaseTips, packs, tips } from '../../db/schema';
import { purchaseWithId, recordPurchasedTips } from '../packs/purchase-tips';

export type PurchasedPackRow = {
  packId: string;
  nombre: string;
  descripcion: string;
  priceCents: number;
  purchasedAt: Date;
  tips: PurchasedPackTip[];
};

export type PurchasedPackTip = { id: string; title: string; icon: string; matchDate: Date };

/** `db` may be the caller's transaction: a payment's fulfilment or a gift code's redemption. */
export function createPackPurchasesRepository(db: Db) {
  return {
    /** False when this transaction (or another standing purchase of the pack) is already there.
     * Records the pack's tips with it: the caller's transaction makes both one step. */
    async insertPurchase(values: {
      userId: string;
      packId: string;
      transactionId: string;
      purchasedAt: Date;
    }): Promise<boolean> {
      const [row] = await db
        .insert(packPurchases)
        .values(values)
        .onConflictDoNothing()
        .returning({ id: packPurchases.id });
      if (!row) return false;
      await recordPurchasedTips(db, purchaseWithId(row.id));
      return true;
    },

    /** A refunded purchase gives its tips back: they no longer hold off their deletion. */
    async revokePurchase(transactionId: string, now: Date): Promise<number> {
      const rows = await db
        .update(packPurchases)
        .set({ revokedAt: now })
        .where(and(eq(packPurchases.transactionId, transactionId), isNull(packPurchases.revokedAt)))
        .returning({ id: packPurchases.id });
      if (rows.length > 0) {
        await db.delete(packPurchaseTips).where(
          inArray(
            packPurchaseTips.purchaseId,
            rows.map((r) => r.id),
          ),
        );
      }
      return rows.length;
    },

    async hasPurchase(userId: string, packId: string): Promise<boolean> {
      const [row] = await db
        .select({ id: packPurchases.id })
        .from(packPurchases)
        .where(
          and(
            eq(packPurchases.userId, userId),
            eq(packPurchases.packId, packId),
            isNull(packPurchases.revokedAt),
          ),
        )
        .limit(1);
      return row !== undefined;
    },

    /** The caller's standing purchases (not refunded), newest first, with the tips each one
     * holds: the buyer reads them all, whatever the pack's sale state or later edits. */
    async purchasedPacks(userId: string): Promise<PurchasedPackRow[]> {
      const rows = await db
        .select({
          packId: packs.id,
          nombre: packs.nombre,
          descripcion: packs.descripcion,
          priceCents: packs.priceCents,
          purchasedAt: packPurchases.purchasedAt,
        })
        .from(packPurchases)
        .innerJoin(packs, eq(packs.id, packPurchases.packId))
        .where(and(eq(packPurchases.userId, userId), isNull(packPurchases.revokedAt)))
        .orderBy(desc(packPurchases.purchasedAt));
      if (rows.length === 0) return [];
      // What each purchase holds (decision 0028). A tip unpublished after its publication stays
      // the buyer's; one never published (a draft, a scheduled tip) is not out yet (0084).
      const packTipRows = await db
        .select({
          packId: packPurchases.packId,
          id: tips.id,
          title: tips.title,
          icon: tips.icon,
          matchDate: tips.matchDate,
        })
        .from(packPurchaseTips)
        .innerJoin(packPurchases, eq(packPurchases.id, packPurchaseTips.purchaseId))
        .innerJoin(tips, eq(tips.id, packPurchaseTips.tipId))
        .where(
          and(
            eq(packPurchases.userId, userId),
            isNull(packPurchases.revokedAt),
            or(eq(tips.isPublished, true), isNotNull(tips.publishedAt)),
          ),
        )
        .orderBy(packPurchaseTips.position, tips.matchDate);
      const byPack = new Map<string, PurchasedPackTip[]>();
      for (const t of packTipRows) {
        const list = byPack.get(t.packId) ?? [];
        list.push({ id: t.id, title: t.title, icon: t.icon, matchDate: t.matchDate });
        byPack.set(t.packId, list);
      }
      return rows.map((r) => ({ ...r, tips: byPack.get(r.packId) ?? [] }));
    },
  };
}
export type PackPurchasesRepository = ReturnType<typeof createPackPurchasesRepository>;
