import { z } from 'zod';
import { MSG } from './messages';
import { BET_LIMITS } from './track-record';

export type OddsParse = { ok: true; value: number } | { ok: false; message: string };

/**
 * The one reading of typed odds, for the tip form and the API alike: decimal odds with a comma or
 * a point ("1,85", "1.85", "2"), at most two decimals, between 1,01 and 1000. No thousands
 * separators: odds never need them.
 */
export function parseOdds(input: string): OddsParse {
  const text = input.trim();
  if (text === '') return { ok: false, message: MSG.oddsRequired };
  if (!/^\d*[.,]?\d*$/.test(text) || !/\d/.test(text))
    return { ok: false, message: MSG.oddsInvalid };
  const [whole = '', fraction = ''] = text.split(/[.,]/);
  if (fraction.length > 2) return { ok: false, message: MSG.oddsDecimals };
  const value = Number(`${whole || '0'}.${fraction || '0'}`);
  if (!(value >= BET_LIMITS.oddsMin && value <= BET_LIMITS.oddsMax))
    return { ok: false, message: MSG.oddsRange };
  return { ok: true, value };
}

/** Odds as JSON sends them (1.85) or as text ("1,85", read by `parseOdds`). */
export const ZOdds = z.preprocess(
  (v, ctx) => {
    if (typeof v !== 'string') return v;
    const parsed = parseOdds(v);
    if (parsed.ok) return parsed.value;
    ctx.addIssue({ code: 'custom', message: parsed.message, input: v });
    return z.NEVER;
  },
  z
    .number({ error: MSG.oddsRequired })
    .refine(
      (v) => Number.isFinite(v) && v >= BET_LIMITS.oddsMin && v <= BET_LIMITS.oddsMax,
      MSG.oddsRange,
    )
    .refine((v) => Math.abs(v * 100 - Math.round(v * 100)) < 1e-6, MSG.oddsDecimals),
);

/** Whole units from 1 to 10; a form's text ("3") is read as its number. */
export const ZStake = z.preprocess(
  (v) => (typeof v === 'string' && /^\s*\d+\s*$/.test(v) ? Number(v) : v),
  z
    .number({ error: MSG.stakeRange })
    .int(MSG.stakeRange)
    .min(BET_LIMITS.stakeMin, MSG.stakeRange)
    .max(BET_LIMITS.stakeMax, MSG.stakeRange),
);

export const ZPick = z
  .string({ error: MSG.pickRequired })
  .trim()
  .min(1, MSG.pickRequired)
  .max(BET_LIMITS.pickMax, MSG.pickTooLong);

/** Optional: an empty text means none. */
export const ZBookmaker = z
  .string()
  .trim()
  .max(BET_LIMITS.bookmakerMax, MSG.bookmakerTooLong)
  .transform((v) => (v === '' ? null : v));

const BET_KEYS = ['pick', 'odds', 'stake'] as const;

/**
 * A bet is sent whole: when any of pick, odds and stake is in the body, all three are, either
 * all with a value or all null (null clears the bet before kick-off). None of them in the body
 * leaves the bet as it is (PUT) or makes a tip without one (POST), as SPEC.md's body does.
 */
export function checkBetIsWhole(
  value: { pick?: string | null; odds?: number | null; stake?: number | null },
  ctx: z.RefinementCtx,
): void {
  const present = BET_KEYS.filter((k) => value[k] !== undefined);
  if (present.length === 0) return;
  const withValue = BET_KEYS.filter((k) => value[k] !== undefined && value[k] !== null);
  if (withValue.length === 0 || withValue.length === 3) return;
  for (const key of BET_KEYS.filter((k) => !withValue.includes(k))) {
    ctx.addIssue({ code: 'custom', message: MSG.betIncomplete, path: [key] });
  }
}
