import type { TPurchasedPack } from '@magotips/contracts/payments';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../api-client';

/** ZMyPacksResponse of the contracts, spelled out so this chunk needs no Zod types. */
export type TMyPacksResponse = { success: true; data: TPurchasedPack[] };

export const MY_PACKS_KEY = ['packs', 'mis-packs'] as const;

/** GET /api/packs/mis-packs: the packs the signed-in user has bought. */
export function getMyPacks(signal?: AbortSignal): Promise<TMyPacksResponse> {
  return apiRequest<TMyPacksResponse>('/packs/mis-packs', { signal });
}

export function myPacksQueryOptions() {
  return queryOptions({ queryKey: MY_PACKS_KEY, queryFn: ({ signal }) => getMyPacks(signal) });
}

export function useMyPacks() {
  return useQuery(myPacksQueryOptions());
}
