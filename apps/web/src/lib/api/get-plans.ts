import type { TPlan } from '@magotips/contracts/subscription-plans';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../api-client';

export type PlansResponse = { success: boolean; data: TPlan[] };

// SPEC.md §8, shared by /subscription and the visitor landing's Planes section.
export const PLANS_EMPTY = 'No hay planes disponibles';
export const PLANS_ERROR = 'Error cargando planes disponibles';

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
