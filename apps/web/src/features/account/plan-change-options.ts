import { MONTHS_PER_YEAR } from '@magotips/contracts/plan-periods';
import type { TPlan } from '@magotips/contracts/subscription-plans';

/** One plan × period a subscriber can move to (decision 0100). */
export type PlanChangeOption = {
  /** Stable across renders: the plan's key and the period. */
  id: string;
  plan: TPlan;
  yearly: boolean;
  amount: number;
  months: number;
  current: boolean;
};

export type CurrentSubscription = { planKey?: string | null; durationMonths?: number | null };

/** Every active plan for its own period and, when it has a yearly price, for the year; the
 * subscriber's own plan and period marked (a plan of 12 months per period is never "yearly":
 * its own period already is the year). */
export function planChangeOptions(
  plans: TPlan[],
  subscription: CurrentSubscription | undefined,
): PlanChangeOption[] {
  const currentKey = subscription?.planKey ?? null;
  const currentMonths = subscription?.durationMonths ?? null;
  return plans.flatMap((plan) => {
    const months = plan.duration || 1;
    const mine = plan.key === currentKey;
    const own: PlanChangeOption = {
      id: `${plan.key}:own`,
      plan,
      yearly: false,
      amount: plan.price,
      months,
      current: mine && (currentMonths === null || currentMonths === months),
    };
    if (typeof plan.yearlyPrice !== 'number' || months >= MONTHS_PER_YEAR) return [own];
    const year: PlanChangeOption = {
      id: `${plan.key}:year`,
      plan,
      yearly: true,
      amount: plan.yearlyPrice,
      months: MONTHS_PER_YEAR,
      current: mine && currentMonths === MONTHS_PER_YEAR,
    };
    return [own, year];
  });
}
