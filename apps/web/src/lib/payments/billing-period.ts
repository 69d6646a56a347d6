// The period a plan is bought for (decision 0101): the plan's own period, or the year when the
// plan has a `yearlyPrice`. The choice travels in the address (`?periodo=anual`), on
// /subscription (to preselect it, e.g. after signing up) and on /purchase (what is paid), so the
// address bar says what is being bought and a reload keeps it.

export const PERIOD_PARAM = 'periodo';
export const YEARLY_PERIOD = 'anual';
export const PLAN_PARAM = 'plan';

/** True when the address asks for the yearly price. */
export function isYearlySearch(search: string | URLSearchParams): boolean {
  const params = typeof search === 'string' ? new URLSearchParams(search) : search;
  return params.get(PERIOD_PARAM) === YEARLY_PERIOD;
}

/** /purchase for the plan's own period or for the year. */
export function purchasePath(yearly: boolean): string {
  return yearly ? `/purchase?${PERIOD_PARAM}=${YEARLY_PERIOD}` : '/purchase';
}
