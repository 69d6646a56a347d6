import type { SportId } from '@magotips/contracts/sports';
import {
  dayOf,
  PERIOD_DAYS,
  profitUnits,
  type TrackRecordPeriod,
} from '@magotips/contracts/track-record';
import type {
  TTrackRecordFilters,
  TTrackRecordSummary,
  TTrackRecordTip,
  TTrackRecordTipsResponse,
} from '@magotips/contracts/track-record-schemas';
import type { Clock } from '../../lib/clock';
import { csvHeader, csvLine } from './track-record-csv';
import { ALL, ALL_STAKES, rowsOfTips } from './track-record-days';
import { keyedBySummaries, type RecordFilter, rowsSource } from './track-record-source';
import { summarize } from './track-record-summary';
import type { ListCursor, RecordTipRow, TrackRecordRepository } from './track-record.repository';

const DAY_MS = 86_400_000;
/** Rows a CSV export reads at a time: one index walk from the last row's position each. */
const CSV_CHUNK = 1000;

/** The first UTC day a period covers: the day of now − N days; null for everything. */
export function periodStart(period: TrackRecordPeriod, now: Date): string | null {
  const days = PERIOD_DAYS[period];
  return days === null ? null : dayOf(new Date(now.getTime() - days * DAY_MS));
}

/** A counted tip as the record shows it. The counted condition guarantees the bet and the
 * publication; the fallbacks only keep the types honest. `publishedAt` is when the publication
 * that counts began (public_since), not the first publication ever. */
export function recordTip(row: RecordTipRow): TTrackRecordTip {
  const odds = (row.oddsCents ?? 0) / 100;
  const stake = row.stake ?? 0;
  return {
    _id: row.id,
    title: row.title,
    sport: row.icon as SportId,
    category: row.category,
    matchDate: row.matchDate.toISOString(),
    publishedAt: (row.publicSince ?? row.matchDate).toISOString(),
    settledAt: row.settledAt.toISOString(),
    pick: row.pick ?? '',
    odds,
    stake,
    bookmaker: row.bookmaker,
    result: row.result,
    profitUnits: profitUnits(row.result, odds, stake),
  };
}

export function createTrackRecordService(deps: { repo: TrackRecordRepository; clock: Clock }) {
  const { repo, clock } = deps;

  /** The reader's filters as the summaries key them; a period and a `from` both bound the
   * start, and the later of the two wins. */
  const filterOf = (query: TTrackRecordFilters): RecordFilter => {
    const starts = [periodStart(query.period, clock()), query.from ?? null].filter(
      (d): d is string => d !== null,
    );
    return {
      category: query.category ?? ALL,
      sport: query.sport ?? ALL,
      oddsBand: query.oddsBand ?? ALL,
      stake: query.stake ?? ALL_STAKES,
      bookmaker: query.bookmaker ?? null,
      from: starts.sort().at(-1) ?? null,
      to: query.to ?? null,
    };
  };

  return {
    filterOf,

    /**
     * Headline figures, months, sports, bands and curve. From the day summaries (a short range
     * of rows, never the tips) for every filter they key; any other reads the tips it matches
     * and sums them the same way, those tips being the bookmaker's already (decision 0074).
     */
    async summary(filter: RecordFilter): Promise<TTrackRecordSummary> {
      const keyed = keyedBySummaries(filter);
      const source = keyed ? repo.table : rowsSource(rowsOfTips(await repo.publishedTips(filter)));
      const read: RecordFilter = keyed ? filter : { ...filter, bookmaker: null };
      const [days, sums, sports, bands, bookmakers] = await Promise.all([
        source.days(read),
        source.sums(read),
        source.sportSums(read),
        source.bandSums(read),
        repo.bookmakers(),
      ]);
      return summarize({ days, sums, sports, bands, bookmakers, from: filter.from, to: filter.to });
    },

    /** One page of the counted tips; the total is the day summaries' sum, exact and cheap. */
    async tips(
      filter: RecordFilter,
      page: number,
      limit: number,
    ): Promise<TTrackRecordTipsResponse> {
      const [total, rows] = await Promise.all([
        repo.countCounted(filter),
        repo.page(filter, limit, (page - 1) * limit),
      ]);
      return {
        success: true,
        tips: rows.map(recordTip),
        pagination: { page, limit, pages: Math.ceil(total / limit), total },
      };
    },

    /** The filter's whole list as CSV text, newest kick-off first, a chunk of rows at a time. */
    async *csv(filter: RecordFilter): AsyncGenerator<string> {
      yield csvHeader();
      let after: ListCursor | null = null;
      for (;;) {
        const rows = await repo.chunk(filter, after, CSV_CHUNK);
        if (rows.length > 0)
          yield rows.map((row) => csvLine(recordTip(row), row.closingOddsCents)).join('');
        const last = rows.at(-1);
        if (!last || rows.length < CSV_CHUNK) return;
        after = { micros: last.cursorMicros, id: last.id };
      }
    },
  };
}

export type TrackRecordService = ReturnType<typeof createTrackRecordService>;
