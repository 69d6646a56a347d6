import type { SportId } from '@magotips/contracts/sports';
import type { TipCategory } from '@magotips/contracts/tips';
import {
  dayOf,
  PERIOD_DAYS,
  profitUnits,
  type TrackRecordPeriod,
} from '@magotips/contracts/track-record';
import type {
  TTrackRecord,
  TTrackRecordTipsResponse,
} from '@magotips/contracts/track-record-schemas';
import type { Clock } from '../../lib/clock';
import { ALL } from './track-record-days';
import { summarize } from './track-record-summary';
import type { RecordFilter, RecordTipRow, TrackRecordRepository } from './track-record.repository';

const DAY_MS = 86_400_000;

export type RecordChoice = { period: TrackRecordPeriod; category?: TipCategory; sport?: SportId };

/** The first UTC day a period covers: the day of now − N days; null for everything. */
export function periodStart(period: TrackRecordPeriod, now: Date): string | null {
  const days = PERIOD_DAYS[period];
  return days === null ? null : dayOf(new Date(now.getTime() - days * DAY_MS));
}

function iso(date: Date): string {
  return date.toISOString();
}

/** A counted tip as the record shows it. The counted condition guarantees the bet and the
 * publication date; the fallbacks only keep the types honest. */
function recordTip(row: RecordTipRow): TTrackRecordTipsResponse['tips'][number] {
  const odds = (row.oddsCents ?? 0) / 100;
  const stake = row.stake ?? 0;
  return {
    _id: row.id,
    title: row.title,
    sport: row.icon as SportId,
    category: row.category,
    matchDate: iso(row.matchDate),
    publishedAt: iso(row.publishedAt ?? row.matchDate),
    settledAt: iso(row.settledAt),
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

  const filterOf = (choice: RecordChoice): RecordFilter => ({
    category: choice.category ?? ALL,
    sport: choice.sport ?? ALL,
    from: periodStart(choice.period, clock()),
  });

  return {
    filterOf,

    /** Headline figures, months, sports and curve: a short range of day summaries, never the
     * tips themselves. */
    async summary(filter: RecordFilter): Promise<TTrackRecord> {
      const [days, sports] = await Promise.all([repo.days(filter), repo.sportSums(filter)]);
      return summarize(days, sports, filter.from);
    },

    /** One page of the counted tips; the total is the day summaries' sum, exact and cheap. */
    async tips(
      filter: RecordFilter,
      page: number,
      limit: number,
    ): Promise<TTrackRecordTipsResponse> {
      const [total, rows] = await Promise.all([
        repo.countSettled(filter),
        repo.page(filter, limit, (page - 1) * limit),
      ]);
      return {
        success: true,
        tips: rows.map(recordTip),
        pagination: { page, limit, pages: Math.ceil(total / limit), total },
      };
    },
  };
}

export type TrackRecordService = ReturnType<typeof createTrackRecordService>;
