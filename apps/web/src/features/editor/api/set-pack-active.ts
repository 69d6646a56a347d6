import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** PATCH /api/packs/{id} { isActive }. */
export function setPackActive({ id, isActive }: { id: string; isActive: boolean }) {
  return apiRequest<{ success: true }>(`/packs/${encodeURIComponent(id)}`, {
    method: 'PATCH',
    body: { isActive },
  });
}

export function useSetPackActive() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setPackActive,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ['packs'] }),
        queryClient.invalidateQueries({ queryKey: ['tips', 'detail'] }),
      ]),
  });
}
