import { TIP_EXACT_COUNT_LIMIT, type TipCategory } from '@magotips/contracts/tips';
import {
  and,
  count,
  desc,
  eq,
  gte,
  inArray,
  isNotNull,
  isNull,
  lt,
  or,
  type SQL,
  sql,
} from 'drizzle-orm';
import type { Db } from '../../db/database';
import { packPurchases, packPurchaseTips, packs, packTips, tips } from '../../db/schema';
import { isReferencedRowDelete } from '../../lib/db-errors';
import type { TipRow } from './tip-views';

const cardColumns = {
  id: tips.id,
  title: tips.title,
  icon: tips.icon,
  matchDate: tips.matchDate,
  category: tips.category,
  pick: tips.pick,
  oddsCents: tips.oddsCents,
  stake: tips.stake,
  bookmaker: tips.bookmaker,
  result: tips.result,
  publishedAt: tips.publishedAt,
  publicSince: tips.publicSince,
};

// The orderings spell out NULLS LAST / FIRST because that is how the indexes are declared:
// Postgres only walks an index for ORDER BY when the null placement matches too, even on NOT
// NULL columns. Without it every page of 100k tips is a full scan and a sort.
const NEWEST_CREATED_FIRST = [
  sql`${tips.createdAt} desc nulls last`,
  sql`${tips.id} desc nulls last`,
];
// tips_public_idx is (category, match_date desc nulls last): walked backwards it gives this.
const SOONEST_MATCH_FIRST = [sql`${tips.matchDate} asc nulls first`, tips.id];
const LATEST_MATCH_FIRST = [sql`${tips.matchDate} desc nulls last`, desc(tips.id)];

export type TipFilter = { category?: TipCategory; publishedOnly: boolean };
export type TipCount = { total: number; estimated: boolean };

function whereOf(filter: TipFilter): SQL | undefined {
  return and(
    filter.category ? eq(tips.category, filter.category) : undefined,
    filter.publishedOnly ? eq(tips.isPublished, true) : undefined,
  );
}

function firstRows(result: unknown): Record<string, unknown>[] {
  const rows = (result as { rows?: unknown }).rows;
  return Array.isArray(rows) ? (rows as Record<string, unknown>[]) : [];
}

/** `Plan Rows` of the top node of an `explain (format json)` answer, as either driver gives it. */
function planRows(result: unknown): number | null {
  const value = firstRows(result)[0]?.['QUERY PLAN'];
  const parsed: unknown = typeof value === 'string' ? JSON.parse(value) : value;
  const plan = Array.isArray(parsed)
    ? (parsed[0] as { Plan?: { 'Plan Rows'?: unknown } })
    : undefined;
  const rows = plan?.Plan?.['Plan Rows'];
  return typeof rows === 'number' && Number.isFinite(rows) ? Math.round(rows) : null;
}

export function createTipsRepository(db: Db) {
  const explainRows = async (where: SQL | undefined) =>
    planRows(
      await db.execute(
        where
          ? sql`explain (format json) select 1 from ${tips} where ${where}`
          : sql`explain (format json) select 1 from ${tips}`,
      ),
    );

  /** About how many tips match `where`: the live row count the statistics system keeps (it
   * follows every insert and delete), times the share of rows the planner expects `where` to
   * keep. The planner's own row count is only the fallback: it extrapolates from the last
   * ANALYZE, and PGlite runs no autovacuum to refresh it. A table never analysed is analysed
   * once here, or the planner would have no idea of the categories' shares. */
  async function estimateCount(where: SQL | undefined): Promise<number | null> {
    const [stats] = firstRows(
      // The function behind pg_stat_user_tables.n_live_tup: the view costs far more to read.
      await db.execute(sql`
        select reltuples, pg_stat_get_live_tuples(oid) as live
        from pg_class where oid = 'tips'::regclass`),
    );
    if (Number(stats?.reltuples ?? -1) < 0) {
      // Not fatal: without the right to analyse, the estimate is only rougher.
      await db.execute(sql`analyze tips`).catch(() => undefined);
    }
    const live = Number(stats?.live ?? 0);
    if (!where && live > 0) return live;
    const matching = await explainRows(where);
    if (!where || live <= 0 || matching === null) return matching;
    const all = await explainRows(undefined);
    return all ? Math.round(live * Math.min(1, matching / all)) : matching;
  }

  /** The feeds' order over the tips `visible` selects: matches at or after `since` soonest first;
   * then, when fewer than `limit`, the latest of those before it. */
  async function feed(visible: SQL | undefined, since: Date, limit: number): Promise<TipRow[]> {
    const upcoming = await db
      .select()
      .from(tips)
      .where(and(visible, gte(tips.matchDate, since)))
      .orderBy(...SOONEST_MATCH_FIRST)
      .limit(limit);
    if (upcoming.length >= limit) return upcoming;
    const past = await db
      .select()
      .from(tips)
      .where(and(visible, lt(tips.matchDate, since)))
      .orderBy(...LATEST_MATCH_FIRST)
      .limit(limit - upcoming.length);
    return [...upcoming, ...past];
  }

  // The shared feeds, prepared once: with the read cache off every signed-in read ran them, and
  // Drizzle building a select cost about as much CPU as the database running it (decision 0092).
  const publishedFeed = (after: boolean) =>
    db
      .select()
      .from(tips)
      .where(
        and(
          eq(tips.category, sql.placeholder('category')),
          eq(tips.isPublished, true),
          after
            ? gte(tips.matchDate, sql.placeholder('since'))
            : lt(tips.matchDate, sql.placeholder('since')),
        ),
      )
      .orderBy(...(after ? SOONEST_MATCH_FIRST : LATEST_MATCH_FIRST))
      .limit(sql.placeholder('limit'))
      .prepare(after ? 'tips_feed_upcoming' : 'tips_feed_past');
  const upcomingFeed = publishedFeed(true);
  const pastFeed = publishedFeed(false);

  return {
    /** Published tips of `category` whose match is at or after `since`, soonest first; then,
     * when fewer than `limit`, the latest of those before it (as `feed`, prepared). */
    async listFeed(category: TipCategory, since: Date, limit: number): Promise<TipRow[]> {
      // Placeholders reach the driver as given, past the column's own encoding: the ISO text.
      const at = since.toISOString();
      const upcoming = await upcomingFeed.execute({ category, since: at, limit });
      if (upcoming.length >= limit) return upcoming;
      const past = await pastFeed.execute({ category, since: at, limit: limit - upcoming.length });
      return [...upcoming, ...past];
    },

    /** The premium tips a standing purchase of `userId` holds (decision 0028's record), in the
     * feeds' order: at or after `since` soonest first, then the latest before. One unpublished
     * after its publication stays the buyer's; one never published is not out yet (0084). */
    listPurchasedFeed(userId: string, since: Date, limit: number): Promise<TipRow[]> {
      const held = db
        .select({ tipId: packPurchaseTips.tipId })
        .from(packPurchaseTips)
        .innerJoin(
          packPurchases,
          and(
            eq(packPurchases.id, packPurchaseTips.purchaseId),
            eq(packPurchases.userId, userId),
            isNull(packPurchases.revokedAt),
          ),
        );
      return feed(
        and(
          eq(tips.category, 'premium'),
          or(eq(tips.isPublished, true), isNotNull(tips.publishedAt)),
          inArray(tips.id, held),
        ),
        since,
        limit,
      );
    },

    /** The visitor teaser: matches not started yet first (soonest first: a tip is worth most
     * before kick-off, issue 13 item 17), then those under way or just ended (kicked off since
     * `since`, latest first), then older ones. Each step reads the public index in order. */
    async listFreePreview(now: Date, since: Date, limit: number) {
      const visibleFree = and(eq(tips.category, 'free'), eq(tips.isPublished, true));
      const upcoming = await db
        .select(cardColumns)
        .from(tips)
        .where(and(visibleFree, gte(tips.matchDate, now)))
        .orderBy(...SOONEST_MATCH_FIRST)
        .limit(limit);
      if (upcoming.length >= limit) return upcoming;
      const started = await db
        .select(cardColumns)
        .from(tips)
        .where(and(visibleFree, gte(tips.matchDate, since), lt(tips.matchDate, now)))
        .orderBy(...LATEST_MATCH_FIRST)
        .limit(limit - upcoming.length);
      const found = [...upcoming, ...started];
      if (found.length >= limit) return found;
      const past = await db
        .select(cardColumns)
        .from(tips)
        .where(and(visibleFree, lt(tips.matchDate, since)))
        .orderBy(...LATEST_MATCH_FIRST)
        .limit(limit - found.length);
      return [...found, ...past];
    },

    /** One page, newest created first. The page's ids are found on the index alone and only
     * those rows are read, so a deep offset skips index entries rather than whole rows. */
    async listPage(filter: TipFilter, limit: number, offset: number): Promise<TipRow[]> {
      const where = whereOf(filter);
      const pageIds = db
        .select({ id: tips.id })
        .from(tips)
        .where(where)
        .orderBy(...NEWEST_CREATED_FIRST)
        .limit(limit)
        .offset(offset);
      return db
        .select()
        .from(tips)
        .where(inArray(tips.id, pageIds))
        .orderBy(...NEWEST_CREATED_FIRST);
    },

    /** Exact up to TIP_EXACT_COUNT_LIMIT matching tips, the planner's estimate beyond, so that
     * no page of a large list pays for a full count (docs/decisions/0010). The estimate comes
     * first because it is nearly free: well past the limit no counting happens at all; near it
     * a count bounded by the limit decides. */
    async count(filter: TipFilter): Promise<TipCount> {
      const where = whereOf(filter);
      const estimate = await estimateCount(where);
      if (estimate !== null && estimate > 2 * TIP_EXACT_COUNT_LIMIT)
        return { total: estimate, estimated: true };
      const bounded = db
        .select({ one: sql`1`.as('one') })
        .from(tips)
        .where(where)
        .limit(TIP_EXACT_COUNT_LIMIT + 1)
        .as('bounded');
      const [row] = await db.select({ n: count() }).from(bounded);
      const exact = row?.n ?? 0;
      if (exact <= TIP_EXACT_COUNT_LIMIT) return { total: exact, estimated: false };
      return { total: Math.max(estimate ?? 0, TIP_EXACT_COUNT_LIMIT + 1), estimated: true };
    },

    async findById(id: string): Promise<TipRow | null> {
      const [row] = await db.select().from(tips).where(eq(tips.id, id));
      return row ?? null;
    },

    /** In `target` when given: the caller's transaction (a published tip's alert job). */
    async insert(values: typeof tips.$inferInsert, target: Db = db): Promise<TipRow> {
      const [row] = await target.insert(tips).values(values).returning();
      if (!row) throw new Error('tip not inserted');
      return row;
    },

    /** 'sold' when a standing purchase holds the tip (pack_purchase_tips restricts the delete):
     * its buyers keep it, so it stays (decision 0028). */
    async remove(id: string, target: Db = db): Promise<'removed' | 'missing' | 'sold'> {
      try {
        const rows = await target.delete(tips).where(eq(tips.id, id)).returning({ id: tips.id });
        return rows.length > 0 ? 'removed' : 'missing';
      } catch (err) {
        // Only pack_purchase_tips refuses a tip's delete (pack_tips cascades).
        if (isReferencedRowDelete(err)) return 'sold';
        throw err;
      }
    },

    /** Of `tipIds`, those a standing purchase of `userId` holds. */
    async purchasedTipIds(userId: string, tipIds: string[]): Promise<ReadonlySet<string>> {
      if (tipIds.length === 0) return new Set();
      const rows = await db
        .selectDistinct({ tipId: packPurchaseTips.tipId })
        .from(packPurchaseTips)
        .innerJoin(
          packPurchases,
          and(
            eq(packPurchases.id, packPurchaseTips.purchaseId),
            eq(packPurchases.userId, userId),
            isNull(packPurchases.revokedAt),
          ),
        )
        .where(inArray(packPurchaseTips.tipId, tipIds));
      return new Set(rows.map((r) => r.tipId));
    },

    /** Of `tipIds`, those inside a pack on sale (what a plan that includes packs opens). */
    async packedTipIds(tipIds: string[]): Promise<ReadonlySet<string>> {
      if (tipIds.length === 0) return new Set();
      const rows = await db
        .selectDistinct({ tipId: packTips.tipId })
        .from(packTips)
        .innerJoin(packs, and(eq(packs.id, packTips.packId), eq(packs.activo, true)))
        .where(inArray(packTips.tipId, tipIds));
      return new Set(rows.map((r) => r.tipId));
    },

    /** Active packs that hold `tipId`: what a locked tip offers to buy. */
    async activePacksHolding(tipId: string) {
      return db
        .select({ id: packs.id, nombre: packs.nombre, priceCents: packs.priceCents })
        .from(packs)
        .innerJoin(packTips, eq(packTips.packId, packs.id))
        .where(and(eq(packTips.tipId, tipId), eq(packs.activo, true)))
        .orderBy(packs.priceCents, packs.nombre);
    },
  };
}
export type TipsRepository = ReturnType<typeof createTipsRepository>;
