import {
  combineStreaks,
  dayOf,
  EMPTY_TALLY,
  type SettledResult,
  TALLY_SUMS,
  type Tally,
  tallyOfBet,
  type TipResult,
} from '@magotips/contracts/track-record';
import { oddsBandOf } from '@magotips/contracts/track-record-bands';
import { combineDrawdowns } from '@magotips/contracts/track-record-drawdown';
import { and, eq, getTableColumns, gte, lt, type SQL, sql } from 'drizzle-orm';
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

/** The row of no filter at all: the whole record, a day at a time. */
export const UNFILTERED = and(
  eq(trackRecordDays.category, ALL),
  eq(trackRecordDays.sport, ALL),
  eq(trackRecordDays.oddsBand, ALL),
  eq(trackRecordDays.stake, ALL_STAKES),
  eq(trackRecordDays.bookmaker, ALL_BOOKMAKERS),
);

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
 * The filters a bet belongs to, with or without its category: each of sport and odds band, or
 * 'all' (the cube, 4); and its stake, then its bookmaker, each alone, beside its sport or beside
 * its odds band (3 each), so that a stake or a bookmaker, its sports and its bands are read from
 * the summaries too. Any other mix reads the tips (keyedBySummaries, decision 0074): the full
 * cube of the five keys held 1.7M rows for a million bench tips, twice as many as this.
 */
function betKeys(tip: PublishedTip, oddsCents: number, stake: number): Key[] {
  const band = oddsBandOf(oddsCents);
  const keys: Key[] = [];
  for (const category of [ALL, tip.category]) {
    for (const sport of [ALL, tip.icon])
      for (const oddsBand of [ALL, band]) keys.push(key(category, sport, oddsBand, ALL_STAKES));
    const alone = (k: number, bookmaker?: string) => {
      keys.push(key(category, ALL, ALL, k, bookmaker));
      keys.push(key(category, tip.icon, ALL, k, bookmaker));
      keys.push(key(category, ALL, band, k, bookmaker));
    };
    alone(stake);
    if (tip.bookmaker) alone(ALL_STAKES, tip.bookmaker);
  }
  return keys;
}

function rowOf(day: string, s: Sums): DayRow {
  const t = s.tally;
  return {
    category: s.key.category,
    sport: s.key.sport,
    oddsBand: s.key.oddsBand,
    stake: s.key.stake,
    bookmaker: s.key.bookmaker,
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

/**
 * `one` after `t`, in place: mergeTallies' arithmetic without its copies, since a bet goes into
 * 20 rows and a rebuild at a million tips spent most of its time allocating. The rows keep no
 * odds bands (the band is a key of its own), so those are left alone.
 */
function addAfter(t: Tally, one: Tally): void {
  for (const k of TALLY_SUMS) t[k] += one[k];
  t.streaks = combineStreaks(t.streaks, one.streaks);
  t.drawdown = combineDrawdowns(t.drawdown, one.drawdown);
}

/** One day's published tips, in kick-off order, as the rows of every filter. */
export function dayRows(day: string, dayTips: readonly PublishedTip[]): DayRow[] {
  const sums = new Map<string, Sums>();
  const at = (k: Key) => {
    // NUL never occurs in a PostgreSQL text, so it cannot join two keys into one.
    const id = `${k.category}\0${k.sport}\0${k.oddsBand}\0${k.stake}\0${k.bookmaker}`;
    let s = sums.get(id);
    if (!s) {
      s = { key: k, tally: { ...EMPTY_TALLY }, pending: 0, withoutBet: 0, bookmakers: new Set() };
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
    for (const k of keys) addAfter(at(k).tally, one);
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

// Rows go in as one JSON text per batch (json_populate_recordset), not as one parameter per
// value: on PGlite that writes a batch ten times faster (20 000 rows: 0.5 s against 5.2 s), which
// is most of a rebuild's time at a million tips (decision 0074).
const INSERT_BATCH = 2_000;
const COLUMN_NAMES = Object.entries(getTableColumns(trackRecordDays)).map(
  ([key, column]) => [key as keyof DayRow, column.name] as const,
);

async function insertRows(db: Db, rows: readonly DayRow[]): Promise<void> {
  for (let i = 0; i < rows.length; i += INSERT_BATCH) {
    const batch = rows
      .slice(i, i + INSERT_BATCH)
      .map((row) => Object.fromEntries(COLUMN_NAMES.map(([key, name]) => [name, row[key]])));
    await db.execute(
      sql`insert into ${trackRecordDays} select * from json_populate_recordset(null::${trackRecordDays}, ${JSON.stringify(batch)}::json)`,
    );
  }
}

const text = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
/** The primary key's order. A read takes one filter's days (and its sports or bands side by
 * side): rows written in this order sit on a few pages per window instead of one page per day
 * each, which made the per-sport sums at a million tips several times slower. */
const byKey = (a: DayRow, b: DayRow) =>
  text(a.category, b.category) ||
  a.stake - b.stake ||
  text(a.oddsBand, b.oddsBand) ||
  text(a.bookmaker, b.bookmaker) ||
  text(a.sport, b.sport) ||
  text(a.day, b.day);

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
      await insertRows(tx, dayRows(day, dayTips).sort(byKey));
    }
  });
}

const REBUILD_WINDOW_DAYS = 28;

async function rebuildIn(tx: Db): Promise<void> {
  // Every row goes: TRUNCATE drops them at once where a DELETE of a million rows takes minutes
  // on PGlite; it holds the table until the rebuild commits, which a bulk load can afford.
  await tx.execute(sql`truncate ${trackRecordDays}`);
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
    await insertRows(tx, rowsOfTips(window).sort(byKey));
  }
}

/** Rebuilds every summary from the tips: after a bulk load (the demo seed, the bench). Reads the
 * published tips four weeks of kick-offs at a time, so memory stays flat at a million tips. */
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
