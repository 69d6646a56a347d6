import type { TipCategory, TManagementTip } from '@magotips/contracts/tips';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export type ManagementTipsResponse = {
  success: true;
  tips: TManagementTip[];
  pagination: { page: number; limit: number; pages: number; total: number };
};

export type ManagementTipsParams = { page: number; limit: number; category?: TipCategory };

/** Every query the editor makes on tips starts with this key; mutations invalidate ['tips']. */
export const MANAGEMENT_TIPS_KEY = ['tips', 'management'] as const;

/** GET /api/tips?management=true: every tip, published or not, with its analysis. */
export function getManagementTips(
  { page, limit, category }: ManagementTipsParams,
  signal?: AbortSignal,
): Promise<ManagementTipsResponse> {
  const query = new URLSearchParams({
    page: String(page),
    limit: String(limit),
    management: 'true',
  });
  if (category) query.set('category', category);
  return apiRequest<ManagementTipsResponse>(`/tips?${query.toString()}`, { signal });
}

export function managementTipsQueryOptions(params: ManagementTipsParams) {
  return queryOptions({
    queryKey: [...MANAGEMENT_TIPS_KEY, 'page', params],
    queryFn: ({ signal }) => getManagementTips(params, signal),
    // Paging keeps the current page on screen until the next one arrives.
    placeholderData: keepPreviousData,
  });
}

export function useManagementTips(params: ManagementTipsParams) {
  return useQuery(managementTipsQueryOptions(params));
}
