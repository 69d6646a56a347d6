import type { TAdminAlertsRetryResponse } from '@magotips/contracts/alerts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { ADMIN_ALERTS_KEY } from './get-admin-alerts';

/** POST /api/admin/alerts/{tipId}/retry: the tip's dead deliveries go back to the queue. */
export function retryAlerts(tipId: string) {
  return apiRequest<TAdminAlertsRetryResponse>(`/admin/alerts/${encodeURIComponent(tipId)}/retry`, {
    method: 'POST',
  });
}

export function useRetryAlerts() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: retryAlerts,
    // Settled, not only success: after a failure the counts may have moved as well.
    onSettled: () => queryClient.invalidateQueries({ queryKey: ADMIN_ALERTS_KEY }),
  });
}
