import { fromCents } from '@magotips/contracts/money';
import type { TTipOffersResponse } from '@magotips/contracts/tip-offers';
import { and, asc, count, eq, inArray, or } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { packs, packTips, plans } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { isStaff, type Viewer } from './entitlement';

/**
 * Every way to read a VIP tip (issue 31 item 5): the packs on sale that hold it and the active
 * plans that open it, each cheapest first (what is paid today). A plan opens it when it grants
 * every VIP tip, or includes the packs and a pack on sale holds it: the entitlement rule's own
 * terms (decision 0097). Read from the catalogue's tables directly: plans sit on a floor above
 * tips (decision 0063), and this is one read of what the shop already shows.
 */
export function createTipOffers(db: Db) {
  async function packsHolding(tipId: string) {
    const holding = db
      .select({ packId: packTips.packId })
      .from(packTips)
      .where(eq(packTips.tipId, tipId));
    const tipsIn = db
      .select({ packId: packTips.packId, tipCount: count().as('tip_count') })
      .from(packTips)
      .groupBy(packTips.packId)
      .as('tips_in');
    return db
      .select({
        id: packs.id,
        nombre: packs.nombre,
        priceCents: packs.priceCents,
        tipCount: tipsIn.tipCount,
      })
      .from(packs)
      .innerJoin(tipsIn, eq(tipsIn.packId, packs.id))
      .where(and(eq(packs.activo, true), inArray(packs.id, holding)))
      .orderBy(asc(packs.priceCents), asc(packs.nombre));
  }

  return {
    async of(
      viewer: Viewer,
      tip: { id: string; category: string; isPublished: boolean } | null,
    ): Promise<TTipOffersResponse> {
      if (!tip || (!tip.isPublished && !isStaff(viewer))) throw AppError.notFound();
      if (tip.category === 'free') return { success: true, packs: [], plans: [] };
      const held = await packsHolding(tip.id);
      const opening = await db
        .select()
        .from(plans)
        .where(
          and(
            eq(plans.isActive, true),
            held.length > 0
              ? or(eq(plans.grantsAllVipTips, true), eq(plans.includesPacks, true))
              : eq(plans.grantsAllVipTips, true),
          ),
        )
        .orderBy(asc(plans.priceCents), asc(plans.name));
      return {
        success: true,
        packs: held.map((p) => ({
          _id: p.id,
          nombre: p.nombre,
          price: fromCents(p.priceCents),
          tipCount: Number(p.tipCount),
        })),
        plans: opening.map((p) => ({
          _id: p.id,
          key: p.key,
          name: p.name,
          price: fromCents(p.priceCents),
          duration: p.durationMonths,
          yearlyPrice: p.yearlyPriceCents === null ? null : fromCents(p.yearlyPriceCents),
          trialDays: p.trialDays,
          grantsAllVipTips: p.grantsAllVipTips,
        })),
      };
    },
  };
}
