import type { TRoleChangeResponse } from '@magotips/contracts/admin';
import type { AssignableRole } from '@magotips/contracts/roles';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { ADMIN_USERS_KEY } from './get-admin-users';

/** POST /api/admin/users/{userId}/roles. */
export function assignRole({ userId, role }: { userId: string; role: AssignableRole }) {
  return apiRequest<TRoleChangeResponse>(`/admin/users/${encodeURIComponent(userId)}/roles`, {
    method: 'POST',
    body: { role },
  });
}

export function useAssignRole() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: assignRole,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ADMIN_USERS_KEY }),
  });
}
