import { describe, expect, it } from 'vitest';
import { parseOdds } from './bet-schema';
import { MSG } from './messages';
import {
  figuresOf,
  mergeTallies,
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
// Profit −0.20 u; staked 14 (the void's 2 left out); yield −0.2 / 14 = −0.0143;
// hit rate (3 + 1/2) / (3 + 2 + 2/2) = 0.5833; average odds 15.15 / 7 = 2.16;
// streaks without the void: W W L W L L W → longest 2 and 2.
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
      hitRate: 0.5833,
      profitUnits: -0.2,
      stakedUnits: 14,
      yield: -0.0143,
      averageOdds: 2.16,
      longestWinRun: 2,
      longestLoseRun: 2,
    });
  });

  it('has nothing to divide by when nothing is settled, or only voids', () => {
    const empty = figuresOf(tallyOf([]));
    expect(empty).toMatchObject({
      settled: 0,
      hitRate: null,
      yield: null,
      averageOdds: null,
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
