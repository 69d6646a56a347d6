import type { TGlobalMessageListResponse } from '@magotips/contracts/global-message-types';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../api-client';

/** Every global-message query sits under this key, so an admin's change refreshes the banner
 * and the admin list alike. */
export const MESSAGES_KEY = ['messages'] as const;

/** GET /api/messages: active messages, newest first. Public, so no token is sent: a session
 * that has just expired must not turn a banner into a trip to /login. */
export function getActiveMessages(signal?: AbortSignal): Promise<TGlobalMessageListResponse> {
  return apiRequest<TGlobalMessageListResponse>('/messages', { signal, auth: false });
}

export function activeMessagesQueryOptions() {
  return queryOptions({
    queryKey: [...MESSAGES_KEY, 'active'],
    queryFn: ({ signal }) => getActiveMessages(signal),
  });
}

export function useActiveMessages() {
  return useQuery(activeMessagesQueryOptions());
}
