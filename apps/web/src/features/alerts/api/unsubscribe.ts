import type { TMessageResponse } from '@magotips/contracts/auth';
import type { TUnsubscribeRequest } from '@magotips/contracts/alerts';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** POST /api/alerts/unsubscribe {token}: turns this link's owner's e-mail alerts off. The token
 * is the whole credential, so no session is sent: a stale one must not be able to sign the
 * visitor out with a 401, and the link works for whoever holds it, signed in or not. */
export function unsubscribe(body: TUnsubscribeRequest): Promise<TMessageResponse> {
  return apiRequest<TMessageResponse>('/alerts/unsubscribe', { method: 'POST', body, auth: false });
}

export function useUnsubscribe() {
  return useMutation({ mutationFn: unsubscribe });
}
