import { z } from 'zod';
import { MSG } from './messages';

/** A price above 0 with at most two decimals (step 0.01). Accepts "19.99" from a form input. */
export const ZPrice = z.preprocess(
  (v) => (typeof v === 'string' ? (v.trim() === '' ? undefined : Number(v.replace(',', '.'))) : v),
  z
    .number({ error: (iss) => (iss.input === undefined ? MSG.priceRequired : MSG.pricePositive) })
    .refine((v) => Number.isFinite(v) && v > 0, MSG.pricePositive)
    .refine((v) => Math.abs(v * 100 - Math.round(v * 100)) < 1e-6, MSG.priceDecimals)
    .refine((v) => v <= 100_000, MSG.pricePositive),
);
