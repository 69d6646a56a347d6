import type { TMessageResponse } from '@magotips/contracts/auth';
import type { TTelegramLinkResponse, TTelegramLinkStatus } from '@magotips/contracts/telegram';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../api-client';

export const TELEGRAM_LINK_KEY = ['telegram', 'link'] as const;

/** GET /api/telegram/link: whether this account has a Telegram linked, and as whom (issue 31).
 * `pollMs` asks again that often while the reader is away pressing "Iniciar" in Telegram. */
export function useTelegramLink(pollMs: number | false = false) {
  return useQuery({
    queryKey: TELEGRAM_LINK_KEY,
    queryFn: ({ signal }) => apiRequest<TTelegramLinkStatus>('/telegram/link', { signal }),
    refetchInterval: pollMs,
  });
}

/** POST /api/telegram/link: a new one-time t.me address (15 minutes, one use). */
export function useStartTelegramLink() {
  return useMutation({
    mutationFn: () => apiRequest<TTelegramLinkResponse>('/telegram/link', { method: 'POST' }),
  });
}

/** DELETE /api/telegram/link: "Desconectar". */
export function useUnlinkTelegram() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest<TMessageResponse>('/telegram/link', { method: 'DELETE' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: TELEGRAM_LINK_KEY }),
  });
}
