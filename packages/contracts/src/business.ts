import { z } from 'zod';
import { ZReferralRewardLine } from './referrals';

/** The owner's business dashboard (issue 33 item 2; docs/decisions/0117-business-dashboard.md):
 * GET /api/admin/business and its CSV exports. Amounts are decimal USD (19.99), as every price
 * the API sends; percentages are 0–100 with two decimals, null where there is nothing to divide
 * by. Days are whole UTC days, both ends included. */

export const BUSINESS_DEFAULT_DAYS = 30;
/** Three years, a leap day among them: every query stays bounded. */
export const BUSINESS_MAX_DAYS = 1096;
/** Cohorts follow their readers this many months after the first payment. */
export const COHORT_MONTHS = 6;

export const BUSINESS_MSG = {
  invalidDate: 'Fecha no válida: usa el formato AAAA-MM-DD.',
  fromAfterTo: 'La fecha de inicio no puede ser posterior a la fecha de fin.',
  periodTooLong: 'El periodo no puede superar 3 años.',
} as const;

export const BUSINESS_TABLES = [
  'revenueByProduct',
  'signupsBySource',
  'cohorts',
  'monthly',
  'referralRewards',
] as const;
export type BusinessTable = (typeof BUSINESS_TABLES)[number];

const DAY_MS = 86_400_000;
const DAY_RE = /^\d{4}-\d{2}-\d{2}$/;

const dayOf = (text: string): Date | null => {
  if (!DAY_RE.test(text)) return null;
  const day = new Date(`${text}T00:00:00.000Z`);
  // '2026-02-30' parses to March: only a day that reads back the same is a real one.
  return Number.isNaN(day.getTime()) || day.toISOString().slice(0, 10) !== text ? null : day;
};

export const isoDay = (instant: Date): string => instant.toISOString().slice(0, 10);

/** A period: its first and last days, and the instants [start, end) they cover. */
export type BusinessPeriod = { from: string; to: string; start: Date; end: Date };

export type BusinessPeriodParse = ({ ok: true } & BusinessPeriod) | { ok: false; message: string };

/** The period asked for: `to` defaults to today (UTC), `from` to 30 days ending on `to`. */
export function parseBusinessPeriod(
  from: string | undefined,
  to: string | undefined,
  now: Date,
): BusinessPeriodParse {
  const toText = to?.trim() || isoDay(now);
  const toDay = dayOf(toText);
  if (!toDay) return { ok: false, message: BUSINESS_MSG.invalidDate };
  const fromText =
    from?.trim() || isoDay(new Date(toDay.getTime() - (BUSINESS_DEFAULT_DAYS - 1) * DAY_MS));
  const fromDay = dayOf(fromText);
  if (!fromDay) return { ok: false, message: BUSINESS_MSG.invalidDate };
  if (fromDay > toDay) return { ok: false, message: BUSINESS_MSG.fromAfterTo };
  const end = new Date(toDay.getTime() + DAY_MS);
  if (end.getTime() - fromDay.getTime() > BUSINESS_MAX_DAYS * DAY_MS)
    return { ok: false, message: BUSINESS_MSG.periodTooLong };
  return { ok: true, from: fromText, to: toText, start: fromDay, end };
}

/** The period of the same length just before `p`, for the comparison. */
export function previousPeriod(p: BusinessPeriod): BusinessPeriod {
  const length = p.end.getTime() - p.start.getTime();
  const start = new Date(p.start.getTime() - length);
  return {
    from: isoDay(start),
    to: isoDay(new Date(p.start.getTime() - DAY_MS)),
    start,
    end: p.start,
  };
}

/** Shape only: the rules are parseBusinessPeriod's, applied by the service with these words. */
export const ZBusinessQuery = z.object({
  from: z.string().max(40, BUSINESS_MSG.invalidDate).optional(),
  to: z.string().max(40, BUSINESS_MSG.invalidDate).optional(),
});
export type TBusinessQuery = z.infer<typeof ZBusinessQuery>;

const pct = z.number().nullable();

/** One product's money in the period: `plan:<key>:<months>`, `pack:<id>` or `gift`. */
export const ZRevenueLine = z.object({
  product: z.string(),
  label: z.string(),
  /** Charges taken in the period (refunded later or not). */
  charges: z.number().int(),
  gross: z.number(),
  /** Refunds given in the period, whenever their charge was. */
  refunds: z.number(),
  net: z.number(),
});
export type TRevenueLine = z.infer<typeof ZRevenueLine>;

export const ZSourceLine = z.object({
  source: z.string(),
  signups: z.number().int(),
  firstPayments: z.number().int(),
});
export type TSourceLine = z.infer<typeof ZSourceLine>;

/** Readers whose first subscription payment fell in `month`, and the share of them (0–100) with
 * a paid period in each of the next COHORT_MONTHS months; null for a month the period's end has
 * not reached. */
export const ZCohort = z.object({
  month: z.string(),
  size: z.number().int(),
  retainedPct: z.array(pct),
});
export type TCohort = z.infer<typeof ZCohort>;

/** The record beside the business: the track record's yield (a fraction, as the track record
 * sends it) next to the month's sign-ups, new subscribers, cancellations and net revenue. */
export const ZMonthLine = z.object({
  month: z.string(),
  settledBets: z.number().int(),
  yield: z.number().nullable(),
  signups: z.number().int(),
  newSubscribers: z.number().int(),
  cancellations: z.number().int(),
  netRevenue: z.number(),
});
export type TMonthLine = z.infer<typeof ZMonthLine>;

/** The figures of one period, compared with the previous one. */
export const ZBusinessFigures = z.object({
  from: z.string(),
  to: z.string(),
  /** Monthly recurring revenue at the period's end: yearly plans as a twelfth, no trials. */
  mrr: z.number(),
  activeSubscribers: z.number().int(),
  activeAtStart: z.number().int(),
  newSubscribers: z.number().int(),
  cancelledSubscribers: z.number().int(),
  churnPct: pct,
  trialsEnded: z.number().int(),
  trialsConverted: z.number().int(),
  trialConversionPct: pct,
  grossRevenue: z.number(),
  refunds: z.number(),
  netRevenue: z.number(),
  payingReaders: z.number().int(),
  /** Net revenue per paying reader. */
  arppu: z.number().nullable(),
  revenueByProduct: z.array(ZRevenueLine),
  signupsBySource: z.array(ZSourceLine),
});
export type TBusinessFigures = z.infer<typeof ZBusinessFigures>;

export const ZBusinessResponse = ZBusinessFigures.extend({
  success: z.literal(true),
  cohorts: z.array(ZCohort),
  monthly: z.array(ZMonthLine),
  /** Referral rewards given in the period (issue 33 item 3), newest first. */
  referralRewards: z.array(ZReferralRewardLine),
  previous: ZBusinessFigures,
});
export type TBusinessResponse = z.infer<typeof ZBusinessResponse>;
