import type {
  TRedeemGiftCodeRequest,
  TRedeemGiftCodeResponse,
} from '@magotips/contracts/gift-codes';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** POST /api/gift-codes/redeem: the answer carries the user as the server now has them. */
export function redeemGiftCode(body: TRedeemGiftCodeRequest): Promise<TRedeemGiftCodeResponse> {
  return apiRequest<TRedeemGiftCodeResponse>('/gift-codes/redeem', { method: 'POST', body });
}

export function useRedeemGiftCode() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: redeemGiftCode,
    // A plan opens every VIP tip and a pack adds to "Mis packs": what was read before is stale.
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ['packs'] }),
        queryClient.invalidateQueries({ queryKey: ['tips'] }),
      ]),
  });
}
