import type { TTrialEligibilityResponse } from '@magotips/contracts/trial-eligibility';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** GET /api/subscriptions/trial-eligibility: whether the buyer's next subscription would begin
 * with the free trial its plan offers (one per person, decision 0098). */
export function useTrialEligibility(enabled: boolean) {
  return useQuery({
    queryKey: ['subscriptions', 'trial-eligibility'],
    queryFn: ({ signal }) =>
      apiRequest<TTrialEligibilityResponse>('/subscriptions/trial-eligibility', { signal }),
    enabled,
    // Asked again on each visit: a trial started in another tab changes the answer.
    staleTime: 0,
  });
}
