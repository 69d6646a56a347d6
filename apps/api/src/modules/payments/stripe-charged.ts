import type Stripe from 'stripe';
import type { Charged } from './charged-amount';

type PromotionRef = string | Stripe.PromotionCode | null | undefined;
type CouponRef = string | Stripe.Coupon | null | undefined;
type InvoiceDiscountRef = string | Stripe.Discount | Stripe.DeletedDiscount;

/** The code the buyer typed when Stripe expanded it, else the promotion code's or coupon's id. */
function nameOf(promotion: PromotionRef, coupon: CouponRef): string | null {
  if (promotion && typeof promotion === 'object') return promotion.code;
  if (typeof promotion === 'string') return promotion;
  if (coupon && typeof coupon === 'object') return coupon.id;
  return coupon ?? null;
}

/** A Checkout Session's amounts: `amount_subtotal` − `total_details.amount_discount` =
 * `amount_total`, the discounts in `discounts[]` (promotion_code / coupon, expanded or ids). */
export function chargedOfSession(session: Stripe.Checkout.Session): Charged | null {
  if (session.amount_total === null) return null;
  const discounts = session.discounts ?? [];
  const first = discounts[0];
  return {
    totalCents: session.amount_total,
    currency: session.currency,
    subtotalCents: session.amount_subtotal,
    discountCents: session.total_details?.amount_discount ?? 0,
    discountNamed: discounts.some((d) => d.promotion_code !== null || d.coupon !== null),
    promotionCode: first ? nameOf(first.promotion_code, first.coupon) : null,
  };
}

function invoiceDiscountName(ref: InvoiceDiscountRef | undefined): string | null {
  if (!ref) return null;
  if (typeof ref === 'string') return ref;
  return nameOf(ref.promotion_code, ref.source.coupon) ?? ref.id;
}

/** An invoice's amounts: `amount_paid` was charged, `total_discount_amounts` are its discounts
 * (`discounts[]` names them). A discount on the subscription (what a promotion code entered at
 * checkout becomes) is invoice-level: `subtotal` is then before it. A discount on a line item is
 * already inside `subtotal`, so the price before it is the total plus the discounts. */
export function chargedOfInvoice(invoice: Stripe.Invoice): Charged {
  const discountCents = (invoice.total_discount_amounts ?? []).reduce((s, d) => s + d.amount, 0);
  const itemLevel = discountCents > 0 && invoice.subtotal === invoice.total;
  const named = invoice.discounts ?? [];
  return {
    totalCents: invoice.amount_paid,
    currency: invoice.currency,
    subtotalCents: itemLevel ? invoice.total + discountCents : invoice.subtotal,
    discountCents,
    discountNamed: named.length > 0,
    promotionCode: invoiceDiscountName(named[0]),
  };
}
