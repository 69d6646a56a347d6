import type {
  TGlobalMessageRequest,
  TGlobalMessageResponse,
  TGlobalMessageUpdateRequest,
} from '@magotips/contracts/global-messages';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { MESSAGES_KEY } from '../../../lib/api/get-active-messages';

export type SaveMessageInput =
  | { id?: undefined; body: TGlobalMessageRequest }
  | { id: string; body: TGlobalMessageUpdateRequest };

/** POST /api/admin/messages, or PUT /api/admin/messages/{id} for an edit. */
export function saveMessage(input: SaveMessageInput): Promise<TGlobalMessageResponse> {
  return input.id === undefined
    ? apiRequest<TGlobalMessageResponse>('/admin/messages', { method: 'POST', body: input.body })
    : apiRequest<TGlobalMessageResponse>(`/admin/messages/${encodeURIComponent(input.id)}`, {
        method: 'PUT',
        body: input.body,
      });
}

export function useSaveMessage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveMessage,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: MESSAGES_KEY }),
  });
}
