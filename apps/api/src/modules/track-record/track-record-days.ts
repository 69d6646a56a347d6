import {
  dayOf,
  EMPTY_TALLY,
  mergeTallies,
  type SettledResult,
  type Tally,
  tallyOfBet,
  type TipResult,
} from '@magotips/contracts/track-record';
import { oddsBandOf } from '@magotips/contracts/track-record-bands';
import { and, gte, lt, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { tips, trackRecordDays } from '../../db/schema';

/** The filters a reader can choose, each summed apart: 'all' (stake 0, bookmaker '') stands for
 * no filter. A tip's bookmaker is never '' (an empty one is stored as null). */
export const ALL = 'all';
export const ALL_STAKES = 0;
export const ALL_BOOKMAKERS = '';

export type DayRow = typeof trackRecordDays.$inferInsert;

/** A published tip of one day as the summaries read it: a counted bet, a pending bet, or an
 * analysis without a bet. */
export type PublishedTip = {
  id: string;
  matchDate: Date;
  result: TipResult;
  oddsCents: number | null;
  stake: number | null;
  closingOddsCents: number | null;
  bookmaker: string | null;
  category: string;
  icon: string;
};

const DAY_MS = 86_400_000;
// Two-key advisory locks: this namespace, then the day. Settles of one day queue on it, so the
// second one re-reads the day after the first has committed (READ COMMITTED). The rebuild takes
// the namespace alone, so that instances starting together rebuild once.
const LOCK_NAMESPACE = 14_001;

// Written as tips_counted_idx is declared (desc nulls last), walked backwards: Postgres only
// walks an index for ORDER BY when the null placement matches too.
export const KICK_OFF_ORDER = [
  sql`${tips.matchDate} asc nulls first`,
  sql`${tips.id} asc nulls first`,
];

/** Published tips the summaries count: a bet counted in the record (TRACK_RECORD_COUNTED once
 * settled, since a pending one is published), a pending bet, or no bet at all. A bet settled
 * but made public after kick-off is none of them. */
export const SUMMARISED = sql`${tips.isPublished} and (${tips.oddsCents} is null or ${tips.result} = 'pendiente' or ${tips.publicSince} <= ${tips.matchDate})`;

export const publishedColumns = {
  id: tips.id,
  matchDate: tips.matchDate,
  result: tips.result,
  oddsCents: tips.oddsCents,
  stake: tips.stake,
  closingOddsCents: tips.closingOddsCents,
  bookmaker: tips.bookmaker,
  category: tips.category,
  icon: tips.icon,
};

/** A row's filter: the values of the summaries' keys ('all', ALL_STAKES, ALL_BOOKMAKERS for
 * none). */
type Key = { category: string; sport: string; oddsBand: string; stake: number; bookmaker: string };
type Sums = {
  key: Key;
  tally: Tally;
  pending: number;
  withoutBet: number;
  bookmakers: Set<string>;
};

const key = (
  category: string,
  sport: string,
  oddsBand: string,
  stake: number,
  bookmaker = ALL_BOOKMAKERS,
): Key => ({ category, sport, oddsBand, stake, bookmaker });

/**
 * The filters a bet belongs to: each of category, sport, odds band and stake, or 'all' (16);
 * and its bookmaker under the category alone, beside each sport or each odds band (6 more), so
 * that a bookmaker alone, its sports and its bands are read from the summaries too (decision
 * 0074).
 */
function betKeys(tip: PublishedTip, oddsCents: number, stake: number): Key[] {
  const band = oddsBandOf(oddsCents);
  const keys: Key[] = [];
  for (const category of [ALL, tip.category]) {
    for (const sport of [ALL, tip.icon])
      for (const oddsBand of [ALL, band])
        for (const k of [ALL_STAKES, stake]) keys.push(key(category, sport, oddsBand, k));
    if (tip.bookmaker) {
      for (const sport of [ALL, tip.icon])
        keys.push(key(category, sport, ALL, ALL_STAKES, tip.bookmaker));
      keys.push(key(category, ALL, band, ALL_STAKES, tip.bookmaker));
    }
  }
  return keys;
}

function rowOf(day: string, s: Sums): DayRow {
  const t = s.tally;
  return {
    ...s.key,
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
    levelProfitMilli: t.levelProfitMilli,
    clvMicro: t.clvMicro,
    clvBets: t.clvBets,
    streakN: t.streaks.n,
    leadW: t.streaks.leadW,
    leadL: t.streaks.leadL,
    trailW: t.streaks.trailW,
    trailL: t.streaks.trailL,
    maxW: t.streaks.maxW,
    maxL: t.streaks.maxL,
    drawdownPeak: t.drawdown.peak,
    drawdownTrough: t.drawdown.trough,
    drawdownFall: t.drawdown.fall,
    pending: s.pending,
    withoutBet: s.withoutBet,
    bookmakers: [...s.bookmakers].sort(),
  };
}

/** One day's published tips, in kick-off order, as the rows of every filter. */
export function dayRows(day: string, dayTips: readonly PublishedTip[]): DayRow[] {
  const sums = new Map<string, Sums>();
  const at = (k: Key) => {
    const id = JSON.stringify([k.category, k.sport, k.oddsBand, k.stake, k.bookmaker]);
    let s = sums.get(id);
    if (!s) {
      s = { key: k, tally: EMPTY_TALLY, pending: 0, withoutBet: 0, bookmakers: new Set() };
      sums.set(id, s);
    }
    return s;
  };
  for (const tip of dayTips) {
    if (tip.oddsCents === null || tip.stake === null) {
      // No bet: no odds band, stake or bookmaker to file it under.
      for (const category of [ALL, tip.category])
        for (const sport of [ALL, tip.icon])
          at(key(category, sport, ALL, ALL_STAKES)).withoutBet += 1;
      continue;
    }
    const keys = betKeys(tip, tip.oddsCents, tip.stake);
    if (tip.bookmaker) at(key(ALL, ALL, ALL, ALL_STAKES)).bookmakers.add(tip.bookmaker);
    if (tip.result === 'pendiente') {
      for (const k of keys) at(k).pending += 1;
      continue;
    }
    const one = tallyOfBet({
      result: tip.result as SettledResult,
      oddsCents: tip.oddsCents,
      stake: tip.stake,
      closingOddsCents: tip.closingOddsCents,
    });
    for (const k of keys) {
      const s = at(k);
      s.tally = mergeTallies(s.tally, one);
    }
  }
  return [...sums.values()].map((s) => rowOf(day, s));
}

/** The rows of every day of `dayTips` (published tips in kick-off order). */
export function rowsOfTips(dayTips: readonly PublishedTip[]): DayRow[] {
  const byDay = new Map<string, PublishedTip[]>();
  for (const tip of dayTips) {
    const day = dayOf(tip.matchDate);
    const list = byDay.get(day);
    if (list) list.push(tip);
    else byDay.set(day, [tip]);
  }
  return [...byDay].flatMap(([day, list]) => dayRows(day, list));
}

const inDay = (day: string): SQL | undefined => {
  const start = new Date(`${day}T00:00:00.000Z`);
  return and(gte(tips.matchDate, start), lt(tips.matchDate, new Date(start.getTime() + DAY_MS)));
};

// 30 columns a row: 1 000 rows stay far below the 65 535 parameters of one statement.
const INSERT_BATCH = 1_000;

async function insertRows(db: Db, rows: DayRow[]): Promise<void> {
  for (let i = 0; i < rows.length; i += INSERT_BATCH)
    await db.insert(trackRecordDays).values(rows.slice(i, i + INSERT_BATCH));
}

/**
 * Rewrites the summaries of `days` (UTC, "2026-11-25") from their tips. Called in the same
 * transaction as every change that can move a tip in or out of the record, change its result or
 * its bet, or publish, hide, create or delete a tip: a settle, an edit, a publication, a delete.
 */
export async function refreshTrackRecordDays(db: Db, days: Iterable<string>): Promise<void> {
  const unique = [...new Set(days)].sort();
  if (unique.length === 0) return;
  await db.transaction(async (tx) => {
    for (const day of unique) {
      await tx.execute(sql`select pg_advisory_xact_lock(${LOCK_NAMESPACE}, hashtext(${day}))`);
      const dayTips = await tx
        .select(publishedColumns)
        .from(tips)
        .where(and(SUMMARISED, inDay(day)))
        .orderBy(...KICK_OFF_ORDER);
      await tx.delete(trackRecordDays).where(sql`${trackRecordDays.day} = ${day}`);
      await insertRows(tx, dayRows(day, dayTips));
    }
  });
}

const REBUILD_WINDOW_DAYS = 7;

async function rebuildIn(tx: Db): Promise<void> {
  await tx.delete(trackRecordDays);
  const [bounds] = await tx
    .select({
      first: sql<string | null>`min(${tips.matchDate})::text`,
      last: sql<string | null>`max(${tips.matchDate})::text`,
    })
    .from(tips)
    .where(SUMMARISED);
  if (!bounds?.first || !bounds.last) return;
  const end = new Date(bounds.last).getTime();
  for (
    let from = new Date(`${dayOf(new Date(bounds.first))}T00:00:00.000Z`).getTime();
    from <= end;
    from += REBUILD_WINDOW_DAYS * DAY_MS
  ) {
    const window: PublishedTip[] = await tx
      .select(publishedColumns)
      .from(tips)
      .where(
        and(
          SUMMARISED,
          gte(tips.matchDate, new Date(from)),
          lt(tips.matchDate, new Date(from + REBUILD_WINDOW_DAYS * DAY_MS)),
        ),
      )
      .orderBy(...KICK_OFF_ORDER);
    await insertRows(tx, rowsOfTips(window));
  }
}

/** Rebuilds every summary from the tips: after a bulk load (the demo seed, the bench). Reads the
 * published tips a week of kick-offs at a time, so memory stays flat at a million tips. */
export async function rebuildTrackRecord(db: Db): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${LOCK_NAMESPACE})`);
    await rebuildIn(tx);
  });
}

/**
 * At start: summaries emptied by a migration that changed what they hold (0014) are rebuilt once
 * from the tips. Any published tip has a row, so an empty table beside a published tip means
 * exactly that. Answers whether it rebuilt.
 */
export async function ensureTrackRecord(db: Db): Promise<boolean> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${LOCK_NAMESPACE})`);
    const [state] = await tx
      .select({
        summarised: sql<boolean>`exists (select 1 from ${trackRecordDays})`,
        published: sql<boolean>`exists (select 1 from ${tips} where ${tips.isPublished})`,
      })
      .from(sql`(select 1) as one`);
    if (!state || state.summarised || !state.published) return false;
    await rebuildIn(tx);
    return true;
  });
}
