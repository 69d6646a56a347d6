import {
  BUSINESS_MSG,
  type BusinessPeriod,
  COHORT_MONTHS,
  isoDay,
  parseBusinessPeriod,
  previousPeriod,
  type TBusinessFigures,
  type TBusinessResponse,
  type TBusinessQuery,
  type TCohort,
  type TMonthLine,
  type TRevenueLine,
} from '@magotips/contracts/business';
import { fromCents } from '@magotips/contracts/money';
import { yieldOf } from '@magotips/contracts/track-record';
import { AppError } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import type { Span } from './business-sql';
import type { BusinessRepository, ProductMoney } from './business.repository';

/** A share as a percentage with two decimals; null when there is nothing to divide by. */
export const pctOf = (part: number, whole: number): number | null =>
  whole === 0 ? null : Math.round((part * 10_000) / whole) / 100;

const monthStartOf = (d: Date) => new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1));
const nextMonth = (d: Date) => new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1));
const monthText = (d: Date) => d.toISOString().slice(0, 7);

/** The whole calendar months the period touches, the last one cut at the period's end. */
export function monthsOf(p: BusinessPeriod): { month: string; start: Date; end: Date }[] {
  const months = [];
  for (let m = monthStartOf(p.start); m < p.end; m = nextMonth(m)) {
    const end = nextMonth(m);
    months.push({ month: monthText(m), start: m, end: end < p.end ? end : p.end });
  }
  return months;
}

function periodLabel(months: number): string {
  if (months === 1) return 'mensual';
  if (months === 12) return 'anual';
  return `${months} meses`;
}

/** What the table calls each product: the plan's or pack's name as last sold, and its period. */
export function productLabel(product: string, name: string): string {
  if (product === 'gift') return 'Regalos';
  if (product.startsWith('pack:')) return name || 'Pack eliminado';
  const months = Number(product.split(':')[2] ?? '1');
  return `${name || product.split(':')[1]} (${periodLabel(months)})`;
}

const revenueLine = (m: ProductMoney): TRevenueLine => ({
  product: m.product,
  label: productLabel(m.product, m.name),
  charges: m.charges,
  gross: fromCents(m.gross),
  refunds: fromCents(m.refunds),
  net: fromCents(m.gross - m.refunds),
});

const CURRENT = 0;
const PREVIOUS = 1;
const FIRST_MONTH = 2;

export function createBusinessService(deps: { repo: BusinessRepository; clock: Clock }) {
  const { repo } = deps;

  function periodOf(query: TBusinessQuery): BusinessPeriod {
    const parsed = parseBusinessPeriod(query.from, query.to, deps.clock());
    if (!parsed.ok) throw AppError.badRequest(parsed.message);
    return parsed;
  }

  /** The whole dashboard of one period: its figures, the previous period's, the cohorts and the
   * monthly record beside them. */
  async function dashboard(period: BusinessPeriod): Promise<TBusinessResponse> {
    const previous = previousPeriod(period);
    const months = monthsOf(period);
    const headline: Span[] = [
      { id: CURRENT, start: period.start, end: period.end },
      { id: PREVIOUS, start: previous.start, end: previous.end },
    ];
    const spans = [
      ...headline,
      ...months.map((m, i) => ({ id: FIRST_MONTH + i, start: m.start, end: m.end })),
    ];
    const [activity, fresh, money, paying, trials, sources, mrr, cohorts, record, rewards] =
      await Promise.all([
        repo.activity(spans),
        repo.newSubscribers(spans),
        repo.revenue(spans),
        repo.payingReaders(headline),
        repo.trials(headline),
        repo.sources(spans),
        repo.mrrCents([
          { id: CURRENT, at: period.end },
          { id: PREVIOUS, at: previous.end },
        ]),
        repo.cohorts(months[0]?.start ?? period.start, period.end),
        repo.recordMonths(months[0] ? isoDay(months[0].start) : period.from, isoDay(period.end)),
        repo.referralRewards(period),
      ]);

    const figures = (id: number, p: BusinessPeriod): TBusinessFigures => {
      const act = activity.get(id) ?? { atStart: 0, atEnd: 0, lapsed: 0 };
      const lines = money.get(id) ?? [];
      const gross = lines.reduce((s, l) => s + l.gross, 0);
      const refunds = lines.reduce((s, l) => s + l.refunds, 0);
      const payers = paying.get(id) ?? 0;
      const trial = trials.get(id) ?? { ended: 0, converted: 0 };
      return {
        from: p.from,
        to: p.to,
        mrr: fromCents(mrr.get(id) ?? 0),
        activeSubscribers: act.atEnd,
        activeAtStart: act.atStart,
        newSubscribers: fresh.get(id) ?? 0,
        cancelledSubscribers: act.lapsed,
        churnPct: pctOf(act.lapsed, act.atStart),
        trialsEnded: trial.ended,
        trialsConverted: trial.converted,
        trialConversionPct: pctOf(trial.converted, trial.ended),
        grossRevenue: fromCents(gross),
        refunds: fromCents(refunds),
        netRevenue: fromCents(gross - refunds),
        payingReaders: payers,
        arppu: payers === 0 ? null : fromCents(Math.round((gross - refunds) / payers)),
        // By key in code-point order, whatever the database's collation.
        revenueByProduct: lines
          .map(revenueLine)
          .sort((a, b) => (a.product < b.product ? -1 : a.product > b.product ? 1 : 0)),
        signupsBySource: sources.get(id) ?? [],
      };
    };

    const recordByMonth = new Map(record.map((r) => [r.month, r]));
    const monthly: TMonthLine[] = months.map((m, i) => {
      const id = FIRST_MONTH + i;
      const r = recordByMonth.get(m.month);
      const lines = money.get(id) ?? [];
      return {
        month: m.month,
        settledBets: r?.settled ?? 0,
        yield: r ? yieldOf(r.profitMilli, r.staked) : null,
        signups: (sources.get(id) ?? []).reduce((s, l) => s + l.signups, 0),
        newSubscribers: fresh.get(id) ?? 0,
        cancellations: activity.get(id)?.lapsed ?? 0,
        netRevenue: fromCents(lines.reduce((s, l) => s + l.gross - l.refunds, 0)),
      };
    });

    const sizes = new Map(cohorts.map((c) => [c.month, c]));
    const cohortLines: TCohort[] = months.map((m) => {
      const c = sizes.get(m.month);
      const size = c?.size ?? 0;
      let after = m.start;
      const retainedPct = Array.from({ length: COHORT_MONTHS }, (_, k) => {
        after = nextMonth(after);
        // A month the period has not reached yet has no figure, not a zero.
        return after >= period.end ? null : pctOf(c?.kept[k] ?? 0, size);
      });
      return { month: m.month, size, retainedPct };
    });

    return {
      success: true,
      ...figures(CURRENT, period),
      cohorts: cohortLines,
      monthly,
      referralRewards: rewards,
      previous: figures(PREVIOUS, previous),
    };
  }

  return { periodOf, dashboard, messages: BUSINESS_MSG };
}

export type BusinessService = ReturnType<typeof createBusinessService>;
