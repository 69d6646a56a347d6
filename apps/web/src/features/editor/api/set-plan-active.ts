import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { PLANS_KEY } from './get-admin-plans';

/** PUT /api/subscriptions/admin/planes/{id} with only { isActive }: the toggle. */
export function setPlanActive({ id, isActive }: { id: string; isActive: boolean }) {
  return apiRequest<{ success: true }>(`/subscriptions/admin/planes/${encodeURIComponent(id)}`, {
    method: 'PUT',
    body: { isActive },
  });
}

export function useSetPlanActive() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setPlanActive,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: PLANS_KEY }),
  });
}
