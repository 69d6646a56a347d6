import { describe, expect, it } from 'vitest';
import { parseOdds } from './bet-schema';
import { MSG } from './messages';
import {
  figuresOf,
  mergeTallies,
  profitableMonthsPct,
  profitUnits,
  roundUnits,
  type SettledBet,
  type SettledResult,
  SETTLED_RESULTS,
  tallyOf,
  toOddsCents,
} from './track-record';

const bet = (result: SettledResult, odds: number, stake: number): SettledBet => ({
  result,
  oddsCents: toOddsCents(odds),
  stake,
});

// Worked by hand, in time order:
//  1 ganado        2.00 × 1  → +1.000      5 medio_ganado  1.95 × 2 → +0.950 (2 × 0.95 / 2)
//  2 ganado        1.85 × 2  → +1.700      6 medio_perdido 1.80 × 4 → −2.000
//  3 perdido       1.90 × 3  → −3.000      7 perdido       2.50 × 1 → −1.000
//  4 nulo          2.10 × 2  →  0          8 ganado        3.15 × 1 → +2.150
// Profit −0.20 u; staked 14 (the void's 2 left out); yield −0.2 / 14 = −0.0143 → −0.014;
// hit rate (3 + 1/2) / (3 + 2 + 2/2) = 0.5833 → 0.583; average odds 15.15 / 7 = 2.16;
// average stake 14 / 7 = 2; streaks without the void: W W L W L L W → longest 2 and 2.
// Cumulative profit 0, 1, 2.7, −0.3, −0.3, 0.65, −1.35, −2.35, −0.2: the largest fall is
// 2.7 → −2.35 = 5.05 u. At 1 u each: 1 + 0.85 − 1 + 0 + 0.475 − 0.5 − 1 + 2.15 = 1.975 over 7
// bets = 0.2821 → 0.282. Bands: 1.5–2 holds bets 2, 3, 5, 6 (−2.35 on 11, −0.2136 → −0.214),
// 2–3 bets 1, 4 (void), 7 (0 on 2), 3 or more bet 8 (+2.15 on 1).
const BOOK = [
  bet('ganado', 2, 1),
  bet('ganado', 1.85, 2),
  bet('perdido', 1.9, 3),
  bet('nulo', 2.1, 2),
  bet('medio_ganado', 1.95, 2),
  bet('medio_perdido', 1.8, 4),
  bet('perdido', 2.5, 1),
  bet('ganado', 3.15, 1),
];

describe('the track record arithmetic', () => {
  it('profit per result, halves and voids included', () => {
    expect(profitUnits('ganado', 1.85, 2)).toBe(1.7);
    expect(profitUnits('perdido', 1.85, 2)).toBe(-2);
    expect(profitUnits('medio_ganado', 1.85, 1)).toBe(0.43); // 0.425, halves away from zero
    expect(profitUnits('medio_perdido', 1.85, 3)).toBe(-1.5);
    expect(profitUnits('nulo', 7.5, 10)).toBe(0);
    expect(profitUnits('pendiente', 2, 1)).toBe(0);
    expect(roundUnits(-425)).toBe(-0.43);
    expect(profitUnits('ganado', 1000, 10)).toBe(9990);
  });

  it('matches the hand-computed book', () => {
    expect(figuresOf(tallyOf(BOOK))).toEqual({
      settled: 8,
      won: 3,
      lost: 2,
      void: 1,
      halfWon: 1,
      halfLost: 1,
      hitRate: 0.583,
      profitUnits: -0.2,
      stakedUnits: 14,
      yield: -0.014,
      averageOdds: 2.16,
      averageStake: 2,
      levelStakeYield: 0.282,
      maxDrawdownUnits: 5.05,
      clv: null,
      clvBets: 0,
      yieldByOddsBand: [
        { band: 'under-1.5', settled: 0, stakedUnits: 0, profitUnits: 0, yield: null },
        { band: '1.5-2', settled: 4, stakedUnits: 11, profitUnits: -2.35, yield: -0.214 },
        { band: '2-3', settled: 3, stakedUnits: 2, profitUnits: 0, yield: 0 },
        { band: '3-plus', settled: 1, stakedUnits: 1, profitUnits: 2.15, yield: 2.15 },
      ],
      longestWinRun: 2,
      longestLoseRun: 2,
    });
  });

  it('takes the closing line value over the non-void bets settled with closing odds', () => {
    const withClose = (b: SettledBet, closing: number | null): SettledBet => ({
      ...b,
      closingOddsCents: closing === null ? null : toOddsCents(closing),
    });
    const f = figuresOf(
      tallyOf([
        // 2.10 ÷ 2.00 − 1 = +0.05
        withClose(bet('ganado', 2.1, 1), 2),
        // 1.90 ÷ 1.80 − 1 = +0.055556 (a millionth kept)
        withClose(bet('perdido', 1.9, 3), 1.8),
        // A void and a bet without closing odds stay out.
        withClose(bet('nulo', 3, 1), 1.5),
        withClose(bet('ganado', 1.5, 1), null),
      ]),
    );
    // (0.05 + 0.055556) ÷ 2 = 0.052778 → 0.053
    expect(f).toMatchObject({ clv: 0.053, clvBets: 2 });
    const lower = figuresOf(tallyOf([withClose(bet('ganado', 1.8, 1), 2)]));
    // 1.80 ÷ 2.00 − 1 = −0.1: the price taken was worse than the close.
    expect(lower).toMatchObject({ clv: -0.1, clvBets: 1 });
  });

  it('puts the lower bound of each odds band in the band, its upper bound in the next', () => {
    const bands = (odds: number) =>
      figuresOf(tallyOf([bet('ganado', odds, 1)])).yieldByOddsBand.find((b) => b.settled === 1)
        ?.band;
    expect([1.01, 1.49, 1.5, 1.99, 2, 2.99, 3, 1000].map(bands)).toEqual([
      'under-1.5',
      'under-1.5',
      '1.5-2',
      '1.5-2',
      '2-3',
      '2-3',
      '3-plus',
      '3-plus',
    ]);
  });

  it('counts a month as profitable on its exact profit, leaving months of voids only out', () => {
    expect(profitableMonthsPct([])).toBeNull();
    expect(
      profitableMonthsPct([
        { profitMilli: 4, staked: 1 }, // +0.004 u: rounds to 0 u, still a profit
        { profitMilli: 0, staked: 2 },
        { profitMilli: -3000, staked: 3 },
        { profitMilli: 0, staked: 0 }, // voids only
      ]),
    ).toBe(0.333);
  });

  it('has nothing to divide by when nothing is settled, or only voids', () => {
    const empty = figuresOf(tallyOf([]));
    expect(empty).toMatchObject({
      settled: 0,
      hitRate: null,
      yield: null,
      averageOdds: null,
      averageStake: null,
      levelStakeYield: null,
      maxDrawdownUnits: 0,
      clv: null,
      profitUnits: 0,
    });
    const voids = figuresOf(tallyOf([bet('nulo', 2, 1), bet('nulo', 3, 2)]));
    expect(voids).toMatchObject({
      settled: 2,
      void: 2,
      stakedUnits: 0,
      hitRate: null,
      yield: null,
      longestWinRun: 0,
    });
  });

  it('a void neither ends nor extends a streak', () => {
    const runs = figuresOf(
      tallyOf([
        bet('ganado', 2, 1),
        bet('nulo', 2, 1),
        bet('medio_ganado', 2, 1),
        bet('perdido', 2, 1),
      ]),
    );
    expect(runs.longestWinRun).toBe(2);
    expect(runs.longestLoseRun).toBe(1);
  });

  it('stretches merged in order give what the whole sequence gives, wherever it is cut', () => {
    // A deterministic shuffle of results: every cut of it must agree with the whole.
    let seed = 7;
    const next = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31);
    const bets = Array.from({ length: 60 }, () =>
      bet(
        SETTLED_RESULTS[next() % SETTLED_RESULTS.length]!,
        1.01 + (next() % 300) / 100,
        1 + (next() % 10),
      ),
    );
    const whole = tallyOf(bets);
    for (const cuts of [[0], [1], [17, 18], [5, 30, 31, 59], [60]]) {
      let parts = tallyOf([]);
      let from = 0;
      for (const cut of [...cuts, bets.length]) {
        parts = mergeTallies(parts, tallyOf(bets.slice(from, cut)));
        from = cut;
      }
      expect(parts).toEqual(whole);
    }
  });
});

describe('typed odds', () => {
  it.each([
    ['1,85', 1.85],
    ['1.85', 1.85],
    [' 2 ', 2],
    ['1,5', 1.5],
    ['1000', 1000],
    ['1,01', 1.01],
  ])('reads %s as %s', (text, value) => {
    expect(parseOdds(text)).toEqual({ ok: true, value });
  });

  it.each([
    ['', MSG.oddsRequired],
    ['1', MSG.oddsRange],
    ['1,00', MSG.oddsRange],
    ['1000,01', MSG.oddsRange],
    ['1,855', MSG.oddsDecimals],
    ['1.000,5', MSG.oddsInvalid],
    ['-2', MSG.oddsInvalid],
    ['abc', MSG.oddsInvalid],
    ['1e2', MSG.oddsInvalid],
  ])('refuses %s', (text, message) => {
    expect(parseOdds(text)).toEqual({ ok: false, message });
  });
});
