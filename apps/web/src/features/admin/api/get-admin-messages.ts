import type { TGlobalMessageListResponse } from '@magotips/contracts/global-message-types';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { MESSAGES_KEY } from '../../../lib/api/get-active-messages';

/** GET /api/admin/messages: every message, active or not, newest first. */
export function getAdminMessages(signal?: AbortSignal): Promise<TGlobalMessageListResponse> {
  return apiRequest<TGlobalMessageListResponse>('/admin/messages', { signal });
}

export function adminMessagesQueryOptions() {
  return queryOptions({
    queryKey: [...MESSAGES_KEY, 'admin'],
    queryFn: ({ signal }) => getAdminMessages(signal),
  });
}

export function useAdminMessages() {
  return useQuery(adminMessagesQueryOptions());
}
