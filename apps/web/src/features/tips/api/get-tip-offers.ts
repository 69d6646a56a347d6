import type { TTipOffersResponse } from '@magotips/contracts/tip-offers';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** GET /api/tips/{id}/offers (issue 31 item 5): the packs on sale that hold a VIP tip and the
 * plans that open it, each cheapest first. The same for every reader, so no viewer in the key. */
export function tipOffersQueryOptions(tipId: string) {
  return queryOptions({
    queryKey: ['tips', 'offers', tipId],
    queryFn: ({ signal }) =>
      apiRequest<TTipOffersResponse>(`/tips/${encodeURIComponent(tipId)}/offers`, { signal }),
  });
}

export function useTipOffers(tipId: string, enabled: boolean) {
  return useQuery({ ...tipOffersQueryOptions(tipId), enabled });
}
