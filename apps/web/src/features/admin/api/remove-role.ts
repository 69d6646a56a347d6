import type { TRoleChangeResponse } from '@magotips/contracts/admin';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { ADMIN_USERS_KEY } from './get-admin-users';

/** DELETE /api/admin/users/{userId}/roles/{roleName}. */
export function removeRole({ userId, role }: { userId: string; role: string }) {
  return apiRequest<TRoleChangeResponse>(
    `/admin/users/${encodeURIComponent(userId)}/roles/${encodeURIComponent(role)}`,
    { method: 'DELETE' },
  );
}

export function useRemoveRole() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeRole,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ADMIN_USERS_KEY }),
  });
}
