import { and, eq, isNull, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { packPurchases, packPurchaseTips, packTips } from '../../db/schema';

// In packs, not pack-purchases: the catalogue keeps its buyers' record whenever a pack's tips
// change, and the purchases (a floor above, decision 0063) use it when they deliver one.

type Writer = Pick<Db, 'insert' | 'select'>;

/** Records, for the standing purchases `which` selects, every tip their pack holds now. Called
 * when a purchase is delivered and whenever an editor changes a pack's tips, so a buyer keeps
 * what they paid for and also gets what is added later; nothing is ever taken from the record
 * here (decision 0028). Runs inside the caller's transaction. */
export async function recordPurchasedTips(db: Writer, which: SQL): Promise<void> {
  await db
    .insert(packPurchaseTips)
    .select(
      db
        .select({
          purchaseId: packPurchases.id,
          tipId: packTips.tipId,
          position: packTips.position,
        })
        .from(packPurchases)
        .innerJoin(packTips, eq(packTips.packId, packPurchases.packId))
        .where(and(which, isNull(packPurchases.revokedAt))),
    )
    .onConflictDoNothing();
}

export const purchaseWithId = (purchaseId: string): SQL => eq(packPurchases.id, purchaseId);
export const purchasesOfPack = (packId: string): SQL => eq(packPurchases.packId, packId);
