import type { TTipPreviewResponse } from '@magotips/contracts/tips';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export function getTipPreview(signal?: AbortSignal): Promise<TTipPreviewResponse> {
  return apiRequest<TTipPreviewResponse>('/tips/preview', { signal });
}

export function tipPreviewQueryOptions() {
  return queryOptions({
    queryKey: ['tips', 'preview'],
    queryFn: ({ signal }) => getTipPreview(signal),
  });
}

/** The visitor teaser: free tips without their analysis. */
export function useTipPreview() {
  return useQuery(tipPreviewQueryOptions());
}
