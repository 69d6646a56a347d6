import { describe, expect, it } from 'vitest';
import { ODDS_BANDS } from './track-record-bands';
import {
  EMPTY_TALLY,
  exactRatio,
  figuresOf,
  mergeTallies,
  profitMilli,
  type SettledBet,
  SETTLED_RESULTS,
  type Tally,
  tallyOf,
  tallyOfBet,
} from './track-record';

// The day summaries combine tallies day by day, and the ledger's verifier folds them bet by bet:
// both must give what the whole sequence gives. Checked here against a brute force that knows
// nothing of the monoid, over random sequences from a seeded generator (xorshift32).
function generator(seed: number) {
  let x = seed >>> 0 || 1;
  return () => {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    return (x >>> 0) / 4294967296;
  };
}

function randomBets(next: () => number, length: number): SettledBet[] {
  const int = (lo: number, hi: number) => lo + Math.floor(next() * (hi - lo + 1));
  return Array.from({ length }, () => {
    // Odds around every band's edges most of the time, now and then up to 1000.
    const oddsCents = next() < 0.9 ? int(101, 420) : int(101, 100_000);
    const closing = next() < 0.4 ? int(101, 600) : null;
    return {
      result: SETTLED_RESULTS[int(0, SETTLED_RESULTS.length - 1)]!,
      oddsCents,
      stake: int(1, 10),
      closingOddsCents: closing,
    };
  });
}

/** What each figure means, computed the long way. */
function bruteForce(bets: readonly SettledBet[]) {
  const profits = bets.map((b) => profitMilli(b.result, b.oddsCents, b.stake));
  const cumulative = [0];
  for (const p of profits) cumulative.push(cumulative.at(-1)! + p);
  let fall = 0;
  for (let i = 0; i < cumulative.length; i += 1)
    for (let j = i + 1; j < cumulative.length; j += 1)
      fall = Math.max(fall, cumulative[i]! - cumulative[j]!);

  const played = bets.filter((b) => b.result !== 'nulo');
  const wins = played.map((b) => b.result === 'ganado' || b.result === 'medio_ganado');
  const longest = (win: boolean) => {
    let best = 0;
    let run = 0;
    for (const w of wins) {
      run = w === win ? run + 1 : 0;
      best = Math.max(best, run);
    }
    return best;
  };
  const count = (r: string) => bets.filter((b) => b.result === r).length;
  const withClose = played.filter((b) => b.closingOddsCents != null);
  const staked = played.reduce((s, b) => s + b.stake, 0);
  const profit = profits.reduce((s, p) => s + p, 0);
  return {
    fallMilli: fall,
    longestWinRun: longest(true),
    longestLoseRun: longest(false),
    hitRate:
      played.length === 0 ||
      count('ganado') + count('perdido') + count('medio_ganado') + count('medio_perdido') === 0
        ? null
        : (count('ganado') + count('medio_ganado') / 2) /
          (count('ganado') +
            count('perdido') +
            (count('medio_ganado') + count('medio_perdido')) / 2),
    yield: staked === 0 ? null : profit / 1000 / staked,
    levelStakeYield:
      played.length === 0
        ? null
        : played.reduce((s, b) => s + profitMilli(b.result, b.oddsCents, 1), 0) /
          1000 /
          played.length,
    averageStake: played.length === 0 ? null : staked / played.length,
    clv:
      withClose.length === 0
        ? null
        : withClose.reduce((s, b) => s + b.oddsCents / b.closingOddsCents! - 1, 0) /
          withClose.length,
    bands: ODDS_BANDS.map((band) => {
      const inBand = bets.filter(
        (b) =>
          b.oddsCents >= band.fromCents && (band.toCents === null || b.oddsCents < band.toCents),
      );
      return {
        settled: inBand.length,
        staked: inBand.filter((b) => b.result !== 'nulo').reduce((s, b) => s + b.stake, 0),
        profitMilli: inBand.reduce((s, b) => s + profitMilli(b.result, b.oddsCents, b.stake), 0),
      };
    }),
  };
}

/** Merges the stretches between `cuts` in order, each stretch folded bet by bet. */
function mergedAt(bets: readonly SettledBet[], cuts: readonly number[]): Tally {
  let merged = EMPTY_TALLY;
  let from = 0;
  for (const cut of [...cuts, bets.length]) {
    merged = mergeTallies(merged, tallyOf(bets.slice(from, cut)));
    from = cut;
  }
  return merged;
}

/** A balanced tree of merges: (a·b)·(c·d)… must equal the left fold (associativity). */
function mergedAsTree(bets: readonly SettledBet[]): Tally {
  if (bets.length === 0) return EMPTY_TALLY;
  if (bets.length === 1) return tallyOfBet(bets[0]!);
  const mid = Math.floor(bets.length / 2);
  return mergeTallies(mergedAsTree(bets.slice(0, mid)), mergedAsTree(bets.slice(mid)));
}

// Within half a unit of the last place kept (3 for ratios, 2 for units and averages).
const near = (figure: number | null, exact: number | null, places: number) => {
  if (exact === null) return figure === null;
  return figure !== null && Math.abs(figure - exact) <= 0.5 * 10 ** -places + 1e-12;
};

describe('the tally monoid against a brute force', () => {
  it('agrees on every figure, and wherever the bets are cut or however the merges nest', () => {
    const next = generator(27);
    for (let round = 0; round < 400; round += 1) {
      const bets = randomBets(next, Math.floor(next() * 60));
      const whole = tallyOf(bets);
      const cuts = Array.from({ length: Math.floor(next() * 5) }, () =>
        Math.floor(next() * (bets.length + 1)),
      ).sort((a, b) => a - b);
      expect(mergedAt(bets, cuts)).toEqual(whole);
      expect(mergedAsTree(bets)).toEqual(whole);

      const f = figuresOf(whole);
      const brute = bruteForce(bets);
      expect(whole.drawdown.fall).toBe(brute.fallMilli);
      expect(f.longestWinRun).toBe(brute.longestWinRun);
      expect(f.longestLoseRun).toBe(brute.longestLoseRun);
      expect(near(f.hitRate, brute.hitRate, 3)).toBe(true);
      expect(near(f.yield, brute.yield, 3)).toBe(true);
      expect(near(f.levelStakeYield, brute.levelStakeYield, 3)).toBe(true);
      expect(near(f.averageStake, brute.averageStake, 2)).toBe(true);
      // Each bet's CLV term is rounded to a millionth before the mean: within 1e-6 more.
      expect(
        brute.clv === null ? f.clv === null : Math.abs(f.clv! - brute.clv) <= 0.0005 + 1e-6,
      ).toBe(true);
      expect(whole.bands).toEqual(brute.bands);
    }
  });

  it('rounds every ratio once, from the exact integers, halves away from zero', () => {
    expect(exactRatio(1, 8)).toBe(0.125);
    expect(exactRatio(1, 16)).toBe(0.063); // 0.0625
    expect(exactRatio(-1, 16)).toBe(-0.063);
    expect(exactRatio(12345, 100_000)).toBe(0.123); // 0.12345 → 0.123 at three places
    expect(exactRatio(12345, 100_000, 4)).toBe(0.1235);
    expect(exactRatio(2, 3)).toBe(0.667);
    expect(exactRatio(0, 5)).toBe(0);
    expect(exactRatio(1, 0)).toBeNull();
    // Far past 2^53 once scaled: a million bets' thousandths.
    expect(exactRatio(9_007_199_254_740_991, 9_007_199_254_740_992)).toBe(1);
    expect(exactRatio(4_503_599_627_370_495, 9_007_199_254_740_990)).toBe(0.5);
  });
});
