import type { TAdminAlertsResponse } from '@magotips/contracts/alerts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** A retry invalidates this key: every page of the table counts again. */
export const ADMIN_ALERTS_KEY = ['admin', 'alerts'] as const;

export type AdminAlertsParams = { page: number; limit: number };

/** GET /api/admin/alerts?page&limit: per tip that sent alerts, newest first, its deliveries by
 * state (issue 15, decision 0042). */
export function getAdminAlerts({ page, limit }: AdminAlertsParams, signal?: AbortSignal) {
  const query = new URLSearchParams({ page: String(page), limit: String(limit) });
  return apiRequest<TAdminAlertsResponse>(`/admin/alerts?${query.toString()}`, { signal });
}

export function adminAlertsQueryOptions(params: AdminAlertsParams) {
  return queryOptions({
    queryKey: [...ADMIN_ALERTS_KEY, params],
    queryFn: ({ signal }) => getAdminAlerts(params, signal),
    // Paging keeps the current rows on screen instead of flashing "Cargando".
    placeholderData: keepPreviousData,
  });
}

export function useAdminAlerts(params: AdminAlertsParams) {
  return useQuery(adminAlertsQueryOptions(params));
}
