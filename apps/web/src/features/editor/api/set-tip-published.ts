import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** PATCH /api/tips/{id} { isPublished }. */
export function setTipPublished({ id, isPublished }: { id: string; isPublished: boolean }) {
  return apiRequest<{ success: true }>(`/tips/${encodeURIComponent(id)}`, {
    method: 'PATCH',
    body: { isPublished },
  });
}

export function useSetTipPublished() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setTipPublished,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ['tips'] }),
        queryClient.invalidateQueries({ queryKey: ['packs'] }),
      ]),
  });
}
