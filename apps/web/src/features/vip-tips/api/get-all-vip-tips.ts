import type { TVipTipsResponse } from '@magotips/contracts/vip-tips';
import { useInfiniteQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** A page of GET /api/tips/vip, and for the first one the moment it was read: the server split
 * upcoming from past at about that instant, and the page heads its groups the same way. */
export type VipTipsPage = TVipTipsResponse & { readAt: number };

export function getAllVipTips(cursor: string | null, signal?: AbortSignal): Promise<VipTipsPage> {
  const query = cursor ? `?cursor=${encodeURIComponent(cursor)}` : '';
  return apiRequest<TVipTipsResponse>(`/tips/vip${query}`, { signal }).then((page) => ({
    ...page,
    readAt: Date.now(),
  }));
}

/** Every VIP tip, a page at a time ("Cargar más", decision 0109). The list is the same for
 * every reader who may see it, but a session's answer stays its own, as the other feeds do. */
export function useAllVipTips(viewerId: string | null) {
  return useInfiniteQuery({
    queryKey: ['tips', 'vip-all', viewerId ?? 'visitor'],
    queryFn: ({ pageParam, signal }) => getAllVipTips(pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });
}
