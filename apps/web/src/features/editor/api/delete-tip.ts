import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** DELETE /api/tips/{id}. */
export function deleteTip(id: string) {
  return apiRequest<{ success: true }>(`/tips/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

export function useDeleteTip() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteTip,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ['tips'] }),
        queryClient.invalidateQueries({ queryKey: ['packs'] }),
      ]),
  });
}
