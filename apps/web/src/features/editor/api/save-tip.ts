import type { TManagementTip, TTipRequest } from '@magotips/contracts/tips';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

type SaveTipResponse = { success: true; tip: TManagementTip };

/** POST /api/tips (no id) or PUT /api/tips/{id}. */
export function saveTip({
  id,
  body,
}: {
  id?: string;
  body: TTipRequest;
}): Promise<SaveTipResponse> {
  return id
    ? apiRequest<SaveTipResponse>(`/tips/${encodeURIComponent(id)}`, { method: 'PUT', body })
    : apiRequest<SaveTipResponse>('/tips', { method: 'POST', body });
}

export function useSaveTip() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveTip,
    // Tips show up in the editor lists, the landing feeds and inside packs.
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ['tips'] }),
        queryClient.invalidateQueries({ queryKey: ['packs'] }),
      ]),
  });
}
