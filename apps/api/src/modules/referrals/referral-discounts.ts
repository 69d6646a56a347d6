import { randomInt } from 'node:crypto';
import {
  REFERRAL_CODE_ALPHABET,
  REFERRAL_CODE_LENGTH,
  REFERRAL_DISCOUNT_PERCENT,
  REFERRAL_PROMOTION_PREFIX,
} from '@magotips/contracts/referrals';
import type { Db } from '../../db/database';
import type { Clock } from '../../lib/clock';
import type { DiscountPort } from '../payments/checkout.service';
import type { OfferedDiscount } from '../payments/payment-provider';
import { referralsRepository } from './referrals.repository';

/** Clashes are one in 31^8 per code: a few tries are plenty, and a loop without end is not. */
export const CODE_TRIES = 5;

/** 8 characters of the alphabet without look-alikes, each drawn uniformly. */
export function newReferralCode(): string {
  let code = '';
  for (let i = 0; i < REFERRAL_CODE_LENGTH; i += 1)
    code += REFERRAL_CODE_ALPHABET[randomInt(REFERRAL_CODE_ALPHABET.length)];
  return code;
}

export const newPromotionCode = () =>
  `${REFERRAL_PROMOTION_PREFIX}${newReferralCode().toUpperCase()}`;

/** The reader is owed the welcome discount: someone else's link brought them (another
 * mailbox), and they have paid nothing yet. */
export async function owedWelcome(db: Db, userId: string): Promise<boolean> {
  const repo = referralsRepository(db);
  const referrer = await repo.referrerOf(userId);
  if (!referrer || referrer.sameMailbox) return false;
  return !(await repo.hasReferral(userId)) && !(await repo.hasPaid(userId));
}

/**
 * The friend's 10 % (decision 0119), as the payments' discount port: each checkout a referred
 * reader opens before their first payment carries their own promotion code, made once per
 * provider and kept in `referral_discounts`. Two checkouts racing for a first code may each make
 * one at Stripe; the row keeps the last and both codes serve only this customer, once.
 */
export function createReferralDiscounts(deps: { db: Db; clock: Clock }): DiscountPort {
  const repo = referralsRepository(deps.db);
  return {
    async offeredDiscount(buyerId, provider, customerId): Promise<OfferedDiscount | null> {
      if (!(await owedWelcome(deps.db, buyerId))) return null;
      const stored = await repo.discountOf(buyerId);
      const usable =
        stored?.provider === provider.name &&
        (provider.name !== 'stripe' || stored.providerPromotionId !== null);
      if (stored && usable) {
        return {
          code: stored.code,
          percentOff: REFERRAL_DISCOUNT_PERCENT,
          providerPromotionId: stored.providerPromotionId,
        };
      }
      for (let attempt = 0; attempt < CODE_TRIES; attempt += 1) {
        const code = newPromotionCode();
        const made = await provider.createPromotionCode({
          code,
          percentOff: REFERRAL_DISCOUNT_PERCENT,
          userId: buyerId,
          customerId,
        });
        const saved = await repo.saveDiscount(
          { userId: buyerId, code, provider: provider.name, providerPromotionId: made.id },
          deps.clock(),
        );
        if (saved)
          return { code, percentOff: REFERRAL_DISCOUNT_PERCENT, providerPromotionId: made.id };
      }
      throw new Error('no se pudo crear un código de descuento único');
    },
  };
}
