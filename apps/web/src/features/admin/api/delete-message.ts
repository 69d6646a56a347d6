import type { TGlobalMessageDeleteResponse } from '@magotips/contracts/global-messages';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { MESSAGES_KEY } from '../../../lib/api/get-active-messages';

/** DELETE /api/admin/messages/{id}. */
export function deleteMessage(id: string) {
  return apiRequest<TGlobalMessageDeleteResponse>(`/admin/messages/${encodeURIComponent(id)}`, {
    method: 'DELETE',
  });
}

export function useDeleteMessage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteMessage,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: MESSAGES_KEY }),
  });
}
