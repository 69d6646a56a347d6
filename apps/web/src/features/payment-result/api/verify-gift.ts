import type { TGiftPurchaseResponse } from '@magotips/contracts/gifts';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** GET /api/gifts/verify-session/{sessionId}: the buyer's gift payment and, once paid, its code. */
export function verifyGift(
  sessionId: string,
  signal?: AbortSignal,
): Promise<TGiftPurchaseResponse> {
  return apiRequest<TGiftPurchaseResponse>(
    `/gifts/verify-session/${encodeURIComponent(sessionId)}`,
    { signal },
  );
}

/** Asked again while pending: the webhook may land a moment after the buyer does. */
export function useVerifyGift(sessionId: string | null, attempts: number, intervalMs: number) {
  return useQuery({
    queryKey: ['gifts', 'verify', sessionId],
    queryFn: ({ signal }) => verifyGift(sessionId ?? '', signal),
    enabled: sessionId !== null,
    gcTime: 0,
    refetchInterval: (query) =>
      query.state.data?.transaction.status === 'pending' && query.state.dataUpdateCount < attempts
        ? intervalMs
        : false,
  });
}
