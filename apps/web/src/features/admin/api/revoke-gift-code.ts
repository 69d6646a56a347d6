import type { TRevokeGiftCodeResponse } from '@magotips/contracts/gift-codes';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { GIFT_CODES_KEY } from './get-gift-codes';

/** DELETE /api/admin/gift-codes/{id}: an unused code can no longer be redeemed. */
export function revokeGiftCode(id: string): Promise<TRevokeGiftCodeResponse> {
  return apiRequest<TRevokeGiftCodeResponse>(`/admin/gift-codes/${encodeURIComponent(id)}`, {
    method: 'DELETE',
  });
}

export function useRevokeGiftCode() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeGiftCode,
    // Settled, not only success: a 409 means the code changed state (redeemed) meanwhile.
    onSettled: () => queryClient.invalidateQueries({ queryKey: GIFT_CODES_KEY }),
  });
}
