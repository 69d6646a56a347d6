import {
  dayOf,
  EMPTY_TALLY,
  mergeTallies,
  type SettledResult,
  type Tally,
  tallyOfBet,
} from '@magotips/contracts/track-record';
import { and, gte, lt, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { TRACK_RECORD_COUNTED, tips, trackRecordDays } from '../../db/schema';

/** The filters a reader can choose, each summed apart: 'all' stands for no filter. */
export const ALL = 'all';

type DayRow = typeof trackRecordDays.$inferInsert;
type CountedTip = {
  id: string;
  matchDate: Date;
  result: string;
  oddsCents: number | null;
  stake: number | null;
  category: string;
  icon: string;
};

const DAY_MS = 86_400_000;
// Two-key advisory locks: this namespace, then the day. Settles of one day queue on it, so the
// second one re-reads the day after the first has committed (READ COMMITTED).
const LOCK_NAMESPACE = 14_001;

// Written as tips_counted_idx is declared (desc nulls last), walked backwards: Postgres only
// walks an index for ORDER BY when the null placement matches too.
const KICK_OFF_ORDER = [sql`${tips.matchDate} asc nulls first`, sql`${tips.id} asc nulls first`];

const countedColumns = {
  id: tips.id,
  matchDate: tips.matchDate,
  result: tips.result,
  oddsCents: tips.oddsCents,
  stake: tips.stake,
  category: tips.category,
  icon: tips.icon,
};

function rowOf(category: string, sport: string, day: string, t: Tally): DayRow {
  return {
    category,
    sport,
    day,
    settled: t.settled,
    won: t.won,
    lost: t.lost,
    void: t.void,
    halfWon: t.halfWon,
    halfLost: t.halfLost,
    profitMilli: t.profitMilli,
    staked: t.staked,
    oddsCentsSum: t.oddsCentsSum,
    streakN: t.streaks.n,
    leadW: t.streaks.leadW,
    leadL: t.streaks.leadL,
    trailW: t.streaks.trailW,
    trailL: t.streaks.trailL,
    maxW: t.streaks.maxW,
    maxL: t.streaks.maxL,
  };
}

/** A stored day back as a tally (the reading side combines them in day order). */
export function tallyOfDay(row: typeof trackRecordDays.$inferSelect): Tally {
  return {
    settled: row.settled,
    won: row.won,
    lost: row.lost,
    void: row.void,
    halfWon: row.halfWon,
    halfLost: row.halfLost,
    profitMilli: row.profitMilli,
    staked: row.staked,
    oddsCentsSum: row.oddsCentsSum,
    streaks: {
      n: row.streakN,
      leadW: row.leadW,
      leadL: row.leadL,
      trailW: row.trailW,
      trailL: row.trailL,
      maxW: row.maxW,
      maxL: row.maxL,
    },
  };
}

/** One day's counted tips, in kick-off order, as the rows of every filter. */
function dayRows(day: string, dayTips: readonly CountedTip[]): DayRow[] {
  const tallies = new Map<string, Tally>();
  for (const tip of dayTips) {
    // The CHECKs guarantee a counted tip has its bet.
    const one = tallyOfBet({
      result: tip.result as SettledResult,
      oddsCents: tip.oddsCents ?? 0,
      stake: tip.stake ?? 0,
    });
    for (const key of [
      `${ALL}|${ALL}`,
      `${tip.category}|${ALL}`,
      `${ALL}|${tip.icon}`,
      `${tip.category}|${tip.icon}`,
    ]) {
      tallies.set(key, mergeTallies(tallies.get(key) ?? EMPTY_TALLY, one));
    }
  }
  return [...tallies].map(([key, t]) => {
    const [category = ALL, sport = ALL] = key.split('|');
    return rowOf(category, sport, day, t);
  });
}

const inDay = (day: string): SQL | undefined => {
  const start = new Date(`${day}T00:00:00.000Z`);
  return and(gte(tips.matchDate, start), lt(tips.matchDate, new Date(start.getTime() + DAY_MS)));
};

/**
 * Rewrites the summaries of `days` (UTC, "2026-11-25") from their tips. Called in the same
 * transaction as every change that can move a tip in or out of the record or change its result:
 * a settle, an edit, a publication, a delete.
 */
export async function refreshTrackRecordDays(db: Db, days: Iterable<string>): Promise<void> {
  const unique = [...new Set(days)].sort();
  if (unique.length === 0) return;
  await db.transaction(async (tx) => {
    for (const day of unique) {
      await tx.execute(sql`select pg_advisory_xact_lock(${LOCK_NAMESPACE}, hashtext(${day}))`);
      const dayTips = await tx
        .select(countedColumns)
        .from(tips)
        .where(and(sql`${TRACK_RECORD_COUNTED}`, inDay(day)))
        .orderBy(...KICK_OFF_ORDER);
      await tx.delete(trackRecordDays).where(sql`${trackRecordDays.day} = ${day}`);
      const rows = dayRows(day, dayTips);
      if (rows.length > 0) await tx.insert(trackRecordDays).values(rows);
    }
  });
}

const REBUILD_WINDOW_DAYS = 7;
const INSERT_BATCH = 1_000;

/** Rebuilds every summary from the tips: after a bulk load (the demo seed, the bench). Reads the
 * counted tips a week of kick-offs at a time, so memory stays flat at a million tips. */
export async function rebuildTrackRecord(db: Db): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.delete(trackRecordDays);
    const [bounds] = await tx
      .select({
        first: sql<string | null>`min(${tips.matchDate})::text`,
        last: sql<string | null>`max(${tips.matchDate})::text`,
      })
      .from(tips)
      .where(sql`${TRACK_RECORD_COUNTED}`);
    if (!bounds?.first || !bounds.last) return;
    const end = new Date(bounds.last).getTime();
    const pending: DayRow[] = [];
    for (
      let from = new Date(`${dayOf(new Date(bounds.first))}T00:00:00.000Z`).getTime();
      from <= end;
      from += REBUILD_WINDOW_DAYS * DAY_MS
    ) {
      const window: CountedTip[] = await tx
        .select(countedColumns)
        .from(tips)
        .where(
          and(
            sql`${TRACK_RECORD_COUNTED}`,
            gte(tips.matchDate, new Date(from)),
            lt(tips.matchDate, new Date(from + REBUILD_WINDOW_DAYS * DAY_MS)),
          ),
        )
        .orderBy(...KICK_OFF_ORDER);
      const byDay = new Map<string, CountedTip[]>();
      for (const tip of window) {
        const day = dayOf(tip.matchDate);
        const list = byDay.get(day);
        if (list) list.push(tip);
        else byDay.set(day, [tip]);
      }
      for (const [day, dayTips] of byDay) pending.push(...dayRows(day, dayTips));
      while (pending.length >= INSERT_BATCH)
        await tx.insert(trackRecordDays).values(pending.splice(0, INSERT_BATCH));
    }
    if (pending.length > 0) await tx.insert(trackRecordDays).values(pending);
  });
}
