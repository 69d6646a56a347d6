import type { TAlertAudienceResponse } from '@magotips/contracts/alerts';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** GET /api/alerts/audience?category= (editors): the readers a new tip of that category alerts. */
export function getAlertAudience(
  category: 'free' | 'premium',
  signal?: AbortSignal,
): Promise<TAlertAudienceResponse> {
  return apiRequest<TAlertAudienceResponse>(`/alerts/audience?category=${category}`, { signal });
}

/** Asked while the question before a first publication is open (`category` set), never cached
 * for long: the count is the moment's. */
export function useAlertAudience(category: 'free' | 'premium' | null) {
  return useQuery({
    queryKey: ['alerts', 'audience', category],
    queryFn: ({ signal }) => getAlertAudience(category ?? 'free', signal),
    enabled: category !== null,
    staleTime: 0,
    retry: false,
  });
}
