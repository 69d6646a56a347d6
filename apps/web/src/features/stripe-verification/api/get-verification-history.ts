import {
  type TVerificationHistoryResponse,
  VERIFICATION_HISTORY_DEFAULT_LIMIT,
} from '@magotips/contracts/verification';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { VERIFICATION_KEY } from './get-latest-verification';

/** GET /api/stripe-verification/history?limit=20 (SPEC.md §9): newest first. */
export function getVerificationHistory(
  limit: number,
  signal?: AbortSignal,
): Promise<TVerificationHistoryResponse> {
  return apiRequest<TVerificationHistoryResponse>(`/stripe-verification/history?limit=${limit}`, {
    signal,
  });
}

export function verificationHistoryQueryOptions(limit = VERIFICATION_HISTORY_DEFAULT_LIMIT) {
  return queryOptions({
    queryKey: [...VERIFICATION_KEY, 'history', limit],
    queryFn: ({ signal }) => getVerificationHistory(limit, signal),
  });
}

export function useVerificationHistory(limit = VERIFICATION_HISTORY_DEFAULT_LIMIT) {
  return useQuery(verificationHistoryQueryOptions(limit));
}
