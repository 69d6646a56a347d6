import type { TMessageResponse } from '@magotips/contracts/auth';
import type { TResetPasswordRequest } from '@magotips/contracts/new-password';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** POST /api/auth/reset-password: the token from the e-mailed link and the new password. */
export function resetPassword(body: TResetPasswordRequest): Promise<TMessageResponse> {
  return apiRequest<TMessageResponse>('/auth/reset-password', { method: 'POST', body, auth: false });
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}
