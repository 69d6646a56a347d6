import type { TKeysetPagination } from '@magotips/contracts/tip-cursor';
import type { TManagementTip } from '@magotips/contracts/tips';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { MANAGEMENT_TIPS_KEY } from './get-management-tips';

export type TipsByMatchResponse = {
  success: true;
  tips: TManagementTip[];
  pagination: TKeysetPagination;
};

/** Where the editor's list stands: the top, next to a cursor the last answer gave, or at a
 * date (an ISO instant: the tips at or before it). */
export type TipsPosition =
  { kind: 'first' } | { kind: 'after' | 'before'; cursor: string } | { kind: 'from'; at: string };

export const TOP_OF_LIST: TipsPosition = { kind: 'first' };

export type TipsByMatchParams = { limit: number; position: TipsPosition };

/** GET /api/tips?management=true by match date, latest first (issue 17 item 3). */
export function getTipsByMatch(
  { limit, position }: TipsByMatchParams,
  signal?: AbortSignal,
): Promise<TipsByMatchResponse> {
  const query = new URLSearchParams({ management: 'true', limit: String(limit) });
  if (position.kind === 'first') query.set('order', 'match');
  else if (position.kind === 'from') query.set('from', position.at);
  else query.set(position.kind, position.cursor);
  return apiRequest<TipsByMatchResponse>(`/tips?${query.toString()}`, { signal });
}

export function useTipsByMatch(params: TipsByMatchParams) {
  return useQuery(
    queryOptions({
      // Under ['tips']: every tip mutation invalidates it.
      queryKey: [...MANAGEMENT_TIPS_KEY, 'by-match', params],
      queryFn: ({ signal }) => getTipsByMatch(params, signal),
      // Moving keeps the current page on screen until the next one arrives.
      placeholderData: keepPreviousData,
    }),
  );
}
