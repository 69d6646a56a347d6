import type { TVerificationResponse, VerificationType } from '@magotips/contracts/verification';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { latestVerificationQueryOptions, VERIFICATION_KEY } from './get-latest-verification';

export type VerificationRun =
  | { type: Exclude<VerificationType, 'period'> }
  | { type: 'period'; startDate: string; endDate: string };

/** The path of each check (SPEC.md §7): the full one is /summary. */
const PATHS: Record<Exclude<VerificationType, 'period'>, string> = {
  full: '/stripe-verification/summary',
  balance: '/stripe-verification/balance',
  payments: '/stripe-verification/payments',
  payouts: '/stripe-verification/payouts',
};

/** Runs a check: the server reads the provider, stores the record and answers it. */
export function runVerification(run: VerificationRun): Promise<TVerificationResponse> {
  if (run.type === 'period') {
    const query = new URLSearchParams({ startDate: run.startDate, endDate: run.endDate });
    return apiRequest<TVerificationResponse>(`/stripe-verification/period?${query.toString()}`);
  }
  return apiRequest<TVerificationResponse>(PATHS[run.type]);
}

export function useRunVerification() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: runVerification,
    onSuccess: async ({ data }) => {
      // The answer is the newest record: shown at once, then the history catches up.
      queryClient.setQueryData(latestVerificationQueryOptions().queryKey, { success: true, data });
      await queryClient.invalidateQueries({ queryKey: VERIFICATION_KEY });
    },
  });
}
