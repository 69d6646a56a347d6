import type { TReferralsMeResponse } from '@magotips/contracts/referrals';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../api-client';
import { useSessionUser } from '../session/session-context';

// GET /api/referrals/me (decision 0119), shared by the account's "Invita a un amigo" card and
// the welcome discount notice where a reader chooses what to buy: one query, one request. Only
// a type is imported from the contract, so the landing's bundle gets no Zod from here.

export const referralsMeKey = (userId: string | null) => ['referrals', 'me', userId] as const;

/** The signed-in reader's link, counts and rewards; idle for a visitor. */
export function useReferralsMe() {
  const userId = useSessionUser()?._id ?? null;
  return useQuery({
    queryKey: referralsMeKey(userId),
    queryFn: ({ signal }) => apiRequest<TReferralsMeResponse>('/referrals/me', { signal }),
    enabled: userId !== null,
  });
}

export type WelcomeDiscount = {
  /** The friend's percent off their first payment, or null when none applies. */
  percent: number | null;
  /** False while a signed-in reader's answer is still on its way: a list that would move when
   * the notice appears above it can wait for it (CLS). A visitor or a failed call is settled. */
  settled: boolean;
};

/** The reader's welcome discount, while it applies (they came through a friend's link and have
 * not paid yet). A failure shows nothing: the discount is applied at checkout all the same. */
export function useWelcomeDiscount(): WelcomeDiscount {
  const query = useReferralsMe();
  // A disabled query stays "pending" in TanStack v5: isLoading is pending AND fetching.
  if (query.isLoading) return { percent: null, settled: false };
  return { percent: query.data?.welcomeDiscount?.percent ?? null, settled: true };
}
