import type { TAlertPreferences, TAlertPreferencesResponse } from '@magotips/contracts/alerts';
import type { TMessageResponse } from '@magotips/contracts/auth';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../api-client';

export const ALERT_PREFERENCES_KEY = ['alerts', 'preferences'] as const;

/** GET /api/alerts/preferences: this reader's switches and whether VIP alerts apply to them
 * (issue 15, decision 0042). */
export function useAlertPreferences() {
  return useQuery({
    queryKey: ALERT_PREFERENCES_KEY,
    queryFn: ({ signal }) =>
      apiRequest<TAlertPreferencesResponse>('/alerts/preferences', { signal }),
  });
}

/** PUT /api/alerts/preferences: the whole set, every channel. The answer is the saved state, so
 * it replaces the cached one without asking again. */
export function useSaveAlertPreferences() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (preferences: TAlertPreferences) =>
      apiRequest<TAlertPreferencesResponse>('/alerts/preferences', {
        method: 'PUT',
        body: preferences,
      }),
    onSuccess: (answer) => queryClient.setQueryData(ALERT_PREFERENCES_KEY, answer),
  });
}

/** POST /api/alerts/test → 202: a sample alert e-mail to this account's address. */
export function useSendTestAlert() {
  return useMutation({
    mutationFn: () => apiRequest<TMessageResponse>('/alerts/test', { method: 'POST' }),
  });
}
