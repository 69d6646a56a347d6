import {
  REFERRAL_DISCOUNT_PERCENT,
  REFERRAL_MAX_MONTHS_PER_YEAR,
  REFERRAL_REWARD_MONTHS,
  referralUrl,
  type TReferralsMeResponse,
} from '@magotips/contracts/referrals';
import type { Db } from '../../db/database';
import type { Clock } from '../../lib/clock';
import { friendName } from './friend-name';
import { CODE_TRIES, newReferralCode, owedWelcome } from './referral-discounts';
import { referralsRepository } from './referrals.repository';

/** A reader's link and what it brought (GET /api/referrals/me, decision 0119). */
export function createReferralsService(deps: { db: Db; clock: Clock; appUrl: string }) {
  const repo = referralsRepository(deps.db);

  /** The reader's code, made the first time they ask (a clash with another reader's code is
   * tried again with a new one). */
  async function codeFor(userId: string): Promise<string> {
    const stored = await repo.codeOf(userId);
    if (stored) return stored;
    for (let attempt = 0; attempt < CODE_TRIES; attempt += 1) {
      const code = await repo.saveCode(userId, newReferralCode(), deps.clock());
      if (code) return code;
    }
    throw new Error('no se pudo crear un código de invitación único');
  }

  return {
    async me(userId: string): Promise<TReferralsMeResponse> {
      const code = await codeFor(userId);
      const now = deps.clock();
      const [signedUp, paid, rewards, monthsLastYear, owed] = [
        await repo.signedUp(code, userId),
        await repo.paid(userId),
        await repo.rewards(userId),
        await repo.monthsSince(userId, now, REFERRAL_REWARD_MONTHS),
        await owedWelcome(deps.db, userId),
      ];
      return {
        success: true,
        code,
        url: referralUrl(deps.appUrl, code),
        signedUp,
        paid,
        rewards: rewards.map((r) => ({
          id: r.id,
          months: REFERRAL_REWARD_MONTHS,
          grantedAt: (r.settledAt ?? now).toISOString(),
          friend: friendName(r.firstName, r.lastName),
        })),
        monthsLastYear,
        maxMonthsPerYear: REFERRAL_MAX_MONTHS_PER_YEAR,
        welcomeDiscount: owed
          ? {
              percent: REFERRAL_DISCOUNT_PERCENT,
              code: (await repo.discountOf(userId))?.code ?? null,
            }
          : null,
      };
    },
  };
}
