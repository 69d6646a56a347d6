import type { TAdminUsersResponse } from '@magotips/contracts/admin';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** Role changes invalidate this key: both lists (existing roles, assign search) refresh. */
export const ADMIN_USERS_KEY = ['admin', 'users'] as const;

/** `search` (even empty): users holding admin or editor, by substring. `exact`: any user by full
 * e-mail or full name. See ZAdminUsersQuery. */
export type AdminUsersParams = { search?: string; exact?: string; page?: number; limit?: number };

export function getAdminUsers(params: AdminUsersParams, signal?: AbortSignal): Promise<TAdminUsersResponse> {
  const query = new URLSearchParams();
  if (params.search !== undefined) query.set('search', params.search);
  if (params.exact !== undefined) query.set('exact', params.exact);
  if (params.page !== undefined) query.set('page', String(params.page));
  if (params.limit !== undefined) query.set('limit', String(params.limit));
  return apiRequest<TAdminUsersResponse>(`/admin/all-users?${query.toString()}`, { signal });
}

export function adminUsersQueryOptions(params: AdminUsersParams) {
  return queryOptions({
    queryKey: [...ADMIN_USERS_KEY, params],
    queryFn: ({ signal }) => getAdminUsers(params, signal),
    // Typing a search keeps the previous results on screen instead of flashing "Cargando".
    placeholderData: keepPreviousData,
  });
}

export function useAdminUsers(params: AdminUsersParams, enabled = true) {
  return useQuery({ ...adminUsersQueryOptions(params), enabled });
}
