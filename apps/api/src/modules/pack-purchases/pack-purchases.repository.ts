import { and, desc, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { packPurchases, packPurchaseTips, packs, tips } from '../../db/schema';

export type PurchasedPackRow = {
  packId: string;
  nombre: string;
  descripcion: string;
  priceCents: number;
  purchasedAt: Date;
  tips: PurchasedPackTip[];
};

export type PurchasedPackTip = { id: string; title: string; icon: string; matchDate: Date };

export function createPackPurchasesRepository(db: Db) {
  return {
    /** The caller's standing purchases (not refunded), newest first, with the published tips
     * each one holds: the buyer reads them all, whatever the pack's sale state or later edits. */
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
      // What each purchase holds (decision 0028); an unpublished tip exists for editors only (0009).
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
            eq(tips.isPublished, true),
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
