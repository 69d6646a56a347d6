import type { TManagementTip } from '@magotips/contracts/tips';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { getManagementTips, MANAGEMENT_TIPS_KEY } from './get-management-tips';

/** The server's largest page; the pack form asks for premium tips 100 at a time. */
export const PREMIUM_TIPS_PAGE_SIZE = 100;

/** Every premium tip, for the pack form's VIP tip selector: all pages, in the server's order. */
export async function getAllPremiumTips(signal?: AbortSignal): Promise<TManagementTip[]> {
  const first = await getManagementTips(
    { page: 1, limit: PREMIUM_TIPS_PAGE_SIZE, category: 'premium' },
    signal,
  );
  const tips = [...first.tips];
  for (let page = 2; page <= first.pagination.pages; page += 1) {
    const next = await getManagementTips(
      { page, limit: PREMIUM_TIPS_PAGE_SIZE, category: 'premium' },
      signal,
    );
    tips.push(...next.tips);
  }
  return tips;
}

export function premiumTipsQueryOptions() {
  return queryOptions({
    queryKey: [...MANAGEMENT_TIPS_KEY, 'premium-all'],
    queryFn: ({ signal }) => getAllPremiumTips(signal),
  });
}

export function usePremiumTips() {
  return useQuery(premiumTipsQueryOptions());
}
