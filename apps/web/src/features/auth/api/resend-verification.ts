import type { TMessageResponse } from '@magotips/contracts/auth';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** POST /api/auth/resend-verification: a new confirmation link (same answer whether or not
 * the e-mail has an unconfirmed account). */
export function resendVerification(email: string): Promise<TMessageResponse> {
  return apiRequest<TMessageResponse>('/auth/resend-verification', {
    method: 'POST',
    body: { email },
    auth: false,
  });
}

export function useResendVerification() {
  return useMutation({ mutationFn: resendVerification });
}
