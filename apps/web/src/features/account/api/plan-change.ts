import type { TPlanChangePreviewRequest, TPlanChangePreviewResponse, TPlanChangeResponse } from '@magotips/contracts/plan-change';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** POST /api/subscriptions/change/preview: what moving to another plan or period would charge
 * now and next (decision 0100); the quote's id applies it, as quoted, for 15 minutes. */
export function previewPlanChange(
  body: TPlanChangePreviewRequest,
): Promise<TPlanChangePreviewResponse> {
  return apiRequest<TPlanChangePreviewResponse>('/subscriptions/change/preview', {
    method: 'POST',
    body,
  });
}

/** POST /api/subscriptions/change: applies a quote, once; the answer carries the user as the
 * server now has it. */
export function applyPlanChange(changeId: string): Promise<TPlanChangeResponse> {
  return apiRequest<TPlanChangeResponse>('/subscriptions/change', {
    method: 'POST',
    body: { changeId },
  });
}

export function usePreviewPlanChange() {
  return useMutation({ mutationFn: previewPlanChange });
}

export function useApplyPlanChange() {
  return useMutation({ mutationFn: applyPlanChange });
}
