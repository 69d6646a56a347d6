import type Stripe from 'stripe';
import { stripeSdk } from '../../lib/stripe-client';
import type { PromotionCodeRequest } from './payment-provider';

type Call = <T>(what: string, fn: () => Promise<T>) => Promise<T>;

/** Our coupon of `percent` % off once: a fixed id, so every welcome promotion code of that
 * percentage hangs from the one coupon, made the first time it is needed. */
export const welcomeCouponId = (percent: number) => `magotips-amigo-${percent}`;

/** Charges read per customer for their cards: a reader's payments fit in one page. */
const CHARGES_PAGE = 100;

/**
 * The welcome discount at Stripe (decision 0119): a coupon (`percent_off`, `duration=once`) and,
 * per referred reader, a promotion code restricted to their customer, one redemption, first-time
 * transactions only (API version "clover" and later: `promotion[type]=coupon`). And the card
 * fingerprints of a customer's charges, for the self-referral check.
 */
export function createStripePromotions(stripe: Stripe, call: Call) {
  const couponsMade = new Set<string>();

  async function ensureCoupon(percent: number): Promise<string> {
    const id = welcomeCouponId(percent);
    if (couponsMade.has(id)) return id;
    try {
      await stripe.coupons.create(
        {
          id,
          percent_off: percent,
          duration: 'once',
          name: `Invitación de un amigo (${percent} %)`,
        },
        { idempotencyKey: `magotips-coupon-${id}` },
      );
    } catch (err) {
      // Made before (by this server's last run or another instance): the id is ours.
      const exists =
        err instanceof stripeSdk().errors.StripeInvalidRequestError &&
        err.code === 'resource_already_exists';
      if (!exists) throw err;
    }
    couponsMade.add(id);
    return id;
  }

  return {
    createPromotionCode(request: PromotionCodeRequest) {
      return call('crear el código de descuento', async () => {
        const coupon = await ensureCoupon(request.percentOff);
        const promotion = await stripe.promotionCodes.create(
          {
            promotion: { type: 'coupon', coupon },
            code: request.code,
            ...(request.customerId ? { customer: request.customerId } : {}),
            max_redemptions: 1,
            restrictions: { first_time_transaction: true },
            metadata: { userId: request.userId },
          },
          { idempotencyKey: `magotips-promotion-${request.code}` },
        );
        return { id: promotion.id };
      });
    },

    cardFingerprints(customerId: string) {
      return call('leer las tarjetas de un cliente', async () => {
        const page = await stripe.charges.list({ customer: customerId, limit: CHARGES_PAGE });
        const prints = page.data
          .map((charge) => charge.payment_method_details?.card?.fingerprint ?? null)
          .filter((print): print is string => print !== null);
        return [...new Set(prints)];
      });
    },
  };
}
