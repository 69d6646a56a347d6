// Plain functions, no Zod: the largest fall of the cumulative profit (issue 27 item 6), kept as a
// monoid so that days and stretches of bets combine without seeing their bets again, as the
// streaks do (track-record.ts).

/**
 * A stretch of bets' cumulative profit, in thousandths of a unit, measured from the stretch's
 * start: its total (`sum`), its highest and lowest points (`peak` ≥ 0 and `trough` ≤ 0, the start
 * itself counting as a point), and its largest fall from a point to a later one (`fall` ≥ 0).
 */
export type Drawdown = { sum: number; peak: number; trough: number; fall: number };

export const NO_DRAWDOWN: Drawdown = { sum: 0, peak: 0, trough: 0, fall: 0 };

/** One bet's profit as a stretch of one. */
export function drawdownOf(profitMilli: number): Drawdown {
  return {
    sum: profitMilli,
    peak: Math.max(0, profitMilli),
    trough: Math.min(0, profitMilli),
    fall: Math.max(0, -profitMilli),
  };
}

/** `a` then `b`, in time order: `b`'s points sit `a.sum` higher, and the largest fall is inside
 * `a`, inside `b`, or from `a`'s peak down to `b`'s trough. */
export function combineDrawdowns(a: Drawdown, b: Drawdown): Drawdown {
  return {
    sum: a.sum + b.sum,
    peak: Math.max(a.peak, a.sum + b.peak),
    trough: Math.min(a.trough, a.sum + b.trough),
    fall: Math.max(a.fall, b.fall, a.peak - (a.sum + b.trough)),
  };
}
