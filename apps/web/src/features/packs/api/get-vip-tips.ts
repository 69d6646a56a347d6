import type { TTipFeedResponse } from '@magotips/contracts/tips';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** GET /api/packs/tips-vips: premium tips for subscribers; `message` explains an empty list. */
export function getVipTips(signal?: AbortSignal): Promise<TTipFeedResponse> {
  return apiRequest<TTipFeedResponse>('/packs/tips-vips', { signal });
}

export function vipTipsQueryOptions(viewerId: string | null) {
  return queryOptions({
    queryKey: ['tips', 'feed', 'vip', viewerId ?? 'visitor'],
    queryFn: ({ signal }) => getVipTips(signal),
  });
}

/** `enabled` only for a subscriber, once the Tips VIP tab is first opened (SPEC.md §2, §6). */
export function useVipTips(viewerId: string | null, enabled: boolean) {
  return useQuery({ ...vipTipsQueryOptions(viewerId), enabled });
}
