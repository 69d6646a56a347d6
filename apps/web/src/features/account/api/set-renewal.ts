import type { TSubscriptionRenewalResponse } from '@magotips/contracts/payments';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export type RenewalAction = 'cancel' | 'resume';

/** POST /api/subscriptions/cancel | /resume: turns automatic renewal off or on again; the
 * answer carries the user as the server now has it. */
export function setRenewal(action: RenewalAction): Promise<TSubscriptionRenewalResponse> {
  return apiRequest<TSubscriptionRenewalResponse>(`/subscriptions/${action}`, { method: 'POST' });
}

export function useSetRenewal() {
  return useMutation({ mutationFn: setRenewal });
}
