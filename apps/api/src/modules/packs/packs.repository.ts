import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { deleteUnlessUsed } from '../../db/delete-unless-used';
import { packPurchases, packs, packTips, tips, transactions } from '../../db/schema';
import type { Clock } from '../../lib/clock';
import type { ReaderEventBus } from '../events/reader-events';
import { purchasesOfPack, recordPurchasedTips } from './purchase-tips';

export type PackRow = typeof packs.$inferSelect;
export type PackTipRow = {
  packId: string;
  id: string;
  title: string;
  icon: string;
  matchDate: Date;
  category: 'free' | 'premium';
  isPublished: boolean;
};
export type PackWithTips = PackRow & { tips: PackTipRow[] };
export type PackValues = Pick<PackRow, 'nombre' | 'descripcion' | 'priceCents' | 'activo'>;
export type PackPurchaseInfo = { transactionId: string; purchasedAt: Date };

const NEWEST_FIRST = [sql`${packs.createdAt} desc nulls last`, sql`${packs.id} desc`];

/** `events` (with the clock) only where packs are edited: a change of a pack's tips tells its
 * buyers' subscribers (decision 0110). */
export function createPacksRepository(
  db: Db,
  opts: { events?: Pick<ReaderEventBus, 'emit'>; clock?: Clock } = {},
) {
  async function withTips(rows: PackRow[], publishedOnly: boolean): Promise<PackWithTips[]> {
    if (rows.length === 0) return [];
    const tipRows = await db
      .select({
        packId: packTips.packId,
        id: tips.id,
        title: tips.title,
        icon: tips.icon,
        matchDate: tips.matchDate,
        category: tips.category,
        isPublished: tips.isPublished,
      })
      .from(packTips)
      .innerJoin(tips, eq(tips.id, packTips.tipId))
      .where(
        and(
          inArray(
            packTips.packId,
            rows.map((r) => r.id),
          ),
          publishedOnly ? eq(tips.isPublished, true) : undefined,
        ),
      )
      .orderBy(asc(packTips.position), asc(tips.matchDate));
    const byPack = new Map<string, PackTipRow[]>();
    for (const tip of tipRows) {
      const list = byPack.get(tip.packId) ?? [];
      list.push(tip);
      byPack.set(tip.packId, list);
    }
    return rows.map((row) => ({ ...row, tips: byPack.get(row.id) ?? [] }));
  }

  /** The pack's tips become `tipIds`; its standing buyers keep every tip they had and get the
   * new ones (decision 0028). */
  async function writeTips(
    tx: Pick<Db, 'insert' | 'delete' | 'select'>,
    packId: string,
    tipIds: string[],
  ) {
    await tx.delete(packTips).where(eq(packTips.packId, packId));
    if (tipIds.length > 0) {
      await tx
        .insert(packTips)
        .values(tipIds.map((tipId, position) => ({ packId, tipId, position })));
      await recordPurchasedTips(tx, purchasesOfPack(packId));
    }
  }

  return {
    /** Every pack with every tip (drafts included): the editor's list. */
    async listAll(): Promise<PackWithTips[]> {
      const rows = await db
        .select()
        .from(packs)
        .orderBy(...NEWEST_FIRST);
      return withTips(rows, false);
    },

    /** Active packs with their published tips only: what the public may see. */
    async listActive(): Promise<PackWithTips[]> {
      const rows = await db
        .select()
        .from(packs)
        .where(eq(packs.activo, true))
        .orderBy(...NEWEST_FIRST);
      return withTips(rows, true);
    },

    async findById(id: string): Promise<PackWithTips | null> {
      const rows = await db.select().from(packs).where(eq(packs.id, id));
      const [pack] = await withTips(rows, false);
      return pack ?? null;
    },

    /** Of `ids`, those that are existing premium tips. */
    async premiumTipIds(ids: string[]): Promise<ReadonlySet<string>> {
      if (ids.length === 0) return new Set();
      const rows = await db
        .select({ id: tips.id })
        .from(tips)
        .where(and(inArray(tips.id, ids), eq(tips.category, 'premium')));
      return new Set(rows.map((r) => r.id));
    },

    async insert(values: PackValues & { createdBy: string }, tipIds: string[]): Promise<string> {
      return db.transaction(async (tx) => {
        const [row] = await tx.insert(packs).values(values).returning({ id: packs.id });
        if (!row) throw new Error('pack not inserted');
        await writeTips(tx, row.id, tipIds);
        return row.id;
      });
    },

    /** False when the pack does not exist. */
    async update(id: string, values: PackValues, tipIds: string[]): Promise<boolean> {
      return db.transaction(async (tx) => {
        const rows = await tx
          .update(packs)
          .set({ ...values, updatedAt: sql`now()` })
          .where(eq(packs.id, id))
          .returning({ id: packs.id });
        if (rows.length === 0) return false;
        await writeTips(tx, id, tipIds);
        if (opts.events && opts.clock)
          await opts.events.emit(tx, { type: 'packTipsChanged', at: opts.clock(), packId: id });
        return true;
      });
    },

    async setActive(id: string, activo: boolean): Promise<boolean> {
      const rows = await db
        .update(packs)
        .set({ activo, updatedAt: sql`now()` })
        .where(eq(packs.id, id))
        .returning({ id: packs.id });
      return rows.length > 0;
    },

    /** Deletes the pack unless someone bought it or is paying for it right now. */
    removeUnlessUsed: (id: string) =>
      deleteUnlessUsed(db, packs, id, (packId) => [
        { table: packPurchases, where: eq(packPurchases.packId, packId) },
        {
          table: transactions,
          where: and(
            eq(transactions.packId, packId),
            inArray(transactions.status, ['pending', 'completed']),
          ),
        },
      ]),

    /** The caller's standing purchases (revoked_at null) among `packIds`. */
    async purchasesOf(userId: string, packIds: string[]): Promise<Map<string, PackPurchaseInfo>> {
      if (packIds.length === 0) return new Map();
      const rows = await db
        .select({
          packId: packPurchases.packId,
          transactionId: packPurchases.transactionId,
          purchasedAt: packPurchases.purchasedAt,
        })
        .from(packPurchases)
        .where(
          and(
            eq(packPurchases.userId, userId),
            inArray(packPurchases.packId, packIds),
            isNull(packPurchases.revokedAt),
          ),
        );
      return new Map(
        rows.map((r) => [r.packId, { transactionId: r.transactionId, purchasedAt: r.purchasedAt }]),
      );
    },
  };
}
export type PacksRepository = ReturnType<typeof createPacksRepository>;
