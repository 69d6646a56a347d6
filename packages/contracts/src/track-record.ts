// Plain functions, no Zod: the landing's headline and /historial import these and must stay small.
// The arithmetic of the track record (issue 14 item 4), written once: the server builds its
// summaries with it and the tests check it against hand-computed cases (track-record.test.ts).

export const TIP_RESULTS = [
  'pendiente',
  'ganado',
  'perdido',
  'nulo',
  'medio_ganado',
  'medio_perdido',
] as const;
export type TipResult = (typeof TIP_RESULTS)[number];
/** What an editor may settle a tip as: once settled, a tip never goes back to pending. */
export const SETTLED_RESULTS = [
  'ganado',
  'perdido',
  'nulo',
  'medio_ganado',
  'medio_perdido',
] as const;
export type SettledResult = (typeof SETTLED_RESULTS)[number];

export const RESULT_LABELS: Record<TipResult, string> = {
  pendiente: 'Pendiente',
  ganado: 'Ganado',
  perdido: 'Perdido',
  nulo: 'Nulo',
  medio_ganado: 'Medio ganado',
  medio_perdido: 'Medio perdido',
};

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
  streaks: Streaks;
};
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
  streaks: NO_STREAKS,
};

export type SettledBet = { result: SettledResult; oddsCents: number; stake: number };

/** One settled bet as a tally of one. */
export function tallyOfBet(bet: SettledBet): Tally {
  const isVoid = bet.result === 'nulo';
  return {
    settled: 1,
    won: bet.result === 'ganado' ? 1 : 0,
    lost: bet.result === 'perdido' ? 1 : 0,
    void: isVoid ? 1 : 0,
    halfWon: bet.result === 'medio_ganado' ? 1 : 0,
    halfLost: bet.result === 'medio_perdido' ? 1 : 0,
    profitMilli: profitMilli(bet.result, bet.oddsCents, bet.stake),
    staked: isVoid ? 0 : bet.stake,
    oddsCentsSum: isVoid ? 0 : bet.oddsCents,
    streaks: streaksOf(bet.result),
  };
}

/** `a` then `b`, in time order (the streaks depend on it; every other sum does not). */
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
    streaks: combineStreaks(a.streaks, b.streaks),
  };
}

/** Bets in time order, as one tally. */
export function tallyOf(bets: readonly SettledBet[]): Tally {
  return bets.reduce((t, bet) => mergeTallies(t, tallyOfBet(bet)), EMPTY_TALLY);
}

const round4 = (x: number) => Math.round(x * 10_000) / 10_000;

/** The figures people read: ratios as fractions to four places (0.0725 = 7,25 %), units and odds
 * to two decimals; null where there is nothing to divide by. */
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
  longestWinRun: number;
  longestLoseRun: number;
};

export function figuresOf(t: Tally): TallyFigures {
  // Hit rate = (won + halfWon / 2) / (won + lost + (halfWon + halfLost) / 2), doubled to stay in integers.
  const hits = 2 * t.won + t.halfWon;
  const decided = 2 * (t.won + t.lost) + t.halfWon + t.halfLost;
  const nonVoid = t.settled - t.void;
  return {
    settled: t.settled,
    won: t.won,
    lost: t.lost,
    void: t.void,
    halfWon: t.halfWon,
    halfLost: t.halfLost,
    hitRate: decided > 0 ? round4(hits / decided) : null,
    profitUnits: roundUnits(t.profitMilli),
    stakedUnits: t.staked,
    yield: t.staked > 0 ? round4(t.profitMilli / (t.staked * 1000)) : null,
    averageOdds: nonVoid > 0 ? Math.round(t.oddsCentsSum / nonVoid) / 100 : null,
    longestWinRun: t.streaks.maxW,
    longestLoseRun: t.streaks.maxL,
  };
}

/** The UTC day ("2026-11-25") and month ("2026-11") a match belongs to in the record. */
export const dayOf = (date: Date): string => date.toISOString().slice(0, 10);
export const monthOf = (day: string): string => day.slice(0, 7);
