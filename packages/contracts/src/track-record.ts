// Plain functions, no Zod: the landing's headline and /historial import these and must stay small.
// The arithmetic of the track record (issue 14 item 4, issue 27 item 6), written once: the server
// builds its summaries with it, the ledger's verifier recomputes the record with it, and the tests
// check it against hand-computed cases and a brute force (track-record*.test.ts).
import { ODDS_BANDS, type OddsBandId, oddsBandIndex } from './track-record-bands';
import { combineDrawdowns, type Drawdown, drawdownOf, NO_DRAWDOWN } from './track-record-drawdown';
import type { TipResult } from './tip-results';

// Kept where every caller already imports them from.
export { RESULT_LABELS, TIP_RESULTS, type TipResult } from './tip-results';
/** What an editor may settle a tip as: once settled, a tip never goes back to pending. */
export const SETTLED_RESULTS = [
  'ganado',
  'perdido',
  'nulo',
  'medio_ganado',
  'medio_perdido',
] as const;
export type SettledResult = (typeof SETTLED_RESULTS)[number];

/** A bet's limits: the market as text, decimal odds with two places, stake in whole units. */
export const BET_LIMITS = {
  pickMax: 120,
  oddsMin: 1.01,
  oddsMax: 1000,
  stakeMin: 1,
  stakeMax: 10,
  bookmakerMax: 50,
} as const;

export const TRACK_RECORD_PERIODS = ['30d', '90d', '365d', 'all'] as const;
export type TrackRecordPeriod = (typeof TRACK_RECORD_PERIODS)[number];
export const PERIOD_DAYS: Record<TrackRecordPeriod, number | null> = {
  '30d': 30,
  '90d': 90,
  '365d': 365,
  all: null,
};
export const PERIOD_LABELS: Record<TrackRecordPeriod, string> = {
  '30d': 'Últimos 30 días',
  '90d': 'Últimos 90 días',
  '365d': 'Último año',
  all: 'Desde el inicio',
};

/** Odds in hundredths (1.85 → 185): sums of odds stay exact. */
export const toOddsCents = (odds: number): number => Math.round(odds * 100);

/**
 * A settled bet's profit in thousandths of a unit, exact: stake × (odds − 1) when won, −stake
 * when lost, half of each for the half results, 0 when void (and while pending).
 */
export function profitMilli(result: TipResult, oddsCents: number, stake: number): number {
  switch (result) {
    case 'ganado':
      return stake * (oddsCents - 100) * 10;
    case 'medio_ganado':
      return stake * (oddsCents - 100) * 5;
    case 'perdido':
      return -stake * 1000;
    case 'medio_perdido':
      return -stake * 500;
    default:
      return 0;
  }
}

/** Units to two decimals, halves away from zero (0.425 → 0.43, −0.425 → −0.43). */
export function roundUnits(milli: number): number {
  return (Math.sign(milli) * Math.round(Math.abs(milli) / 10)) / 100;
}

export function profitUnits(result: TipResult, odds: number, stake: number): number {
  return roundUnits(profitMilli(result, toOddsCents(odds), stake));
}

/**
 * Streaks in a run of settled bets, kept so that two stretches combine without seeing their
 * bets again (a monoid): bets counted (`n`, voids skipped), the wins and losses that open and
 * close the stretch, and its longest of each. A win is ganado or medio_ganado, a loss perdido or
 * medio_perdido; a void (nulo) neither extends nor breaks a streak: the bet did not happen.
 */
export type Streaks = {
  n: number;
  leadW: number;
  leadL: number;
  trailW: number;
  trailL: number;
  maxW: number;
  maxL: number;
};
export const NO_STREAKS: Streaks = {
  n: 0,
  leadW: 0,
  leadL: 0,
  trailW: 0,
  trailL: 0,
  maxW: 0,
  maxL: 0,
};

function streaksOf(result: SettledResult): Streaks {
  if (result === 'nulo') return NO_STREAKS;
  const w = result === 'ganado' || result === 'medio_ganado' ? 1 : 0;
  const l = 1 - w;
  return { n: 1, leadW: w, leadL: l, trailW: w, trailL: l, maxW: w, maxL: l };
}

/** `a` then `b`, in time order. */
export function combineStreaks(a: Streaks, b: Streaks): Streaks {
  return {
    n: a.n + b.n,
    leadW: a.leadW === a.n ? a.n + b.leadW : a.leadW,
    leadL: a.leadL === a.n ? a.n + b.leadL : a.leadL,
    trailW: b.trailW === b.n ? b.n + a.trailW : b.trailW,
    trailL: b.trailL === b.n ? b.n + a.trailL : b.trailL,
    maxW: Math.max(a.maxW, b.maxW, a.trailW + b.leadW),
    maxL: Math.max(a.maxL, b.maxL, a.trailL + b.leadL),
  };
}

/** One odds band's sums (ODDS_BANDS): settled bets, stakes but the voids', profit. */
export type BandTally = { settled: number; staked: number; profitMilli: number };
const NO_BAND: BandTally = { settled: 0, staked: 0, profitMilli: 0 };
export const NO_BANDS: readonly BandTally[] = ODDS_BANDS.map(() => NO_BAND);

/** The sums of a stretch of settled bets, all in exact integers. */
export type Tally = {
  settled: number;
  won: number;
  lost: number;
  void: number;
  halfWon: number;
  halfLost: number;
  profitMilli: number;
  /** Stakes of every settled bet except the voids. */
  staked: number;
  /** Odds of the same bets, in hundredths, for the average. */
  oddsCentsSum: number;
  /** The profit had every bet been staked 1 u (voids 0), for the level-stake yield. */
  levelProfitMilli: number;
  /** Σ (odds ÷ closing odds − 1) in millionths, each bet's term rounded once, over the non-void
   * bets settled with closing odds; `clvBets` is how many they are. */
  clvMicro: number;
  clvBets: number;
  /** One per ODDS_BANDS, in its order. */
  bands: readonly BandTally[];
  streaks: Streaks;
  drawdown: Drawdown;
};
/** The parts of a Tally that merge by adding, whatever the order. */
export const TALLY_SUMS = [
  'settled',
  'won',
  'lost',
  'void',
  'halfWon',
  'halfLost',
  'profitMilli',
  'staked',
  'oddsCentsSum',
  'levelProfitMilli',
  'clvMicro',
  'clvBets',
] as const satisfies readonly (keyof Tally)[];
export type TallySum = (typeof TALLY_SUMS)[number];

export const EMPTY_TALLY: Tally = {
  settled: 0,
  won: 0,
  lost: 0,
  void: 0,
  halfWon: 0,
  halfLost: 0,
  profitMilli: 0,
  staked: 0,
  oddsCentsSum: 0,
  levelProfitMilli: 0,
  clvMicro: 0,
  clvBets: 0,
  bands: NO_BANDS,
  streaks: NO_STREAKS,
  drawdown: NO_DRAWDOWN,
};

/** A settled bet as the record and the ledger both know it. The closing odds are optional: the
 * editor may type them at settlement ("Cuota de cierre"). */
export type SettledBet = {
  result: SettledResult;
  oddsCents: number;
  stake: number;
  closingOddsCents?: number | null;
};

const MICRO = 1_000_000;

/** A bet's closing line value in millionths: odds taken ÷ closing odds − 1 (2.10 taken, 2.00 at
 * the close → +50 000, +5 %), rounded once, here. */
export function clvMicroOf(oddsCents: number, closingOddsCents: number): number {
  return Math.round((oddsCents * MICRO) / closingOddsCents) - MICRO;
}

/** One settled bet as a tally of one. */
export function tallyOfBet(bet: SettledBet): Tally {
  const isVoid = bet.result === 'nulo';
  const profit = profitMilli(bet.result, bet.oddsCents, bet.stake);
  const withClv = !isVoid && bet.closingOddsCents != null && bet.closingOddsCents > 0;
  const band = oddsBandIndex(bet.oddsCents);
  return {
    settled: 1,
    won: bet.result === 'ganado' ? 1 : 0,
    lost: bet.result === 'perdido' ? 1 : 0,
    void: isVoid ? 1 : 0,
    halfWon: bet.result === 'medio_ganado' ? 1 : 0,
    halfLost: bet.result === 'medio_perdido' ? 1 : 0,
    profitMilli: profit,
    staked: isVoid ? 0 : bet.stake,
    oddsCentsSum: isVoid ? 0 : bet.oddsCents,
    levelProfitMilli: profitMilli(bet.result, bet.oddsCents, 1),
    clvMicro: withClv ? clvMicroOf(bet.oddsCents, bet.closingOddsCents ?? 0) : 0,
    clvBets: withClv ? 1 : 0,
    bands: NO_BANDS.map((none, i) =>
      i === band ? { settled: 1, staked: isVoid ? 0 : bet.stake, profitMilli: profit } : none,
    ),
    streaks: streaksOf(bet.result),
    drawdown: drawdownOf(profit),
  };
}

const addBands = (a: readonly BandTally[], b: readonly BandTally[]): BandTally[] =>
  a.map((x, i) => {
    const y = b[i] ?? NO_BAND;
    return {
      settled: x.settled + y.settled,
      staked: x.staked + y.staked,
      profitMilli: x.profitMilli + y.profitMilli,
    };
  });

/** `a` then `b`, in time order (the streaks and the drawdown depend on it; every sum does not). */
export function mergeTallies(a: Tally, b: Tally): Tally {
  return {
    settled: a.settled + b.settled,
    won: a.won + b.won,
    lost: a.lost + b.lost,
    void: a.void + b.void,
    halfWon: a.halfWon + b.halfWon,
    halfLost: a.halfLost + b.halfLost,
    profitMilli: a.profitMilli + b.profitMilli,
    staked: a.staked + b.staked,
    oddsCentsSum: a.oddsCentsSum + b.oddsCentsSum,
    levelProfitMilli: a.levelProfitMilli + b.levelProfitMilli,
    clvMicro: a.clvMicro + b.clvMicro,
    clvBets: a.clvBets + b.clvBets,
    bands: addBands(a.bands, b.bands),
    streaks: combineStreaks(a.streaks, b.streaks),
    drawdown: combineDrawdowns(a.drawdown, b.drawdown),
  };
}

/** Bets in time order, as one tally. */
export function tallyOf(bets: readonly SettledBet[]): Tally {
  return bets.reduce((t, bet) => mergeTallies(t, tallyOfBet(bet)), EMPTY_TALLY);
}

/** Decimal places of every ratio the record sends (hit rate, yields, CLV, profitable months):
 * 3 places of a fraction are the 0,1 % the pages show, so a page never rounds a rounded figure. */
export const RATIO_PLACES = 3;

/**
 * `num ÷ den` rounded once, to `places` decimals, halves away from zero, from the exact integers
 * (BigInt: a sum of a million bets' thousandths times 10^places passes 2^53); null when `den` is
 * not positive. Both arguments must be integers.
 */
export function exactRatio(num: number, den: number, places = RATIO_PLACES): number | null {
  if (!(den > 0)) return null;
  const scale = 10n ** BigInt(places);
  const scaled = BigInt(num) * scale;
  const d = BigInt(den);
  const magnitude = ((scaled < 0n ? -scaled : scaled) * 2n + d) / (2n * d);
  return Number(scaled < 0n ? -magnitude : magnitude) / Number(scale);
}

/** Hit rate, the one definition: a half win counts half a win and a half loss half a loss; voids
 * count for neither. Counted in halves so that it stays in integers. */
export function hitRateOf(t: Pick<Tally, 'won' | 'lost' | 'halfWon' | 'halfLost'>): number | null {
  const hits = 2 * t.won + t.halfWon;
  const decided = 2 * (t.won + t.lost) + t.halfWon + t.halfLost;
  return exactRatio(hits, decided);
}

/** The caption of the hit rate, worded as `hitRateOf` computes it. */
export const HIT_RATE_FORMULA =
  'Acierto = (ganados + medios ganados ÷ 2) ÷ (ganados + perdidos + (medios ganados + medios perdidos) ÷ 2). Los nulos no cuentan.';

/** Yield: profit ÷ stakes, voids left out of both. */
export const yieldOf = (profitMilli: number, staked: number): number | null =>
  exactRatio(profitMilli, staked * 1000);

/** The figures people read: ratios as fractions to RATIO_PLACES (0.073 = 7,3 %), units, odds and
 * stakes to two decimals; null where there is nothing to divide by. */
export type TallyFigures = {
  settled: number;
  won: number;
  lost: number;
  void: number;
  halfWon: number;
  halfLost: number;
  hitRate: number | null;
  profitUnits: number;
  stakedUnits: number;
  yield: number | null;
  averageOdds: number | null;
  averageStake: number | null;
  /** The yield had every bet been staked 1 u. */
  levelStakeYield: number | null;
  /** The largest fall of the cumulative profit, in units, as a positive number (0 without one). */
  maxDrawdownUnits: number;
  /** Mean of odds ÷ closing odds − 1 over the bets with closing odds; null without any. */
  clv: number | null;
  clvBets: number;
  yieldByOddsBand: {
    band: OddsBandId;
    settled: number;
    stakedUnits: number;
    profitUnits: number;
    yield: number | null;
  }[];
  longestWinRun: number;
  longestLoseRun: number;
};

export function figuresOf(t: Tally): TallyFigures {
  const nonVoid = t.settled - t.void;
  return {
    settled: t.settled,
    won: t.won,
    lost: t.lost,
    void: t.void,
    halfWon: t.halfWon,
    halfLost: t.halfLost,
    hitRate: hitRateOf(t),
    profitUnits: roundUnits(t.profitMilli),
    stakedUnits: t.staked,
    yield: yieldOf(t.profitMilli, t.staked),
    averageOdds: exactRatio(t.oddsCentsSum, nonVoid * 100, 2),
    averageStake: exactRatio(t.staked, nonVoid, 2),
    levelStakeYield: yieldOf(t.levelProfitMilli, nonVoid),
    maxDrawdownUnits: roundUnits(t.drawdown.fall),
    clv: exactRatio(t.clvMicro, t.clvBets * MICRO),
    clvBets: t.clvBets,
    yieldByOddsBand: ODDS_BANDS.map((band, i) => {
      const b = t.bands[i] ?? NO_BAND;
      return {
        band: band.id,
        settled: b.settled,
        stakedUnits: b.staked,
        profitUnits: roundUnits(b.profitMilli),
        yield: yieldOf(b.profitMilli, b.staked),
      };
    }),
    longestWinRun: t.streaks.maxW,
    longestLoseRun: t.streaks.maxL,
  };
}

/** Share of the months with stakes (UTC months of kick-off; months of voids only left out) that
 * ended in profit, rounded as every ratio; null without such months. Exact thousandths decide:
 * a month at +0,004 u is a profitable month. */
export function profitableMonthsPct(
  months: readonly { profitMilli: number; staked: number }[],
): number | null {
  const played = months.filter((m) => m.staked > 0);
  return exactRatio(played.filter((m) => m.profitMilli > 0).length, played.length);
}

/** The UTC day ("2026-11-25") and month ("2026-11") a match belongs to in the record. */
export const dayOf = (date: Date): string => date.toISOString().slice(0, 10);
export const monthOf = (day: string): string => day.slice(0, 7);
