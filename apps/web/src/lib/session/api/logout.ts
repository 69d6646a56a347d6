import { apiRequest } from '../../api-client';

/** POST /api/auth/logout: ends this browser's server-side session (issue 12, item 1), so the
 * token stops working everywhere at once, not only when it expires. Best effort: the caller
 * forgets the session locally whatever the answer, and a 401 (already ended, account deleted)
 * must not trigger the expired-session flow. */
export function logoutOnServer(): Promise<void> {
  return apiRequest<unknown>('/auth/logout', { method: 'POST', expireSessionOn401: false }).then(
    () => undefined,
    () => undefined,
  );
}
