import type { SportId } from '@magotips/contracts/sports';
import type { TipResult } from '@magotips/contracts/track-record';
import { type Outcome, PLANS, type SportPlan } from './demo-bet-plans';
import { generator, oneOf, type Rng, weighted } from './demo-random';

/**
 * The demo's track record (issue 14 item 8): six months of settled tips with their bets, a few
 * upcoming ones and a few started but not settled yet, all dated relative to the moment of
 * seeding. Drawn from a seeded generator, so every fresh data directory gets the same record
 * (and demo-seed.test.ts can hold it to ≈ 52–55 % hits and a 3–8 % yield); never Math.random.
 */
export type DemoBet = {
  icon: SportId;
  title: string;
  category: 'free' | 'premium';
  analisis: string;
  pick: string;
  oddsCents: number;
  stake: number;
  bookmaker: string;
  result: TipResult;
  matchDate: Date;
  publishedAt: Date;
  createdAt: Date;
  settledAt: Date | null;
};

/** The generator's seed: chosen (demo-seed.test.ts) for a record that looks like a careful
 * tipster's, within the figures above. */
export const DEMO_BETS_SEED = 639;
export const DEMO_HISTORY_DAYS = 182;

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

const SPORT_WEIGHTS: readonly (readonly [SportId, number])[] = [
  ['football', 52],
  ['basketball', 17],
  ['tennis', 15],
  ['hockey', 4],
  ['baseball', 4],
  ['american-futball', 2],
  ['volleyball', 2],
  ['mma', 2],
  ['esports', 2],
];
const STAKES = [
  [1, 14],
  [2, 30],
  [3, 30],
  [4, 16],
  [5, 10],
] as const;
const TIPS_PER_DAY = [
  [0, 12],
  [1, 35],
  [2, 38],
  [3, 15],
] as const;
const BOOKMAKERS = ['Bet365', 'Codere', 'Bwin', 'Betway', 'Sportium', 'William Hill'] as const;

function fill(rng: Rng, text: string, home: string, away: string): string {
  return text
    .replaceAll('{home}', home)
    .replaceAll('{away}', away)
    .replaceAll('{n}', String(5 + Math.floor(rng() * 6)))
    .replaceAll('{m}', String(11 + Math.floor(rng() * 4)))
    .replaceAll('{p}', String(62 + Math.floor(rng() * 16)));
}

type Drawn = Omit<DemoBet, 'matchDate' | 'publishedAt' | 'createdAt' | 'settledAt'> & {
  hour: number;
  length: number;
};

/** One bet: sport, match, odds between 1.60 and 2.60 (most below 2), stake, and the result of a
 * tipster with a small edge (wins 1.05 ÷ odds of the time). `settle` false leaves it pending. */
function drawBet(rng: Rng, settle: boolean): Drawn {
  const icon = weighted(rng, SPORT_WEIGHTS);
  const plan = PLANS[icon] as SportPlan;
  const { home, away, event } = plan.match(rng);
  const odds = Math.round((1.6 + Math.pow(rng(), 1.6)) * 100) / 100;
  const stake = weighted(rng, STAKES);
  const r = rng();
  let outcome: Outcome = 'plain';
  let result: TipResult = 'pendiente';
  // Voids: a push, a retirement; halves only on football's quarter lines.
  if (r < 0.025 && (icon === 'football' || icon === 'basketball' || icon === 'tennis')) {
    outcome = 'void';
    result = 'nulo';
  } else if (r < 0.065 && icon === 'football') {
    outcome = 'half';
    result = r < 0.045 ? 'medio_ganado' : 'medio_perdido';
  } else {
    result = rng() < 1.05 / odds ? 'ganado' : 'perdido';
  }
  const market = plan.market(rng, home, away, outcome);
  const reason = fill(rng, oneOf(rng, plan.reasons), home, away);
  const odd = odds.toFixed(2);
  return {
    icon,
    // The match only (the proof issue, item 4): a pending VIP pick must not travel in a title.
    title: `${event ? `${event}: ` : ''}${home} vs. ${away}`,
    category: rng() < 0.4 ? 'premium' : 'free',
    analisis: `${reason} Pronóstico: ${market.pick}, cuota ${odd}, stake ${stake}/10.`,
    pick: market.pick,
    oddsCents: Math.round(odds * 100),
    stake,
    bookmaker: oneOf(rng, BOOKMAKERS),
    result: settle ? result : 'pendiente',
    hour: oneOf(rng, plan.hours),
    length: plan.length,
  };
}

/** Published a few hours before kick-off, written a little before that; settled after the end. */
function dated(rng: Rng, bet: Drawn, matchDate: Date, settled: boolean): DemoBet {
  const publishedAt = new Date(
    matchDate.getTime() - (2 + Math.floor(rng() * 7)) * HOUR - Math.floor(rng() * 60) * 60_000,
  );
  const { hour: _hour, length, ...rest } = bet;
  return {
    ...rest,
    matchDate,
    publishedAt,
    createdAt: new Date(publishedAt.getTime() - (10 + Math.floor(rng() * 80)) * 60_000),
    settledAt: settled ? new Date(matchDate.getTime() + (length + 0.5 + rng() * 2) * HOUR) : null,
  };
}

/** Settled matches end at least this long before the seed's moment, so the feeds' window of
 * matches under way or just ended (TIP_EXPIRY_HOURS) keeps the demo's own tips. */
const LATEST_SETTLED_KICK_OFF_HOURS = 13;

/** Every demo bet relative to `now`: the history, oldest first, then the started but unsettled
 * ones, then the upcoming ones. The bets themselves never depend on `now`, only their dates. */
export function demoBets(now: Date, seed = DEMO_BETS_SEED): DemoBet[] {
  const rng = generator(seed);
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const latest = now.getTime() - LATEST_SETTLED_KICK_OFF_HOURS * HOUR;
  const out: DemoBet[] = [];
  for (let d = DEMO_HISTORY_DAYS; d >= 1; d--) {
    const count = weighted(rng, TIPS_PER_DAY);
    for (let i = 0; i < count; i++) {
      const bet = drawBet(rng, true);
      let kickOff = today - d * DAY + bet.hour * HOUR + (rng() < 0.5 ? 30 * 60_000 : 0);
      // Yesterday's late matches go back a day rather than out of the record.
      if (kickOff > latest) kickOff -= DAY;
      out.push(dated(rng, bet, new Date(kickOff), true));
    }
  }
  // Started, maybe over, not settled yet: the editor's "Resultados pendientes".
  for (const hoursAgo of [27, 20, 14])
    out.push(dated(rng, drawBet(rng, false), new Date(now.getTime() - hoursAgo * HOUR), false));
  // Upcoming, already published with their bet; later than the demo's next free match.
  for (const [i, hoursAhead] of [22, 46, 70, 94].entries()) {
    const bet = dated(rng, drawBet(rng, false), new Date(now.getTime() + hoursAhead * HOUR), false);
    const publishedAt = new Date(
      Math.min(bet.publishedAt.getTime(), now.getTime() - (1 + 2 * i) * HOUR),
    );
    const createdAt = new Date(
      Math.min(bet.createdAt.getTime(), publishedAt.getTime() - 20 * 60_000),
    );
    out.push({ ...bet, publishedAt, createdAt });
  }
  return out.sort((a, b) => a.matchDate.getTime() - b.matchDate.getTime());
}
