import type { TipCursor, TipListPosition } from '@magotips/contracts/tip-cursor';
import type { TipCategory } from '@magotips/contracts/tips';
import { and, eq, getTableColumns, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { tips } from '../../db/schema';
import type { TipRow } from './tip-views';

/** One page of the editors' list by match date, with where the pages around it start. */
export type TipsByMatchPage = {
  rows: TipRow[];
  next: TipCursor | null;
  previous: TipCursor | null;
};

// Spelled as tips_match_idx / tips_category_match_idx are declared (migration 0012): Postgres
// walks an index for ORDER BY only when the null placement matches too (decision 0010).
const LATEST_FIRST = [sql`${tips.matchDate} desc nulls last`, sql`${tips.id} desc nulls last`];
// The same index walked backwards, for the page before a cursor.
const EARLIEST_FIRST = [sql`${tips.matchDate} asc nulls first`, sql`${tips.id} asc nulls first`];
// Exact to the microsecond the column keeps (extract gives a numeric since PostgreSQL 14).
const MICROS = sql<string>`(extract(epoch from ${tips.matchDate}) * 1000000)::bigint::text`;
const KEY = sql`(${tips.matchDate}, ${tips.id})`;

/** The cursor's position as a row value: integer arithmetic, no rounding through a double. */
function at(cursor: TipCursor): SQL {
  return sql`(timestamptz 'epoch' + ${cursor.micros}::bigint * interval '1 microsecond', ${cursor.id}::uuid)`;
}

type KeyedRow = TipRow & { cursorMicros: string };
const keyOf = (row: KeyedRow): TipCursor => ({ micros: row.cursorMicros, id: row.id });
const plain = ({ cursorMicros: _key, ...row }: KeyedRow): TipRow => row;

/**
 * Keyset pages over (match_date desc, id desc): each page is found from its cursor on the index,
 * so a page deep in a million tips costs what the first does. The probes answer whether a page
 * exists on the other side with one index entry, run beside the page's own query.
 */
export function createTipsByMatchRepository(db: Db) {
  const rows = (where: SQL | undefined, order: SQL[], limit: number): Promise<KeyedRow[]> =>
    db
      .select({ ...getTableColumns(tips), cursorMicros: MICROS })
      .from(tips)
      .where(where)
      .orderBy(...order)
      .limit(limit);
  // Ordered from the cursor outwards, so the probe is one step on the index wherever the
  // cursor is: unordered, the planner may read the table from its start when it expects many
  // matches, which is fast mid-list and slow where the matches are few.
  const exists = async (where: SQL | undefined, order: SQL[]): Promise<boolean> =>
    (
      await db
        .select({ one: sql`1` })
        .from(tips)
        .where(where)
        .orderBy(...order)
        .limit(1)
    ).length > 0;

  async function top(scope: SQL | undefined, limit: number): Promise<TipsByMatchPage> {
    const found = await rows(scope, LATEST_FIRST, limit + 1);
    const page = found.slice(0, limit);
    const last = page.at(-1);
    return {
      rows: page.map(plain),
      next: found.length > limit && last ? keyOf(last) : null,
      previous: null,
    };
  }

  /** Older than the cursor. An empty page (its tips deleted since) still leads back up. */
  async function after(
    scope: SQL | undefined,
    cursor: TipCursor,
    limit: number,
  ): Promise<TipsByMatchPage> {
    const [found, newer] = await Promise.all([
      rows(and(scope, sql`${KEY} < ${at(cursor)}`), LATEST_FIRST, limit + 1),
      exists(and(scope, sql`${KEY} >= ${at(cursor)}`), EARLIEST_FIRST),
    ]);
    const page = found.slice(0, limit);
    const [first, last] = [page[0], page.at(-1)];
    return {
      rows: page.map(plain),
      next: found.length > limit && last ? keyOf(last) : null,
      previous: newer ? (first ? keyOf(first) : cursor) : null,
    };
  }

  /** Newer than the cursor. Reaching the top answers the first page itself, whole, so going
   * back always ends on the page the panel opens with. */
  async function before(
    scope: SQL | undefined,
    cursor: TipCursor,
    limit: number,
  ): Promise<TipsByMatchPage> {
    const [found, older] = await Promise.all([
      rows(and(scope, sql`${KEY} > ${at(cursor)}`), EARLIEST_FIRST, limit + 1),
      exists(and(scope, sql`${KEY} <= ${at(cursor)}`), LATEST_FIRST),
    ]);
    if (found.length <= limit) return top(scope, limit);
    const page = found.slice(0, limit).reverse();
    const [first, last] = [page[0], page.at(-1)];
    return {
      rows: page.map(plain),
      next: older && last ? keyOf(last) : null,
      previous: first ? keyOf(first) : null,
    };
  }

  return {
    page(category: TipCategory | undefined, position: TipListPosition, limit: number) {
      const scope = category ? eq(tips.category, category) : undefined;
      if (position.kind === 'after') return after(scope, position.cursor, limit);
      if (position.kind === 'before') return before(scope, position.cursor, limit);
      return top(scope, limit);
    },
  };
}
export type TipsByMatchRepository = ReturnType<typeof createTipsByMatchRepository>;
