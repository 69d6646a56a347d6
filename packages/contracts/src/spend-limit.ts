import { z } from 'zod';
import { MONTHS_ES } from './birth-date';
import { MSG } from './messages';
import { formatUsd } from './money';
import { parsePrice } from './price-schema';

// A reader's monthly spend limit (issue 32 item 4, decision 0113): the one rule the account
// card and PUT /api/account/spend-limit both read.

/** The highest limit one may set (USD a month): above it a limit protects nobody, and a slip
 * ("1250" for "12,50") is refused instead of saved. */
export const SPEND_LIMIT_MAX = 10_000;
/** Loosening a limit (raising or removing it) waits this long; tightening applies at once. */
export const SPEND_LIMIT_RAISE_HOURS = 72;

export const SPEND_LIMIT_TEXT = {
  required: 'Indica el límite mensual en dólares.',
  positive: 'El límite mensual debe ser un importe mayor que 0.',
  decimals: 'El límite mensual admite como máximo dos decimales.',
  thousands:
    'Escribe el límite sin separador de miles: usa la coma o el punto solo para los centavos (ej.: 1250,50).',
  tooHigh: `El límite mensual no puede superar ${formatUsd(SPEND_LIMIT_MAX)}.`,
  saved: 'Límite de gasto guardado.',
  lowered: 'Límite de gasto guardado. Se aplica desde ahora.',
  raiseScheduled: (date: string) =>
    `Has pedido aumentar tu límite. Por tu protección, el cambio se aplicará el ${date}.`,
  removeScheduled: (date: string) =>
    `Has pedido quitar tu límite. Por tu protección, el cambio se aplicará el ${date}.`,
  /** The 409 SPEND_LIMIT a checkout gets before any provider call. */
  exceeded: (leftAmount: number) =>
    leftAmount > 0
      ? `Esta compra supera tu límite mensual de gasto. Te quedan ${formatUsd(leftAmount)} este mes.`
      : 'Esta compra supera tu límite mensual de gasto. Ya has alcanzado tu límite este mes.',
} as const;

/** The one reading of a typed limit: the editor forms' price reading (decision 0035), with
 * the limit's own words and ceiling. */
export function parseSpendLimit(
  input: string,
): { ok: true; value: number } | { ok: false; message: string } {
  if (input.trim() === '') return { ok: false, message: SPEND_LIMIT_TEXT.required };
  const parsed = parsePrice(input);
  if (!parsed.ok) {
    const byPriceMessage: Record<string, string> = {
      [MSG.priceRequired]: SPEND_LIMIT_TEXT.required,
      [MSG.priceDecimals]: SPEND_LIMIT_TEXT.decimals,
      [MSG.priceThousands]: SPEND_LIMIT_TEXT.thousands,
    };
    // parsePrice refuses a number above its own ceiling as 'not a price': it is too high here.
    const plain = input.trim();
    if (/^\d+([.,]\d{0,2})?$/.test(plain) && Number(plain.replace(',', '.')) > SPEND_LIMIT_MAX)
      return { ok: false, message: SPEND_LIMIT_TEXT.tooHigh };
    return { ok: false, message: byPriceMessage[parsed.message] ?? SPEND_LIMIT_TEXT.positive };
  }
  if (parsed.value > SPEND_LIMIT_MAX) return { ok: false, message: SPEND_LIMIT_TEXT.tooHigh };
  return parsed;
}

/** A limit in USD: a number as JSON carries it, or a text read by `parseSpendLimit`. */
export const ZSpendLimitAmount = z.preprocess(
  (v, ctx) => {
    if (typeof v !== 'string') return v;
    const parsed = parseSpendLimit(v);
    if (parsed.ok) return parsed.value;
    ctx.addIssue({ code: 'custom', message: parsed.message, input: v });
    return z.NEVER;
  },
  z
    .number({ error: SPEND_LIMIT_TEXT.required })
    .refine((v) => Number.isFinite(v) && v > 0, SPEND_LIMIT_TEXT.positive)
    .refine((v) => Math.abs(v * 100 - Math.round(v * 100)) < 1e-6, SPEND_LIMIT_TEXT.decimals)
    .refine((v) => v <= SPEND_LIMIT_MAX, SPEND_LIMIT_TEXT.tooHigh),
);

/** PUT /api/account/spend-limit: a limit, or null to remove it. */
export const ZSpendLimitBody = z.object({
  monthlyLimit: ZSpendLimitAmount.nullable(),
});
export type TSpendLimitBody = z.input<typeof ZSpendLimitBody>;

/** What the account card shows; amounts in USD, the month is the calendar month in UTC. */
export const ZSpendLimit = z.object({
  /** The limit in force now; null: none. */
  monthlyLimit: z.number().nullable(),
  /** A loosening waiting for its 72 hours: the new limit (null: removal) and when it applies;
   * both null when nothing waits. */
  pendingLimit: z.number().nullable(),
  pendingFrom: z.string().nullable(),
  spentThisMonth: z.number(),
  /** What may still be spent this month under the limit in force; null without one. */
  left: z.number().nullable(),
});
export type TSpendLimit = z.infer<typeof ZSpendLimit>;

export const ZSpendLimitResponse = z.object({
  success: z.literal(true),
  message: z.string().optional(),
  spendLimit: ZSpendLimit,
});
export type TSpendLimitResponse = z.infer<typeof ZSpendLimitResponse>;

/** "5 de diciembre de 2026 a las 14:30 UTC": when a loosening applies, in the month's own zone.
 * Written by hand: ICU versions word Intl's date-and-time join differently (server vs browser). */
export function formatPendingFrom(iso: string): string {
  const d = new Date(iso);
  const two = (n: number) => String(n).padStart(2, '0');
  return `${d.getUTCDate()} de ${MONTHS_ES[d.getUTCMonth()]} de ${d.getUTCFullYear()} a las ${two(d.getUTCHours())}:${two(d.getUTCMinutes())} UTC`;
}
