import type { TChangePasswordResponse } from '@magotips/contracts/auth';
import type { TChangePasswordRequest } from '@magotips/contracts/new-password';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** POST /api/auth/change-password. Every other session ends; this one carries on with the
 * token in the answer. A wrong current password is INVALID_PASSWORD, not an expired session. */
export function changePassword(body: TChangePasswordRequest): Promise<TChangePasswordResponse> {
  return apiRequest<TChangePasswordResponse>('/auth/change-password', { method: 'POST', body });
}

export function useChangePassword() {
  return useMutation({ mutationFn: changePassword });
}
