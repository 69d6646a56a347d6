import type { TAuthResponse } from '@magotips/contracts/auth';
import { apiRequest } from '../../api-client';

/** POST /api/auth/me_verify: is the stored token still good? Answers the current user (roles
 * and subscription as the database has them now) and a renewed token. */
export function verifySession(): Promise<TAuthResponse> {
  // A refused token here is the answer the start-up check is asking for, not an expiry to
  // act on: the caller clears the session without sending anyone to /login.
  return apiRequest<TAuthResponse>('/auth/me_verify', { method: 'POST', expireSessionOn401: false });
}
