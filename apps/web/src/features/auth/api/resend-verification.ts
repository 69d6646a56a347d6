import type { TMessageResponse, TResendVerificationRequest } from '@magotips/contracts/auth';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** POST /api/auth/resend-verification: a new confirmation link (same answer whether or not
 * the e-mail has an unconfirmed account); `next` rides in the link, as in the first one. */
export function resendVerification({ email, next }: TResendVerificationRequest): Promise<TMessageResponse> {
  return apiRequest<TMessageResponse>('/auth/resend-verification', {
    method: 'POST',
    body: next ? { email, next } : { email },
    auth: false,
  });
}

export function useResendVerification() {
  return useMutation({ mutationFn: resendVerification });
}
