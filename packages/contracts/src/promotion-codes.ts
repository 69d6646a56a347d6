import { z } from 'zod';

/** Promotion codes (issue 16, item 5; decision 0049). With Stripe the codes and their discounts
 * live in Stripe; the simulated checkout knows one demo code so the flow runs on a fresh machine. */
export const DEMO_PROMOTION_CODE = 'MAGO10';
export const DEMO_PROMOTION_PERCENT = 10;
/** Longer than any code Stripe lets a merchant create (and than the database column keeps). */
export const PROMOTION_CODE_MAX = 100;

export const PROMOTION_MESSAGES = {
  label: 'Código promocional',
  apply: 'Aplicar',
  unknown: 'El código promocional no es válido. Revísalo o paga sin código.',
  tooLong: `El código promocional no puede tener más de ${PROMOTION_CODE_MAX} caracteres.`,
  applied: (code: string, percent: number) => `Código ${code} aplicado: ${percent} % de descuento.`,
  subtotal: 'Subtotal',
  discount: (code: string) => `Descuento (${code})`,
} as const;

/** A code as the buyer typed it: trimmed and upper-cased (codes are case-insensitive, as in
 * Stripe); blank means "no code". */
export const ZPromotionCodeInput = z
  .string()
  .trim()
  .max(PROMOTION_CODE_MAX, PROMOTION_MESSAGES.tooLong)
  .transform((code) => (code === '' ? null : code.toUpperCase()));

/** The percentage a code of the simulated checkout takes off, or null for an unknown code. */
export function simulatedPromotionPercent(code: string): number | null {
  return code === DEMO_PROMOTION_CODE ? DEMO_PROMOTION_PERCENT : null;
}

/** A percentage discount in cents, rounded to the cent as Stripe rounds a percent_off coupon. */
export function percentDiscountCents(subtotalCents: number, percent: number): number {
  return Math.round((subtotalCents * percent) / 100);
}
