import { z } from 'zod';
import { MSG } from './messages';

/** The highest price a pack or plan may have (USD). */
export const PRICE_MAX = 100_000;
/** The editor forms ask before saving a price above this (USD): a slip of the keyboard
 * ("1250" for "12,50") must not reach buyers unnoticed (decision 0035). */
export const PRICE_CONFIRM_ABOVE = 500;

/** The editor forms ask before saving a price above PRICE_CONFIRM_ABOVE, unless it is the price
 * already saved (confirmed then). */
export function needsPriceConfirmation(price: number, saved?: number): boolean {
  return price > PRICE_CONFIRM_ABOVE && price !== saved;
}

export type PriceParse = { ok: true; value: number } | { ok: false; message: string };

const GROUPING = /[\s'\u00a0\u202f]/;

/**
 * The one reading of a typed price (decision 0035), for the editor forms and the API alike.
 *
 * - One decimal separator, comma or point: "12,50", "12.50", "12,5", "0,5", "12,", ",5".
 * - At most two decimals: "12,505" is refused ('como máximo dos decimales').
 * - No thousands separators: "1.250,00", "1,250.00", "1 250" are refused with their own message,
 *   and so is a lone separator followed by exactly three digits ("1.250", "12,500"), which
 *   Spanish writes as thousands and English as decimals: guessing would be wrong for one of them.
 * - Nothing else: signs, letters, exponents ("-1", "abc", "1e3") are not a price.
 */
export function parsePrice(input: string): PriceParse {
  const text = input.trim();
  if (text === '') return { ok: false, message: MSG.priceRequired };
  if (!/^[0-9.,\s'\u00a0\u202f]+$/.test(text) || !/[0-9]/.test(text)) {
    return { ok: false, message: MSG.pricePositive };
  }
  const separators = text.match(/[.,\s'\u00a0\u202f]/g) ?? [];
  if (separators.length > 1 || (separators.length === 1 && GROUPING.test(text))) {
    return { ok: false, message: MSG.priceThousands };
  }
  const [whole = '', fraction = ''] = text.split(/[.,]/);
  if (fraction.length === 3 && /[1-9]/.test(whole)) {
    return { ok: false, message: MSG.priceThousands };
  }
  if (fraction.length > 2) return { ok: false, message: MSG.priceDecimals };
  const value = Number(`${whole || '0'}.${fraction || '0'}`);
  if (!(value > 0)) return { ok: false, message: MSG.pricePositive };
  if (value > PRICE_MAX) return { ok: false, message: MSG.pricePositive };
  return { ok: true, value };
}

/** A price above 0 with at most two decimals (step 0.01). A number passes as it is (the API's
 * JSON); a text (a form field, or a client that sends one) is read by `parsePrice`. */
export const ZPrice = z.preprocess(
  (v, ctx) => {
    if (typeof v !== 'string') return v;
    const parsed = parsePrice(v);
    if (parsed.ok) return parsed.value;
    // An empty field reads as missing, so the number schema answers 'El precio es requerido'.
    if (v.trim() === '') return undefined;
    ctx.addIssue({ code: 'custom', message: parsed.message, input: v });
    return z.NEVER;
  },
  z
    .number({ error: (iss) => (iss.input === undefined ? MSG.priceRequired : MSG.pricePositive) })
    .refine((v) => Number.isFinite(v) && v > 0, MSG.pricePositive)
    .refine((v) => Math.abs(v * 100 - Math.round(v * 100)) < 1e-6, MSG.priceDecimals)
    .refine((v) => v <= PRICE_MAX, MSG.pricePositive),
);
