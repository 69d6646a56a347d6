import type { TMessageResponse } from '@magotips/contracts/auth';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** POST /api/auth/validate-reset-token: whether the reset link still works (it spends nothing).
 * A 400 carries the Spanish reason (used, expired or unknown link). */
export function validateResetToken(token: string): Promise<TMessageResponse> {
  return apiRequest<TMessageResponse>('/auth/validate-reset-token', {
    method: 'POST',
    body: { token },
    auth: false,
  });
}

/** Asked once when the reset page opens, so a dead link is told before anyone types. */
export function useResetTokenCheck(token: string) {
  return useQuery({
    queryKey: ['auth', 'reset-token', token],
    queryFn: () => validateResetToken(token),
    enabled: token !== '',
    retry: false,
    staleTime: Infinity,
    refetchOnWindowFocus: false,
  });
}
