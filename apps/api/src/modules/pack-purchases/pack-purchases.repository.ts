import { and, desc, eq, inArray, isNull } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { packPurchases, packs, packTips, tips } from '../../db/schema';

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
     * each pack holds: the buyer reads them all, whatever the pack's sale state. */
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
      const packTipRows = await db
        .select({ packId: packTips.packId, id: tips.id, title: tips.title, icon: tips.icon, matchDate: tips.matchDate })
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
        .orderBy(packTips.position, tips.matchDate);
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
