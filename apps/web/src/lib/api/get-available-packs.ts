import type { TAvailablePack } from '@magotips/contracts/packs';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../api-client';

export type AvailablePacksResponse = { success: true; data: TAvailablePack[] };

/** GET /api/packs/disponibles: active packs with the caller's purchase state. */
export function getAvailablePacks(signal?: AbortSignal): Promise<AvailablePacksResponse> {
  return apiRequest<AvailablePacksResponse>('/packs/disponibles', { signal });
}

export function availablePacksQueryOptions(viewerId: string | null) {
  return queryOptions({
    // isPurchased belongs to the signed-in user: another account must not reuse the answer.
    queryKey: ['packs', 'disponibles', viewerId ?? 'visitor'],
    queryFn: ({ signal }) => getAvailablePacks(signal),
  });
}

export function useAvailablePacks(viewerId: string | null) {
  return useQuery(availablePacksQueryOptions(viewerId));
}
