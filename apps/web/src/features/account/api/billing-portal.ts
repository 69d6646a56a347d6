import type { TBillingPortalResponse } from '@magotips/contracts/billing';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** POST /api/billing/portal: the address of the billing portal (Stripe's, or the simulated
 * one), opened for this visit only. */
export function openBillingPortal(): Promise<TBillingPortalResponse> {
  return apiRequest<TBillingPortalResponse>('/billing/portal', { method: 'POST' });
}

export function useBillingPortal() {
  return useMutation({ mutationFn: openBillingPortal });
}
