import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { PLANS_KEY } from './get-admin-plans';

/** DELETE /api/subscriptions/admin/planes/{id}. */
export function deletePlan(id: string) {
  return apiRequest<{ success: true }>(`/subscriptions/admin/planes/${encodeURIComponent(id)}`, {
    method: 'DELETE',
  });
}

export function useDeletePlan() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deletePlan,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: PLANS_KEY }),
  });
}
