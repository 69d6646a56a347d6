import type { TPlan } from '@magotips/contracts/subscription-plans';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export type AdminPlansResponse = { success: true; data: TPlan[] };

/** Mutations invalidate ['plans'], which also covers the public plan list of /subscription. */
export const PLANS_KEY = ['plans'] as const;

/** GET /api/subscriptions/admin/planes: every plan, active or not (editor and admin). */
export function getAdminPlans(signal?: AbortSignal): Promise<AdminPlansResponse> {
  return apiRequest<AdminPlansResponse>('/subscriptions/admin/planes', { signal });
}

export function adminPlansQueryOptions() {
  return queryOptions({
    queryKey: [...PLANS_KEY, 'admin'],
    queryFn: ({ signal }) => getAdminPlans(signal),
  });
}

export function useAdminPlans(enabled = true) {
  return useQuery({ ...adminPlansQueryOptions(), enabled });
}
