import type { TTipFeedResponse } from '@magotips/contracts/tips';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** GET /api/packs/tips-vips: every VIP tip for a subscriber; for anyone else the tips their packs
 * unlock, then locked teasers (cards without `analisis`), and `message` says why (decision 0031). */
export function getVipTips(signal?: AbortSignal): Promise<TTipFeedResponse> {
  return apiRequest<TTipFeedResponse>('/packs/tips-vips', { signal });
}

export function vipTipsQueryOptions(viewerId: string | null) {
  return queryOptions({
    queryKey: ['tips', 'feed', 'vip', viewerId ?? 'visitor'],
    queryFn: ({ signal }) => getVipTips(signal),
  });
}

/** `enabled` once the Tips VIP tab is first opened (SPEC.md §2), for every signed-in reader:
 * decision 0031 replaces SPEC.md §6's subscribers-only request. */
export function useVipTips(viewerId: string | null, enabled: boolean) {
  return useQuery({ ...vipTipsQueryOptions(viewerId), enabled });
}
