import type { GiftCodeState, TGiftCodesResponse } from '@magotips/contracts/gift-codes';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** Creating or revoking invalidates this key: every page and filter counts again. */
export const GIFT_CODES_KEY = ['admin', 'gift-codes'] as const;

export type GiftCodesParams = { page: number; limit: number; state: GiftCodeState | null };

/** GET /api/admin/gift-codes?page&limit&state: codes newest first with their batch and state;
 * never the code itself (the server does not keep it). */
export function getGiftCodes({ page, limit, state }: GiftCodesParams, signal?: AbortSignal) {
  const query = new URLSearchParams({ page: String(page), limit: String(limit) });
  if (state) query.set('state', state);
  return apiRequest<TGiftCodesResponse>(`/admin/gift-codes?${query.toString()}`, { signal });
}

export function giftCodesQueryOptions(params: GiftCodesParams) {
  return queryOptions({
    queryKey: [...GIFT_CODES_KEY, params],
    queryFn: ({ signal }) => getGiftCodes(params, signal),
    // Paging keeps the current rows on screen instead of flashing "Cargando".
    placeholderData: keepPreviousData,
  });
}

export function useGiftCodes(params: GiftCodesParams) {
  return useQuery(giftCodesQueryOptions(params));
}
