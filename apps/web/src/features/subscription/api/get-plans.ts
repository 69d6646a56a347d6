import type { TPlan } from '@magotips/contracts/subscription-plans';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export type PlansResponse = { success: boolean; data: TPlan[] };

/** GET /api/subscriptions/plans: the active plans, public (SPEC.md §7). */
export function getPlans(signal?: AbortSignal): Promise<PlansResponse> {
  return apiRequest<PlansResponse>('/subscriptions/plans', { signal, auth: false });
}

export function plansQueryOptions() {
  return queryOptions({
    queryKey: ['subscriptions', 'plans'],
    queryFn: ({ signal }) => getPlans(signal),
  });
}

export function usePlans() {
  return useQuery(plansQueryOptions());
}
