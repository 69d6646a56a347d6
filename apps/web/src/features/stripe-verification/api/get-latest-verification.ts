import type { TLatestVerificationResponse } from '@magotips/contracts/verification';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** Everything cached for the verification panel; a new run refreshes all of it. */
export const VERIFICATION_KEY = ['stripe-verification'] as const;

/** GET /api/stripe-verification/latest: the newest stored record, or null. */
export function getLatestVerification(signal?: AbortSignal): Promise<TLatestVerificationResponse> {
  return apiRequest<TLatestVerificationResponse>('/stripe-verification/latest', { signal });
}

export function latestVerificationQueryOptions() {
  return queryOptions({
    queryKey: [...VERIFICATION_KEY, 'latest'],
    queryFn: ({ signal }) => getLatestVerification(signal),
  });
}

export function useLatestVerification() {
  return useQuery(latestVerificationQueryOptions());
}
