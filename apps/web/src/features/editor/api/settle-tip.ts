import type { TTipSettleRequest } from '@magotips/contracts/tip-settle';
import type { TTipResponse } from '@magotips/contracts/tips';
import type { SettledResult } from '@magotips/contracts/track-record';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export type SettleTipVariables = {
  id: string;
  result: SettledResult;
  /** "Cuota de cierre": left out, the stored one (if any) stays. */
  closingOdds?: number;
  /** Required by the server when a recorded result is corrected. */
  reason?: string;
};

/** PATCH /api/tips/{id}/result (ZTipSettleRequest): settles a started tip, or corrects it. */
export function settleTip({
  id,
  result,
  closingOdds,
  reason,
}: SettleTipVariables): Promise<TTipResponse> {
  const body: TTipSettleRequest = {
    result,
    ...(closingOdds === undefined ? {} : { closingOdds }),
    ...(reason === undefined ? {} : { reason }),
  };
  return apiRequest<TTipResponse>(`/tips/${encodeURIComponent(id)}/result`, {
    method: 'PATCH',
    body,
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
