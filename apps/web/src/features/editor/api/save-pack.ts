import type { TManagementPack, TPackRequest } from '@magotips/contracts/packs';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

type SavePackResponse = { success: true; data: TManagementPack };

/** POST /api/packs (no id) or PUT /api/packs/{id}. */
export function savePack({
  id,
  body,
}: {
  id?: string;
  body: TPackRequest;
}): Promise<SavePackResponse> {
  return id
    ? apiRequest<SavePackResponse>(`/packs/${encodeURIComponent(id)}`, { method: 'PUT', body })
    : apiRequest<SavePackResponse>('/packs', { method: 'POST', body });
}

export function useSavePack() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: savePack,
    // Also the landing's Packs Disponibles list and a locked tip's packs.
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ['packs'] }),
        queryClient.invalidateQueries({ queryKey: ['tips', 'detail'] }),
      ]),
  });
}
