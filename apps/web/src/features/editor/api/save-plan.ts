import type { TPlan, TPlanRequest } from '@magotips/contracts/subscription-plans';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { PLANS_KEY } from './get-admin-plans';

type SavePlanResponse = { success: true; data: TPlan };

/** POST /api/subscriptions/admin/planes (no id) or PUT …/{id} with the full body. */
export function savePlan({
  id,
  body,
}: {
  id?: string;
  body: TPlanRequest;
}): Promise<SavePlanResponse> {
  return id
    ? apiRequest<SavePlanResponse>(`/subscriptions/admin/planes/${encodeURIComponent(id)}`, {
        method: 'PUT',
        body,
      })
    : apiRequest<SavePlanResponse>('/subscriptions/admin/planes', { method: 'POST', body });
}

export function useSavePlan() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: savePlan,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: PLANS_KEY }),
  });
}
