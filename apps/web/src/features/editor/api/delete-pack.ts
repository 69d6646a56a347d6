import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** DELETE /api/packs/{id}. */
export function deletePack(id: string) {
  return apiRequest<{ success: true }>(`/packs/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

export function useDeletePack() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deletePack,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ['packs'] }),
        queryClient.invalidateQueries({ queryKey: ['tips', 'detail'] }),
      ]),
  });
}
