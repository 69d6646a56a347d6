import type { TGlobalMessageResponse } from '@magotips/contracts/global-messages';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { MESSAGES_KEY } from '../../../lib/api/get-active-messages';

/** PATCH /api/admin/messages/{id} { active }: the toggle. */
export function setMessageActive({ id, active }: { id: string; active: boolean }) {
  return apiRequest<TGlobalMessageResponse>(`/admin/messages/${encodeURIComponent(id)}`, {
    method: 'PATCH',
    body: { active },
  });
}

export function useSetMessageActive() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setMessageActive,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: MESSAGES_KEY }),
  });
}
