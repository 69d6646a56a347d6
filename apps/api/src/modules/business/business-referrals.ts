import type { TReferralRewardLine } from '@magotips/contracts/referrals';
import { and, desc, eq, gte, lt } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/database';
import { referrals, users } from '../../db/schema';

/** At most this many lines: a table to read, not an export of the whole history. */
export const REFERRAL_REWARD_LINES = 500;

const referrer = alias(users, 'referrer');
const referred = alias(users, 'referred');

/** Referral rewards given in [start, end) (decision 0119): the rewarded referrals whose
 * settlement falls in the period, newest first, with both readers' names and e-mails (admins
 * only read it). A reward is one month (REFERRAL_REWARD_MONTHS). */
export async function referralRewardLines(
  db: Db,
  span: { start: Date; end: Date },
  months: number,
): Promise<TReferralRewardLine[]> {
  const rows = await db
    .select({
      settledAt: referrals.settledAt,
      referrerFirst: referrer.firstName,
      referrerLast: referrer.lastName,
      referrerEmail: referrer.email,
      referredFirst: referred.firstName,
      referredLast: referred.lastName,
      referredEmail: referred.email,
    })
    .from(referrals)
    .innerJoin(referrer, eq(referrer.id, referrals.referrerUserId))
    .innerJoin(referred, eq(referred.id, referrals.referredUserId))
    .where(
      and(
        eq(referrals.status, 'rewarded'),
        gte(referrals.settledAt, span.start),
        lt(referrals.settledAt, span.end),
      ),
    )
    .orderBy(desc(referrals.settledAt), desc(referrals.referredUserId))
    .limit(REFERRAL_REWARD_LINES);
  return rows.map((r) => ({
    grantedAt: (r.settledAt ?? span.start).toISOString(),
    referrerName: `${r.referrerFirst} ${r.referrerLast}`.trim(),
    referrerEmail: r.referrerEmail,
    referredName: `${r.referredFirst} ${r.referredLast}`.trim(),
    referredEmail: r.referredEmail,
    months,
  }));
}
