import { z } from 'zod';

// The API's answers about referrals (issue 33 item 3, decision 0119); the rules and words are in
// referral-rules.ts (no Zod), re-exported here.
export * from './referral-rules';

/** A free month given to the reader for a friend. `friend` is the friend's first name and the
 * initial of their last name ("Ana G."): enough to recognise, no more. */
export const ZReferralReward = z.object({
  id: z.string(),
  months: z.number().int(),
  grantedAt: z.string(),
  friend: z.string(),
});
export type TReferralReward = z.infer<typeof ZReferralReward>;

/** GET /api/referrals/me. */
export const ZReferralsMeResponse = z.object({
  success: z.literal(true),
  code: z.string(),
  url: z.string(),
  /** Accounts created through the link. */
  signedUp: z.number().int(),
  /** Of them, those whose first payment went through and was not refunded. */
  paid: z.number().int(),
  /** Newest first. */
  rewards: z.array(ZReferralReward),
  /** Free months received in the last 365 days, out of REFERRAL_MAX_MONTHS_PER_YEAR. */
  monthsLastYear: z.number().int(),
  maxMonthsPerYear: z.number().int(),
  /** The caller's own welcome discount, while it still applies (they came through a friend's
   * link and have not paid yet); null otherwise. */
  welcomeDiscount: z.object({ percent: z.number().int(), code: z.string().nullable() }).nullable(),
});
export type TReferralsMeResponse = z.infer<typeof ZReferralsMeResponse>;

/** A reward given, as the business dashboard lists it (admins only). */
export const ZReferralRewardLine = z.object({
  grantedAt: z.string(),
  referrerName: z.string(),
  referrerEmail: z.string(),
  referredName: z.string(),
  referredEmail: z.string(),
  months: z.number().int(),
});
export type TReferralRewardLine = z.infer<typeof ZReferralRewardLine>;
