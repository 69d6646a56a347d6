import type { TSpendLimitResponse } from '@magotips/contracts/spend-limit';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

const SPEND_LIMIT_KEY = ['account', 'spend-limit'] as const;

/** GET /api/account/spend-limit: the limit, a loosening waiting its 72 hours, and the month. */
export function useSpendLimit() {
  return useQuery({
    queryKey: SPEND_LIMIT_KEY,
    queryFn: ({ signal }) => apiRequest<TSpendLimitResponse>('/account/spend-limit', { signal }),
  });
}

/** PUT /api/account/spend-limit: a limit in USD, or null to remove it. */
export function useSaveSpendLimit() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (monthlyLimit: number | null) =>
      apiRequest<TSpendLimitResponse>('/account/spend-limit', {
        method: 'PUT',
        body: { monthlyLimit },
      }),
    onSuccess: (answer) => queryClient.setQueryData(SPEND_LIMIT_KEY, answer),
  });
}
