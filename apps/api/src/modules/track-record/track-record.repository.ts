import type { SportId } from '@magotips/contracts/sports';
import type { TipCategory } from '@magotips/contracts/tips';
import type { Tally, TipResult } from '@magotips/contracts/track-record';
import { and, eq, gte, inArray, ne, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/database';
import { TRACK_RECORD_COUNTED, tips, trackRecordDays } from '../../db/schema';
import { ALL } from './track-record-days';

/** A reader's choice: 'all' (ALL) where no filter is chosen, as the day summaries are keyed. */
export type RecordFilter = {
  category: TipCategory | typeof ALL;
  sport: SportId | typeof ALL;
  /** The first UTC day ("2026-05-02") the period covers; null for everything. */
  from: string | null;
};

export type DayRow = typeof trackRecordDays.$inferSelect;

/** A sport's sums over the period: a tally without streaks (they need the days in order). */
export type SportSums = Omit<Tally, 'streaks'> & { sport: string };

export type RecordTipRow = {
  id: string;
  title: string;
  icon: string;
  category: TipCategory;
  matchDate: Date;
  publishedAt: Date | null;
  settledAt: Date;
  pick: string | null;
  oddsCents: number | null;
  stake: number | null;
  bookmaker: string | null;
  result: TipResult;
};

// Written as the tips_counted_* indexes are declared (desc nulls last): Postgres only walks an
// index for ORDER BY when the null placement matches too (see tips.repository.ts).
const NEWEST_MATCH_FIRST = [
  sql`${tips.matchDate} desc nulls last`,
  sql`${tips.id} desc nulls last`,
];

// Sums of bigint columns come back as numeric: cast so that both drivers give numbers (a day
// summary's profit is far below 2^53 thousandths, and so is any sum of them).
const sumOf = (column: SQL | AnyPgColumn) => sql<number>`coalesce(sum(${column}), 0)::float8`;

const fromDay = (from: string | null) => (from ? gte(trackRecordDays.day, from) : undefined);
const kickOffFrom = (from: string | null) =>
  from ? gte(tips.matchDate, new Date(`${from}T00:00:00.000Z`)) : undefined;

/** The counted tips of a filter, exactly as TRACK_RECORD_COUNTED and the indexes spell them. */
function countedWhere(filter: RecordFilter): SQL | undefined {
  return and(
    sql`${TRACK_RECORD_COUNTED}`,
    filter.category === ALL ? undefined : eq(tips.category, filter.category),
    filter.sport === ALL ? undefined : eq(tips.icon, filter.sport),
    kickOffFrom(filter.from),
  );
}

/** Only the record's columns: the analysis never leaves through these routes. */
const recordTipColumns = {
  id: tips.id,
  title: tips.title,
  icon: tips.icon,
  category: tips.category,
  matchDate: tips.matchDate,
  publishedAt: tips.publishedAt,
  // A settle always writes settled_at; a tip loaded some other way falls back to its last change.
  settledAt: sql<Date>`coalesce(${tips.settledAt}, ${tips.updatedAt})`.mapWith(tips.updatedAt),
  pick: tips.pick,
  oddsCents: tips.oddsCents,
  stake: tips.stake,
  bookmaker: tips.bookmaker,
  result: tips.result,
};

export function createTrackRecordRepository(db: Db) {
  return {
    /** The filter's day summaries in the period, in day order (the primary key's order). */
    days(filter: RecordFilter): Promise<DayRow[]> {
      return db
        .select()
        .from(trackRecordDays)
        .where(
          and(
            eq(trackRecordDays.category, filter.category),
            eq(trackRecordDays.sport, filter.sport),
            fromDay(filter.from),
          ),
        )
        .orderBy(trackRecordDays.day);
    },

    /** Each sport's sums in the category and period (streaks are not shown per sport, so the
     * database adds the days up and only one row a sport travels). */
    sportSums(filter: RecordFilter): Promise<SportSums[]> {
      return db
        .select({
          sport: trackRecordDays.sport,
          settled: sumOf(trackRecordDays.settled),
          won: sumOf(trackRecordDays.won),
          lost: sumOf(trackRecordDays.lost),
          void: sumOf(trackRecordDays.void),
          halfWon: sumOf(trackRecordDays.halfWon),
          halfLost: sumOf(trackRecordDays.halfLost),
          profitMilli: sumOf(trackRecordDays.profitMilli),
          staked: sumOf(trackRecordDays.staked),
          oddsCentsSum: sumOf(trackRecordDays.oddsCentsSum),
        })
        .from(trackRecordDays)
        .where(
          and(
            eq(trackRecordDays.category, filter.category),
            ne(trackRecordDays.sport, ALL),
            fromDay(filter.from),
          ),
        )
        .groupBy(trackRecordDays.sport);
    },

    /** How many counted tips the filter holds: the day summaries' sum, exact, without counting
     * tips. */
    async countSettled(filter: RecordFilter): Promise<number> {
      const [row] = await db
        .select({ n: sumOf(trackRecordDays.settled) })
        .from(trackRecordDays)
        .where(
          and(
            eq(trackRecordDays.category, filter.category),
            eq(trackRecordDays.sport, filter.sport),
            fromDay(filter.from),
          ),
        );
      return Number(row?.n ?? 0);
    },

    /** One page of counted tips, newest kick-off first. The page's ids come from a counted_*
     * partial index alone, so a deep offset skips index entries, and only those rows are read. */
    async page(filter: RecordFilter, limit: number, offset: number): Promise<RecordTipRow[]> {
      const pageIds = db
        .select({ id: tips.id })
        .from(tips)
        .where(countedWhere(filter))
        .orderBy(...NEWEST_MATCH_FIRST)
        .limit(limit)
        .offset(offset);
      return db
        .select(recordTipColumns)
        .from(tips)
        .where(inArray(tips.id, pageIds))
        .orderBy(...NEWEST_MATCH_FIRST);
    },
  };
}

export type TrackRecordRepository = ReturnType<typeof createTrackRecordRepository>;
