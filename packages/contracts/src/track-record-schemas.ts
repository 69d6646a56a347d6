import { z } from 'zod';
import { ZStake } from './bet-schema';
import { MSG } from './messages';
import { SPORT_IDS } from './sports';
import { TIP_CATEGORIES } from './tips';
import { BET_LIMITS, SETTLED_RESULTS, TIP_RESULTS, TRACK_RECORD_PERIODS } from './track-record';
import { ODDS_BAND_IDS } from './track-record-bands';

/** PATCH /api/tips/{id}/result: one of the settled results (never back to 'pendiente'). */
export const ZTipResultRequest = z.object({
  result: z.enum(SETTLED_RESULTS, { error: MSG.resultRequired }),
});
export type TTipResultRequest = z.infer<typeof ZTipResultRequest>;

/** A UTC day of kick-off as the URL keeps it ("2026-05-31"), a real calendar day. */
export const ZRecordDay = z
  .string({ error: MSG.recordDateInvalid })
  .regex(/^\d{4}-\d{2}-\d{2}$/, MSG.recordDateInvalid)
  .refine((day) => {
    const at = new Date(`${day}T00:00:00.000Z`);
    return !Number.isNaN(at.getTime()) && at.toISOString().slice(0, 10) === day;
  }, MSG.recordDateInvalid);

/** A bookmaker as the editor typed it, compared exactly; empty means no filter. */
const ZBookmakerFilter = z
  .string()
  .trim()
  .max(BET_LIMITS.bookmakerMax, MSG.bookmakerTooLong)
  .transform((v) => (v === '' ? undefined : v));

/**
 * The filters of every track-record read (issue 27 item 6), all optional, each narrowing the
 * others: `period` counts back from today, `from` and `to` are UTC days of kick-off (both
 * included), the odds band, stake and bookmaker are the bet's. The page keeps them in its URL.
 */
const recordFilters = {
  period: z.enum(TRACK_RECORD_PERIODS).default('all'),
  from: ZRecordDay.optional(),
  to: ZRecordDay.optional(),
  category: z.enum(TIP_CATEGORIES).optional(),
  sport: z.enum(SPORT_IDS).optional(),
  oddsBand: z.enum(ODDS_BAND_IDS).optional(),
  stake: ZStake.optional(),
  bookmaker: ZBookmakerFilter.optional(),
};

const rangeInOrder = {
  check: (q: { from?: string | undefined; to?: string | undefined }) =>
    !q.from || !q.to || q.from <= q.to,
  params: { message: MSG.recordDateOrder, path: ['to'] },
};

/** GET /api/track-record and GET /api/track-record/tips.csv: the filters alone. */
export const ZTrackRecordQuery = z
  .object(recordFilters)
  .refine(rangeInOrder.check, rangeInOrder.params);
export type TTrackRecordQuery = z.input<typeof ZTrackRecordQuery>;
export type TTrackRecordFilters = z.output<typeof ZTrackRecordQuery>;

const ZFigures = z.object({
  settled: z.number().int(),
  won: z.number().int(),
  lost: z.number().int(),
  void: z.number().int(),
  halfWon: z.number().int(),
  halfLost: z.number().int(),
  /** Fractions to three places (0.125 = 12,5 %), rounded once from the exact counts; null with
   * nothing to divide by. */
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
  /** The first UTC day the filter covers (the later of the period's start and `from`), or null
   * for no start. */
  from: z.string().nullable(),
});
export type TTrackRecord = z.infer<typeof ZTrackRecord>;

const ZOddsBandFigures = z.object({
  band: z.enum(ODDS_BAND_IDS),
  settled: z.number().int(),
  stakedUnits: z.number(),
  profitUnits: z.number(),
  yield: z.number().nullable(),
});

/**
 * What GET /api/track-record answers: ZTrackRecord (what /historial shows since issue 14) and
 * issue 27's figures (contracts' figuresOf), the share of profitable months, the counts of
 * item 5, the last day the filter covers and the bookmakers the filter can choose from.
 */
export const ZTrackRecordSummary = ZTrackRecord.extend({
  averageStake: z.number().nullable(),
  levelStakeYield: z.number().nullable(),
  maxDrawdownUnits: z.number(),
  clv: z.number().nullable(),
  clvBets: z.number().int(),
  yieldByOddsBand: z.array(ZOddsBandFigures),
  profitableMonthsPct: z.number().nullable(),
  /** Published tips without a bet ("Análisis sin apuesta"): 0 under a bet's filter (odds band,
   * stake, bookmaker), which no such tip matches. */
  withoutBet: z.number().int(),
  /** Published bets not settled yet. */
  pendingBets: z.number().int(),
  /** The last UTC day the filter covers, or null for no end. */
  to: z.string().nullable(),
  bookmakers: z.array(z.string()),
});
export type TTrackRecordSummary = z.infer<typeof ZTrackRecordSummary>;

export const ZTrackRecordResponse = z.object({
  success: z.literal(true),
  data: ZTrackRecordSummary,
});
export type TTrackRecordResponse = z.infer<typeof ZTrackRecordResponse>;

export const TRACK_RECORD_PAGE_SIZE = 20;

/** The most tips one page lists: the ledger's verifier downloads every counted bet in pages of
 * this size. */
export const TRACK_RECORD_PAGE_MAX = 1000;

/** GET /api/track-record/tips: the settled, counted tips, newest match first. */
export const ZTrackRecordTipsQuery = z
  .object({
    page: z.coerce.number().int().min(1).max(1_000_000).default(1),
    limit: z.coerce
      .number()
      .int()
      .min(1)
      .max(TRACK_RECORD_PAGE_MAX)
      .default(TRACK_RECORD_PAGE_SIZE),
    ...recordFilters,
  })
  .refine(rangeInOrder.check, rangeInOrder.params);
export type TTrackRecordTipsQuery = z.input<typeof ZTrackRecordTipsQuery>;

/** A settled tip in the record: the bet and its outcome, never the analysis. */
export const ZTrackRecordTip = z.object({
  _id: z.uuid(),
  title: z.string(),
  sport: z.enum(SPORT_IDS),
  category: z.enum(TIP_CATEGORIES),
  matchDate: z.iso.datetime(),
  /** When the publication that counts began (the tip was public from then to kick-off). */
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
