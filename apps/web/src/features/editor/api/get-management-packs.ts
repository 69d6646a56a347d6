import type { TManagementPack } from '@magotips/contracts/packs';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export type ManagementPacksResponse = { success: true; data: TManagementPack[] };

/** GET /api/packs: every pack, active or not, with its tips. */
export function getManagementPacks(signal?: AbortSignal): Promise<ManagementPacksResponse> {
  return apiRequest<ManagementPacksResponse>('/packs', { signal });
}

export function managementPacksQueryOptions() {
  return queryOptions({
    queryKey: ['packs', 'management'],
    queryFn: ({ signal }) => getManagementPacks(signal),
  });
}

export function useManagementPacks() {
  return useQuery(managementPacksQueryOptions());
}
