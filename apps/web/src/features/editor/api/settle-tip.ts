import type { TTipResponse } from '@magotips/contracts/tips';
import type { SettledResult } from '@magotips/contracts/track-record';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export type SettleTipVariables = { id: string; result: SettledResult };

/** PATCH /api/tips/{id}/result { result }: settles a started tip, or settles it again. */
export function settleTip({ id, result }: SettleTipVariables): Promise<TTipResponse> {
  return apiRequest<TTipResponse>(`/tips/${encodeURIComponent(id)}/result`, {
    method: 'PATCH',
    body: { result },
  });
}

export function useSettleTip() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: settleTip,
    // The editor's list and pending results, the public cards (which show settled bets) and the
    // track record all read results.
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ['tips'] }),
        queryClient.invalidateQueries({ queryKey: ['track-record'] }),
      ]),
  });
}
