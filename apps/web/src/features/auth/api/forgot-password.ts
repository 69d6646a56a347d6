import type { TEmailOnlyRequest, TMessageResponse } from '@magotips/contracts/auth';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** POST /api/auth/forgot-password: e-mails a reset link if the account exists; the answer is
 * the same either way, so nobody can probe which e-mails are registered. */
export function forgotPassword(body: TEmailOnlyRequest): Promise<TMessageResponse> {
  return apiRequest<TMessageResponse>('/auth/forgot-password', { method: 'POST', body, auth: false });
}

export function useForgotPassword() {
  return useMutation({ mutationFn: forgotPassword });
}
