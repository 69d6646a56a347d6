/** What a provider reports it charged for one payment (a Checkout Session or an invoice), with
 * the discount that may explain a total below our price. Cents of `currency`. */
export type Charged = {
  totalCents: number;
  currency: string | null;
  /** Before discounts; null when the provider did not say. */
  subtotalCents: number | null;
  /** The sum of the discounts the provider applied; 0 without any. */
  discountCents: number;
  /** The provider names the promotion (a promotion code or a coupon) the discount comes from. */
  discountNamed: boolean;
  /** The code the buyer typed, or the provider's id of the promotion when the code is unknown. */
  promotionCode: string | null;
};

/** What the transaction records once the amount is accepted. */
export type AcceptedAmount = {
  paidCents: number;
  discountCents: number | null;
  promotionCode: string | null;
};

/**
 * THE amount check of a fulfilment or a renewal. The provider's total is accepted when it is at
 * least our price (what we asked for), or when it is lower only by a discount the provider itself
 * reports: the subtotal is exactly our price, a promotion is named, and subtotal − discount is
 * the total to the cent. Any other difference (a lower total with no discount, a discount that
 * does not add up, another price, another currency) answers null: nothing is delivered.
 * Unknown facts (null) keep the price, as before promotion codes existed.
 */
export function acceptCharged(
  expectedCents: number,
  currency: string,
  charged: Charged | null,
): AcceptedAmount | null {
  if (!charged) return { paidCents: expectedCents, discountCents: null, promotionCode: null };
  if (charged.currency && charged.currency.toUpperCase() !== currency.toUpperCase()) return null;
  const discount = charged.discountCents > 0 ? charged.discountCents : null;
  const paid = { paidCents: charged.totalCents, discountCents: discount, promotionCode: null };
  if (charged.totalCents >= expectedCents) {
    return discount === null ? paid : { ...paid, promotionCode: charged.promotionCode };
  }
  const explained =
    discount !== null &&
    charged.discountNamed &&
    charged.subtotalCents === expectedCents &&
    charged.totalCents >= 0 &&
    charged.subtotalCents - discount === charged.totalCents;
  return explained ? { ...paid, promotionCode: charged.promotionCode } : null;
}
