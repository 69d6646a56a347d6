import type {
  TCreateGiftCodesRequest,
  TCreateGiftCodesResponse,
} from '@magotips/contracts/gift-codes';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { GIFT_CODES_KEY } from './get-gift-codes';

/** POST /api/admin/gift-codes: the answer holds the plain codes, the only time they exist. */
export function createGiftCodes(body: TCreateGiftCodesRequest): Promise<TCreateGiftCodesResponse> {
  return apiRequest<TCreateGiftCodesResponse>('/admin/gift-codes', { method: 'POST', body });
}

export function useCreateGiftCodes() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createGiftCodes,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: GIFT_CODES_KEY }),
  });
}
