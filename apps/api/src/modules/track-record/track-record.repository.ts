import type { TipCategory } from '@magotips/contracts/tips';
import type { TipResult } from '@magotips/contracts/track-record';
import { findOddsBand } from '@magotips/contracts/track-record-bands';
import { and, asc, count, eq, gt, gte, inArray, lt, lte, ne, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/database';
import { TRACK_RECORD_COUNTED, tips, trackRecordDays } from '../../db/schema';
import {
  ALL,
  ALL_BOOKMAKERS,
  ALL_STAKES,
  KICK_OFF_ORDER,
  type PublishedTip,
  publishedColumns,
  SUMMARISED,
  UNFILTERED,
} from './track-record-days';
import {
  type BandSums,
  type DayPoint,
  keyedBySummaries,
  type RecordFilter,
  type RecordSource,
  type RecordSums,
  SUM_KEYS,
  type SportSums,
} from './track-record-source';

export type RecordTipRow = {
  id: string;
  title: string;
  icon: string;
  category: TipCategory;
  matchDate: Date;
  publicSince: Date | null;
  settledAt: Date;
  pick: string | null;
  oddsCents: number | null;
  stake: number | null;
  bookmaker: string | null;
  closingOddsCents: number | null;
  result: TipResult;
};

/** Where a CSV export goes on from: the last row written, in the list's order, its kick-off in
 * microseconds as the column keeps it (a Date would round to the millisecond and skip tips). */
export type ListCursor = { micros: string; id: string };
export type ChunkRow = RecordTipRow & { cursorMicros: string };

const DAY_MS = 86_400_000;

// Written as the tips_counted_* indexes are declared (desc nulls last): Postgres only walks an
// index for ORDER BY when the null placement matches too (see tips.repository.ts).
const NEWEST_MATCH_FIRST = [
  sql`${tips.matchDate} desc nulls last`,
  sql`${tips.id} desc nulls last`,
];

// Sums of bigint columns come back as numeric: cast so that both drivers give numbers (a day
// summary's profit is far below 2^53 thousandths, and so is any sum of them).
const sumOf = (column: SQL | AnyPgColumn) => sql<number>`coalesce(sum(${column}), 0)::float8`;

const startOf = (day: string) => new Date(`${day}T00:00:00.000Z`);
const endOf = (day: string) => new Date(startOf(day).getTime() + DAY_MS);

function dayRange(filter: RecordFilter): SQL | undefined {
  return and(
    filter.from ? gte(trackRecordDays.day, filter.from) : undefined,
    filter.to ? lte(trackRecordDays.day, filter.to) : undefined,
  );
}

/** The rows of the filter's own key, or of every value of one key (`free`) under the others. */
function keyWhere(filter: RecordFilter, free: 'sport' | 'oddsBand' | null = null): SQL | undefined {
  const column = { sport: trackRecordDays.sport, oddsBand: trackRecordDays.oddsBand };
  const keyed = (name: 'sport' | 'oddsBand') =>
    free === name
      ? and(
          ne(column[name], ALL),
          filter[name] === ALL ? undefined : eq(column[name], filter[name]),
        )
      : eq(column[name], filter[name]);
  return and(
    eq(trackRecordDays.category, filter.category),
    eq(trackRecordDays.stake, filter.stake),
    eq(trackRecordDays.bookmaker, filter.bookmaker ?? ALL_BOOKMAKERS),
    keyed('oddsBand'),
    keyed('sport'),
    dayRange(filter),
  );
}

/** The bet's filters as conditions on the tips, exactly as the day summaries key them. */
function betWhere(filter: RecordFilter): SQL | undefined {
  const band = filter.oddsBand === ALL ? undefined : findOddsBand(filter.oddsBand);
  return and(
    filter.category === ALL ? undefined : eq(tips.category, filter.category),
    filter.sport === ALL ? undefined : eq(tips.icon, filter.sport),
    band ? gte(tips.oddsCents, band.fromCents) : undefined,
    band?.toCents ? lt(tips.oddsCents, band.toCents) : undefined,
    filter.stake === ALL_STAKES ? undefined : eq(tips.stake, filter.stake),
    filter.bookmaker === null ? undefined : eq(tips.bookmaker, filter.bookmaker),
    filter.from ? gte(tips.matchDate, startOf(filter.from)) : undefined,
    filter.to ? lt(tips.matchDate, endOf(filter.to)) : undefined,
  );
}

/** The counted tips of a filter, as TRACK_RECORD_COUNTED and the tips_counted_* indexes spell
 * them. */
const countedWhere = (filter: RecordFilter) => and(sql`${TRACK_RECORD_COUNTED}`, betWhere(filter));

/** Only the record's columns: the analysis never leaves through these routes. */
const recordTipColumns = {
  id: tips.id,
  title: tips.title,
  icon: tips.icon,
  category: tips.category,
  matchDate: tips.matchDate,
  publicSince: tips.publicSince,
  // A settle always writes settled_at; a tip loaded some other way falls back to its last change.
  settledAt: sql<Date>`coalesce(${tips.settledAt}, ${tips.updatedAt})`.mapWith(tips.updatedAt),
  pick: tips.pick,
  oddsCents: tips.oddsCents,
  stake: tips.stake,
  bookmaker: tips.bookmaker,
  closingOddsCents: tips.closingOddsCents,
  result: tips.result,
};

// The columns of a DayPoint, in this order. The days travel as one JSON array of arrays: PGlite
// turns ~1 100 rows of 14 columns into objects in 23–63 ms at a million tips, one JSON text in
// 4–8 ms (decision 0074).
const POINT_COLUMNS = [
  ['day', trackRecordDays.day],
  ['settled', trackRecordDays.settled],
  ['profitMilli', trackRecordDays.profitMilli],
  ['staked', trackRecordDays.staked],
  ['streakN', trackRecordDays.streakN],
  ['leadW', trackRecordDays.leadW],
  ['leadL', trackRecordDays.leadL],
  ['trailW', trackRecordDays.trailW],
  ['trailL', trackRecordDays.trailL],
  ['maxW', trackRecordDays.maxW],
  ['maxL', trackRecordDays.maxL],
  ['drawdownPeak', trackRecordDays.drawdownPeak],
  ['drawdownTrough', trackRecordDays.drawdownTrough],
  ['drawdownFall', trackRecordDays.drawdownFall],
] as const;

const pointsJson = sql<unknown>`coalesce(json_agg(json_build_array(${sql.join(
  POINT_COLUMNS.map(([, column]) => column),
  sql`, `,
)}) order by ${trackRecordDays.day}), '[]'::json)`;

/** The JSON array of arrays back as DayPoints (both drivers parse json; the database wrote it). */
function pointsOf(json: unknown): DayPoint[] {
  const rows = (typeof json === 'string' ? JSON.parse(json) : json) as unknown[][];
  return rows.map((cells) => {
    const point = { day: String(cells[0]) } as DayPoint;
    POINT_COLUMNS.forEach(([name], i) => {
      if (name !== 'day') point[name] = Number(cells[i]);
    });
    return point;
  });
}

const sumColumns = Object.fromEntries(
  SUM_KEYS.map((k) => [k, sumOf(trackRecordDays[k])]),
) as Record<keyof RecordSums, SQL<number>>;

export function createTrackRecordRepository(db: Db) {
  /** The day summaries as a summary's source: a short range of rows per request, never tips. */
  const table: RecordSource = {
    async days(filter) {
      const [row] = await db
        .select({ points: pointsJson })
        .from(trackRecordDays)
        .where(and(keyWhere(filter), gt(trackRecordDays.settled, 0)));
      return pointsOf(row?.points ?? []);
    },

    async sums(filter) {
      const [row] = await db.select(sumColumns).from(trackRecordDays).where(keyWhere(filter));
      return Object.fromEntries(SUM_KEYS.map((k) => [k, Number(row?.[k] ?? 0)])) as RecordSums;
    },

    sportSums(filter): Promise<SportSums[]> {
      return db
        .select({
          sport: trackRecordDays.sport,
          settled: sumColumns.settled,
          won: sumColumns.won,
          lost: sumColumns.lost,
          halfWon: sumColumns.halfWon,
          halfLost: sumColumns.halfLost,
          profitMilli: sumColumns.profitMilli,
          staked: sumColumns.staked,
        })
        .from(trackRecordDays)
        .where(keyWhere(filter, 'sport'))
        .groupBy(trackRecordDays.sport);
    },

    bandSums(filter): Promise<BandSums[]> {
      return db
        .select({
          band: trackRecordDays.oddsBand,
          settled: sumColumns.settled,
          staked: sumColumns.staked,
          profitMilli: sumColumns.profitMilli,
        })
        .from(trackRecordDays)
        .where(keyWhere(filter, 'oddsBand'))
        .groupBy(trackRecordDays.oddsBand);
    },
  };

  return {
    table,

    /** Every bookmaker of the record (counted or pending bets), for the filter's choices. */
    async bookmakers(): Promise<string[]> {
      const rows = await db
        .selectDistinct({ name: sql<string>`unnest(${trackRecordDays.bookmakers})` })
        .from(trackRecordDays)
        .where(UNFILTERED)
        .orderBy(sql`1`);
      return rows.map((r) => r.name);
    },

    /** The published tips a filter the day summaries do not key (a bookmaker beside a sport, an
     * odds band or a stake) matches, in kick-off order: counted and pending bets, for
     * rowsSource. */
    publishedTips(filter: RecordFilter): Promise<PublishedTip[]> {
      return db
        .select(publishedColumns)
        .from(tips)
        .where(and(SUMMARISED, betWhere(filter)))
        .orderBy(...KICK_OFF_ORDER);
    },

    /** How many counted tips the filter holds: the day summaries' sum when they key it, exact
     * and without counting tips; a count of the tips otherwise. */
    async countCounted(filter: RecordFilter): Promise<number> {
      if (!keyedBySummaries(filter)) {
        const [row] = await db.select({ n: count() }).from(tips).where(countedWhere(filter));
        return row?.n ?? 0;
      }
      const [row] = await db
        .select({ n: sumColumns.settled })
        .from(trackRecordDays)
        .where(keyWhere(filter));
      return Number(row?.n ?? 0);
    },

    /**
     * One page of counted tips, newest kick-off first. The day summaries say on which day the
     * page starts (the newest days' counts, summed until they pass the offset), so the index is
     * entered at that day and skips at most one day's tips, however deep the page. The page's ids
     * come from a tips_counted_* partial index alone, and only those rows are read. A filter the
     * summaries do not key skips the whole offset on the index.
     */
    async page(filter: RecordFilter, limit: number, offset: number): Promise<RecordTipRow[]> {
      let before: Date | null = null;
      let skip = offset;
      if (keyedBySummaries(filter) && offset > 0) {
        const running = db
          .select({
            day: trackRecordDays.day,
            newer:
              sql<number>`(sum(${trackRecordDays.settled}) over (order by ${trackRecordDays.day} desc) - ${trackRecordDays.settled})::float8`.as(
                'newer',
              ),
          })
          .from(trackRecordDays)
          .where(and(keyWhere(filter), gt(trackRecordDays.settled, 0)))
          .as('running');
        const [start] = await db
          .select()
          .from(running)
          .where(lte(running.newer, offset))
          .orderBy(asc(running.day))
          .limit(1);
        if (start) {
          before = endOf(start.day);
          skip = offset - Number(start.newer);
        }
      }
      const pageIds = db
        .select({ id: tips.id })
        .from(tips)
        .where(and(countedWhere(filter), before ? lt(tips.matchDate, before) : undefined))
        .orderBy(...NEWEST_MATCH_FIRST)
        .limit(limit)
        .offset(skip);
      return db
        .select(recordTipColumns)
        .from(tips)
        .where(inArray(tips.id, pageIds))
        .orderBy(...NEWEST_MATCH_FIRST);
    },

    /** The next `limit` counted tips after `after` in the list's order (the CSV export's
     * chunks), found from the cursor on the index. */
    chunk(filter: RecordFilter, after: ListCursor | null, limit: number): Promise<ChunkRow[]> {
      return db
        .select({
          ...recordTipColumns,
          cursorMicros: sql<string>`(extract(epoch from ${tips.matchDate}) * 1000000)::bigint::text`,
        })
        .from(tips)
        .where(
          and(
            countedWhere(filter),
            after
              ? sql`(${tips.matchDate}, ${tips.id}) < (timestamptz 'epoch' + ${after.micros}::bigint * interval '1 microsecond', ${after.id}::uuid)`
              : undefined,
          ),
        )
        .orderBy(...NEWEST_MATCH_FIRST)
        .limit(limit);
    },
  };
}

export type TrackRecordRepository = ReturnType<typeof createTrackRecordRepository>;
