import { z } from 'zod';
import { MSG } from './messages';
import { SPORT_IDS } from './sports';
import { TIP_CATEGORIES } from './tips';
import { SETTLED_RESULTS, TIP_RESULTS, TRACK_RECORD_PERIODS } from './track-record';

/** PATCH /api/tips/{id}/result: one of the settled results (never back to 'pendiente'). */
export const ZTipResultRequest = z.object({
  result: z.enum(SETTLED_RESULTS, { error: MSG.resultRequired }),
});
export type TTipResultRequest = z.infer<typeof ZTipResultRequest>;

/** GET /api/track-record: filters, all optional (everything since the start). */
export const ZTrackRecordQuery = z.object({
  period: z.enum(TRACK_RECORD_PERIODS).default('all'),
  category: z.enum(TIP_CATEGORIES).optional(),
  sport: z.enum(SPORT_IDS).optional(),
});
export type TTrackRecordQuery = z.input<typeof ZTrackRecordQuery>;

const ZFigures = z.object({
  settled: z.number().int(),
  won: z.number().int(),
  lost: z.number().int(),
  void: z.number().int(),
  halfWon: z.number().int(),
  halfLost: z.number().int(),
  /** Fractions (0.125 = 12,5 %); null with nothing to divide by. */
  hitRate: z.number().nullable(),
  profitUnits: z.number(),
  stakedUnits: z.number(),
  yield: z.number().nullable(),
  averageOdds: z.number().nullable(),
  longestWinRun: z.number().int(),
  longestLoseRun: z.number().int(),
});

const ZMonth = z.object({
  month: z.string().regex(/^\d{4}-\d{2}$/),
  settled: z.number().int(),
  profitUnits: z.number(),
  yield: z.number().nullable(),
});

export const ZTrackRecord = ZFigures.extend({
  bySport: z.array(
    z.object({
      sport: z.enum(SPORT_IDS),
      settled: z.number().int(),
      profitUnits: z.number(),
      stakedUnits: z.number(),
      yield: z.number().nullable(),
      hitRate: z.number().nullable(),
    }),
  ),
  byMonth: z.array(ZMonth),
  bestMonth: ZMonth.nullable(),
  worstMonth: ZMonth.nullable(),
  /** Cumulative profit after each day with settled tips (one point a week past a year of days). */
  curve: z.array(
    z.object({ date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/), cumulativeUnits: z.number() }),
  ),
  /** The first day the period covers (UTC), or null for 'all'. */
  from: z.string().nullable(),
});
export type TTrackRecord = z.infer<typeof ZTrackRecord>;

export const ZTrackRecordResponse = z.object({ success: z.literal(true), data: ZTrackRecord });
export type TTrackRecordResponse = z.infer<typeof ZTrackRecordResponse>;

export const TRACK_RECORD_PAGE_SIZE = 20;

/** GET /api/track-record/tips: the settled, counted tips, newest match first. */
export const ZTrackRecordTipsQuery = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  limit: z.coerce.number().int().min(1).max(1000).default(TRACK_RECORD_PAGE_SIZE),
  period: z.enum(TRACK_RECORD_PERIODS).default('all'),
  category: z.enum(TIP_CATEGORIES).optional(),
  sport: z.enum(SPORT_IDS).optional(),
});
export type TTrackRecordTipsQuery = z.input<typeof ZTrackRecordTipsQuery>;

/** A settled tip in the record: the bet and its outcome, never the analysis. */
export const ZTrackRecordTip = z.object({
  _id: z.uuid(),
  title: z.string(),
  sport: z.enum(SPORT_IDS),
  category: z.enum(TIP_CATEGORIES),
  matchDate: z.iso.datetime(),
  publishedAt: z.iso.datetime(),
  settledAt: z.iso.datetime(),
  pick: z.string(),
  odds: z.number(),
  stake: z.number().int(),
  bookmaker: z.string().nullable(),
  result: z.enum(TIP_RESULTS),
  profitUnits: z.number(),
});
export type TTrackRecordTip = z.infer<typeof ZTrackRecordTip>;

export const ZTrackRecordTipsResponse = z.object({
  success: z.literal(true),
  tips: z.array(ZTrackRecordTip),
  pagination: z.object({
    page: z.number().int(),
    limit: z.number().int(),
    pages: z.number().int(),
    total: z.number().int(),
  }),
});
export type TTrackRecordTipsResponse = z.infer<typeof ZTrackRecordTipsResponse>;

/** GET /api/tips/pending-results (editor or admin): started matches with a bet and no result,
 * oldest kick-off first. */
export const ZPendingResultsResponse = z.object({
  success: z.literal(true),
  tips: z.array(
    z.object({
      _id: z.uuid(),
      title: z.string(),
      icon: z.string(),
      category: z.enum(TIP_CATEGORIES),
      matchDate: z.iso.datetime(),
      pick: z.string(),
      odds: z.number(),
      stake: z.number().int(),
    }),
  ),
  total: z.number().int(),
});
export type TPendingResultsResponse = z.infer<typeof ZPendingResultsResponse>;
