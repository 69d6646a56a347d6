import type { TVerifyEmailResponse } from '@magotips/contracts/auth';
import { apiRequest } from '../../../lib/api-client';

/** POST /api/auth/verify-email: the token from the confirmation e-mail's link. The answer signs
 * this browser in (user and token, like login). */
export function verifyEmail(token: string): Promise<TVerifyEmailResponse> {
  return apiRequest<TVerifyEmailResponse>('/auth/verify-email', {
    method: 'POST',
    body: { token },
    auth: false,
  });
}

// A token is single-use: whatever mounts the page twice (StrictMode, a remount after a lazy
// chunk, Back and Forward) must share the first call's answer rather than spend the token
// again and show "already used" after a real success.
const inFlight = new Map<string, Promise<TVerifyEmailResponse>>();

export function verifyEmailOnce(token: string): Promise<TVerifyEmailResponse> {
  let call = inFlight.get(token);
  if (!call) {
    call = verifyEmail(token);
    inFlight.set(token, call);
  }
  return call;
}

/** Drops a call that never reached the server, so "Reintentar" can make it again. */
export function forgetEmailVerification(token: string): void {
  inFlight.delete(token);
}
