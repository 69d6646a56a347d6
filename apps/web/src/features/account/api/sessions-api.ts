import type { TRevokeOthersResponse, TSessionsResponse } from '@magotips/contracts/sessions';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

const SESSIONS_KEY = ['auth', 'sessions'] as const;

/** GET /api/auth/sessions: this account's open sessions, this browser's flagged (issue 12 item 1). */
export function useSessions() {
  return useQuery({
    queryKey: SESSIONS_KEY,
    queryFn: ({ signal }) => apiRequest<TSessionsResponse>('/auth/sessions', { signal }),
  });
}

/** DELETE /api/auth/sessions/{id}: that device is signed out at its next request. */
export function useEndSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      apiRequest<{ success: true; message: string }>(`/auth/sessions/${encodeURIComponent(id)}`, {
        method: 'DELETE',
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: SESSIONS_KEY }),
  });
}

/** POST /api/auth/sessions/revoke-others: every session but this one ends. */
export function useEndOtherSessions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      apiRequest<TRevokeOthersResponse>('/auth/sessions/revoke-others', { method: 'POST' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: SESSIONS_KEY }),
  });
}
