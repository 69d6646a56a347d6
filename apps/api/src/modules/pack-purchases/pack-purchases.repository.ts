import { and, count, desc, eq, inArray, isNull } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { packPurchases, packs, packTips, tips } from '../../db/schema';

export type PurchasedPackRow = {
  packId: string;
  nombre: string;
  descripcion: string;
  priceCents: number;
  purchasedAt: Date;
  tipCount: number;
};

export function createPackPurchasesRepository(db: Db) {
  return {
    /** The caller's standing purchases (not refunded), newest first, with how many published
     * tips each pack holds: the buyer reads them all, whatever the pack's sale state. */
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
      const counts = await db
        .select({ packId: packTips.packId, n: count() })
        .from(packTips)
        .innerJoin(tips, eq(tips.id, packTips.tipId))
        .where(
          and(
            inArray(
              packTips.packId,
              rows.map((r) => r.packId),
            ),
            eq(tips.isPublished, true),
          ),
        )
        .groupBy(packTips.packId);
      const byPack = new Map(counts.map((c) => [c.packId, Number(c.n)]));
      return rows.map((r) => ({ ...r, tipCount: byPack.get(r.packId) ?? 0 }));
    },
  };
}
export type PackPurchasesRepository = ReturnType<typeof createPackPurchasesRepository>;
