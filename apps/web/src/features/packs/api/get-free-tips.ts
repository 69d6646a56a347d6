import type { TTipFeedResponse } from '@magotips/contracts/tips';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** GET /api/packs/tips-gratis: published free tips with their analysis. */
export function getFreeTips(signal?: AbortSignal): Promise<TTipFeedResponse> {
  return apiRequest<TTipFeedResponse>('/packs/tips-gratis', { signal });
}

export function freeTipsQueryOptions(viewerId: string | null) {
  return queryOptions({
    queryKey: ['tips', 'feed', 'free', viewerId ?? 'visitor'],
    queryFn: ({ signal }) => getFreeTips(signal),
  });
}

/** `enabled` stays false until the Tips Gratis tab is first opened (SPEC.md §2). */
export function useFreeTips(viewerId: string | null, enabled: boolean) {
  return useQuery({ ...freeTipsQueryOptions(viewerId), enabled });
}
