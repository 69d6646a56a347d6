import { MSG } from '@magotips/contracts/messages';
import {
  encodeVipTipsCursor,
  type TVipTipsResponse,
  type VipTipsCursor,
} from '@magotips/contracts/vip-tips';
import { and, eq, getTableColumns, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { tips } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import { type Entitlement, isStaff, type Viewer } from './entitlement';
import type { TipRow } from './tip-views';

// Spelled as tips_category_match_idx is declared (category, match_date desc, id desc): walked
// forwards for the past, backwards for the upcoming, so no new index is needed (decision 0108).
const LATEST_FIRST = [sql`${tips.matchDate} desc nulls last`, sql`${tips.id} desc nulls last`];
const SOONEST_FIRST = [sql`${tips.matchDate} asc nulls first`, sql`${tips.id} asc nulls first`];
const MICROS = sql<string>`(extract(epoch from ${tips.matchDate}) * 1000000)::bigint::text`;
const KEY = sql`(${tips.matchDate}, ${tips.id})`;
const VIP_PUBLISHED = and(eq(tips.category, 'premium'), eq(tips.isPublished, true));

/** An instant in microseconds as SQL: integer arithmetic, no rounding through a double. */
const instant = (micros: string): SQL =>
  sql`(timestamptz 'epoch' + ${micros}::bigint * interval '1 microsecond')`;
const at = (micros: string, id: string): SQL => sql`(${instant(micros)}, ${id}::uuid)`;

type KeyedRow = TipRow & { cursorMicros: string };
const plain = ({ cursorMicros: _key, ...row }: KeyedRow): TipRow => row;

/** Where the next page starts, as the client will send it back. */
type Position = VipTipsCursor | { phase: 'first' };

/**
 * The full list of VIP tips (issue 31 item 5): the upcoming ones soonest first, then the past
 * ones most recent first, by keyset. The split is the instant of the first page (`boundary`),
 * carried in every upcoming cursor, so the list a reader pages through does not move under them.
 */
export function createVipTips(deps: { db: Db; entitlement: Entitlement; clock: Clock }) {
  const rows = (where: SQL | undefined, order: SQL[], limit: number): Promise<KeyedRow[]> =>
    deps.db
      .select({ ...getTableColumns(tips), cursorMicros: MICROS })
      .from(tips)
      .where(and(VIP_PUBLISHED, where))
      .orderBy(...order)
      .limit(limit);

  /** Past tips (before `boundary`, or after a past cursor), most recent first. */
  const past = (from: { boundary: string } | { micros: string; id: string }, limit: number) =>
    rows(
      'boundary' in from
        ? sql`${tips.matchDate} < ${instant(from.boundary)}`
        : sql`${KEY} < ${at(from.micros, from.id)}`,
      LATEST_FIRST,
      limit,
    );

  async function page(position: Position, limit: number, now: Date) {
    if (position.phase === 'past') {
      const found = await past(position, limit + 1);
      const shown = found.slice(0, limit);
      const last = shown.at(-1);
      const next: VipTipsCursor | null =
        found.length > limit && last
          ? { phase: 'past', micros: last.cursorMicros, id: last.id }
          : null;
      return { rows: shown, next };
    }
    const boundary =
      position.phase === 'first' ? String(BigInt(now.getTime()) * 1000n) : position.boundary;
    const upcoming = await rows(
      position.phase === 'first'
        ? sql`${tips.matchDate} >= ${instant(boundary)}`
        : sql`${KEY} > ${at(position.micros, position.id)}`,
      SOONEST_FIRST,
      limit + 1,
    );
    if (upcoming.length > limit) {
      const shown = upcoming.slice(0, limit);
      const last = shown.at(-1) as KeyedRow;
      return {
        rows: shown,
        next: { phase: 'upcoming', boundary, micros: last.cursorMicros, id: last.id } as const,
      };
    }
    // The upcoming ones end on this page: the past ones fill the rest, from the most recent.
    const room = limit - upcoming.length;
    const older = await past({ boundary }, room + 1);
    const shownPast = older.slice(0, room);
    const lastPast = shownPast.at(-1);
    const lastUpcoming = upcoming.at(-1);
    let next: VipTipsCursor | null = null;
    if (older.length > room) {
      if (lastPast) next = { phase: 'past', micros: lastPast.cursorMicros, id: lastPast.id };
      else if (lastUpcoming)
        next = {
          phase: 'upcoming',
          boundary,
          micros: lastUpcoming.cursorMicros,
          id: lastUpcoming.id,
        };
    }
    return { rows: [...upcoming, ...shownPast], next };
  }

  return {
    /** 401 signed out (the route's guard); 403 for anyone who does not read every VIP tip:
     * a pack buyer's tips are in "Mis packs" and the Tips VIP tab (decision 0108). */
    async list(
      viewer: Viewer,
      input: { cursor?: VipTipsCursor; limit: number },
    ): Promise<TVipTipsResponse> {
      if (!viewer) throw AppError.unauthorized(MSG.noToken);
      if (!viewer.readsAllVip && !isStaff(viewer))
        throw AppError.forbidden(MSG.vipTipsListRequired);
      const now = deps.clock();
      const found = await page(input.cursor ?? { phase: 'first' }, input.limit, now);
      return {
        success: true,
        // Through the one entitlement rule, as every public path: it opens all of them here.
        tips: await deps.entitlement.present(viewer, found.rows.map(plain), now),
        nextCursor: found.next ? encodeVipTipsCursor(found.next) : null,
      };
    },
  };
}
