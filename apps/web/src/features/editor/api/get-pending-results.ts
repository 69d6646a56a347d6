import type { TPendingResultsResponse } from '@magotips/contracts/track-record-schemas';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** Under ['tips'], so every tip mutation (save, delete, settle) refreshes it too. */
export const PENDING_RESULTS_KEY = ['tips', 'pending-results'] as const;

/** GET /api/tips/pending-results: started matches with a bet and no result, oldest first. */
export function getPendingResults(signal?: AbortSignal): Promise<TPendingResultsResponse> {
  return apiRequest<TPendingResultsResponse>('/tips/pending-results', { signal });
}

export function pendingResultsQueryOptions() {
  return queryOptions({
    queryKey: PENDING_RESULTS_KEY,
    queryFn: ({ signal }) => getPendingResults(signal),
    // Matches start while the editor sits on the page: opening the tab asks again, and the
    // count on the tab follows the clock once a minute.
    staleTime: 0,
    refetchInterval: 60_000,
  });
}

export function usePendingResults() {
  return useQuery(pendingResultsQueryOptions());
}
