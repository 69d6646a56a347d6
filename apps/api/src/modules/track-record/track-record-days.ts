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

/** The filters a reader can choose, each summed apart: 'all' (or stake 0) stands for no filter. */
export const ALL = 'all';
export const ALL_STAKES = 0;

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

type Sums = { tally: Tally; pending: number; withoutBet: number; bookmakers: Set<string> };

const keyOf = (category: string, sport: string, band: string, stake: number) =>
  `${category}|${sport}|${band}|${stake}`;

/** The 16 filters a bet belongs to: each of category, sport, odds band and stake, or 'all'. */
function betKeys(tip: PublishedTip, oddsCents: number, stake: number): string[] {
  const keys: string[] = [];
  for (const category of [ALL, tip.category])
    for (const sport of [ALL, tip.icon])
      for (const band of [ALL, oddsBandOf(oddsCents)])
        for (const k of [ALL_STAKES, stake]) keys.push(keyOf(category, sport, band, k));
  return keys;
}

function rowOf(key: string, day: string, s: Sums): DayRow {
  const [category = ALL, sport = ALL, oddsBand = ALL, stake = '0'] = key.split('|');
  const t = s.tally;
  return {
    category,
    sport,
    oddsBand,
    stake: Number(stake),
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
  const at = (key: string) => {
    let s = sums.get(key);
    if (!s)
      sums.set(key, (s = { tally: EMPTY_TALLY, pending: 0, withoutBet: 0, bookmakers: new Set() }));
    return s;
  };
  for (const tip of dayTips) {
    if (tip.oddsCents === null || tip.stake === null) {
      // No bet: no odds band or stake to file it under.
      for (const category of [ALL, tip.category])
        for (const sport of [ALL, tip.icon])
          at(keyOf(category, sport, ALL, ALL_STAKES)).withoutBet += 1;
      continue;
    }
    const keys = betKeys(tip, tip.oddsCents, tip.stake);
    if (tip.bookmaker) at(keyOf(ALL, ALL, ALL, ALL_STAKES)).bookmakers.add(tip.bookmaker);
    if (tip.result === 'pendiente') {
      for (const key of keys) at(key).pending += 1;
      continue;
    }
    const one = tallyOfBet({
      result: tip.result as SettledResult,
      oddsCents: tip.oddsCents,
      stake: tip.stake,
      closingOddsCents: tip.closingOddsCents,
    });
    for (const key of keys) {
      const s = at(key);
      s.tally = mergeTallies(s.tally, one);
    }
  }
  return [...sums].map(([key, s]) => rowOf(key, day, s));
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
