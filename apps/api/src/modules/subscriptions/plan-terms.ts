import { MONTHS_PER_YEAR } from '@magotips/contracts/plan-periods';
import type { PlanRow } from '../plans/plans.repository';

/** What a plan is sold for: its own period, or the year at its yearly price (decision 0099). */
export type PlanTerms = { priceCents: number; months: number };

/** Null when `yearly` is asked of a plan not sold by the year. */
export function termsOf(
  plan: Pick<PlanRow, 'priceCents' | 'durationMonths' | 'yearlyPriceCents'>,
  yearly: boolean,
): PlanTerms | null {
  if (!yearly) return { priceCents: plan.priceCents, months: plan.durationMonths };
  return plan.yearlyPriceCents === null
    ? null
    : { priceCents: plan.yearlyPriceCents, months: MONTHS_PER_YEAR };
}
