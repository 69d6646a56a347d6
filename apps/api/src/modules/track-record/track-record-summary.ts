import type { SportId } from '@magotips/contracts/sports';
import {
  combineStreaks,
  figuresOf,
  hitRateOf,
  monthOf,
  NO_STREAKS,
  profitableMonthsPct,
  roundUnits,
  type Streaks,
  type Tally,
  yieldOf,
} from '@magotips/contracts/track-record';
import { ODDS_BANDS } from '@magotips/contracts/track-record-bands';
import {
  combineDrawdowns,
  type Drawdown,
  NO_DRAWDOWN,
} from '@magotips/contracts/track-record-drawdown';
import type { TTrackRecordSummary } from '@magotips/contracts/track-record-schemas';
import type { BandSums, DayPoint, RecordSums, SportSums } from './track-record-source';

type Month = TTrackRecordSummary['byMonth'][number];
type CurvePoint = TTrackRecordSummary['curve'][number];

/** Past a year of days the curve keeps one point a week, so the answer stays a few KB. */
export const DAILY_CURVE_MAX_DAYS = 366;

const DAY_MS = 86_400_000;

/** Weeks counted from the Monday before 1970-01-01 (a Thursday): the same number for every day
 * of one ISO week, Monday to Sunday. */
function isoWeekIndex(day: string): number {
  return Math.floor((Date.parse(`${day}T00:00:00.000Z`) / DAY_MS + 3) / 7);
}

type MonthSums = { month: string; settled: number; profitMilli: number; staked: number };

function monthSums(days: readonly DayPoint[]): MonthSums[] {
  const months = new Map<string, MonthSums>();
  for (const row of days) {
    const month = monthOf(row.day);
    const m = months.get(month) ?? { month, settled: 0, profitMilli: 0, staked: 0 };
    m.settled += row.settled;
    m.profitMilli += row.profitMilli;
    m.staked += row.staked;
    months.set(month, m);
  }
  return [...months.values()];
}

/** The first month with the highest (or lowest) profit; null without months. */
function extremeMonth(
  months: readonly Month[],
  better: (a: number, b: number) => boolean,
): Month | null {
  let found: Month | null = null;
  for (const m of months) if (!found || better(m.profitUnits, found.profitUnits)) found = m;
  return found;
}

/** Cumulative profit after each day; past DAILY_CURVE_MAX_DAYS days, after the last day of each
 * ISO week instead. Summed in exact thousandths and rounded only for the point. */
function curveOf(days: readonly DayPoint[]): CurvePoint[] {
  const weekly = days.length > DAILY_CURVE_MAX_DAYS;
  const points: CurvePoint[] = [];
  let milli = 0;
  for (const [i, row] of days.entries()) {
    milli += row.profitMilli;
    const next = days[i + 1];
    if (weekly && next && isoWeekIndex(next.day) === isoWeekIndex(row.day)) continue;
    points.push({ date: row.day, cumulativeUnits: roundUnits(milli) });
  }
  return points;
}

function sportEntry(s: SportSums): TTrackRecordSummary['bySport'][number] {
  return {
    sport: s.sport as SportId,
    settled: s.settled,
    profitUnits: roundUnits(s.profitMilli),
    stakedUnits: s.staked,
    yield: yieldOf(s.profitMilli, s.staked),
    hitRate: hitRateOf(s),
  };
}

const streaksOfDay = (d: DayPoint): Streaks => ({
  n: d.streakN,
  leadW: d.leadW,
  leadL: d.leadL,
  trailW: d.trailW,
  trailL: d.trailL,
  maxW: d.maxW,
  maxL: d.maxL,
});

const drawdownOfDay = (d: DayPoint): Drawdown => ({
  sum: d.profitMilli,
  peak: d.drawdownPeak,
  trough: d.drawdownTrough,
  fall: d.drawdownFall,
});

/** The filter's whole tally: the order-free sums as summed, the odds bands as summed apart, the
 * streaks and the drawdown combined day after day. */
function totalOf(sums: RecordSums, bands: readonly BandSums[], days: readonly DayPoint[]): Tally {
  let streaks = NO_STREAKS;
  let drawdown = NO_DRAWDOWN;
  for (const d of days) {
    streaks = combineStreaks(streaks, streaksOfDay(d));
    drawdown = combineDrawdowns(drawdown, drawdownOfDay(d));
  }
  const byBand = new Map(bands.map((b) => [b.band, b]));
  return {
    settled: sums.settled,
    won: sums.won,
    lost: sums.lost,
    void: sums.void,
    halfWon: sums.halfWon,
    halfLost: sums.halfLost,
    profitMilli: sums.profitMilli,
    staked: sums.staked,
    oddsCentsSum: sums.oddsCentsSum,
    levelProfitMilli: sums.levelProfitMilli,
    clvMicro: sums.clvMicro,
    clvBets: sums.clvBets,
    bands: ODDS_BANDS.map((band) => {
      const b = byBand.get(band.id);
      return { settled: b?.settled ?? 0, staked: b?.staked ?? 0, profitMilli: b?.profitMilli ?? 0 };
    }),
    streaks,
    drawdown,
  };
}

export type SummaryInput = {
  days: readonly DayPoint[];
  sums: RecordSums;
  sports: readonly SportSums[];
  bands: readonly BandSums[];
  from: string | null;
  to: string | null;
  bookmakers: string[];
};

/**
 * The track record of one filter from its day summaries (in day order) and its sums: every figure
 * comes from the contracts' arithmetic (figuresOf, profitableMonthsPct), so the page, the
 * landing, the ledger's verifier and the tests read the same numbers.
 */
export function summarize(input: SummaryInput): TTrackRecordSummary {
  const { days, sums } = input;
  const months = monthSums(days);
  const byMonth = months.map((m) => ({
    month: m.month,
    settled: m.settled,
    profitUnits: roundUnits(m.profitMilli),
    yield: yieldOf(m.profitMilli, m.staked),
  }));
  return {
    ...figuresOf(totalOf(sums, input.bands, days)),
    bySport: input.sports
      .filter((s) => s.settled > 0)
      .sort((a, b) => b.settled - a.settled || a.sport.localeCompare(b.sport))
      .map(sportEntry),
    byMonth,
    bestMonth: extremeMonth(byMonth, (a, b) => a > b),
    worstMonth: extremeMonth(byMonth, (a, b) => a < b),
    profitableMonthsPct: profitableMonthsPct(months),
    curve: curveOf(days),
    withoutBet: sums.withoutBet,
    pendingBets: sums.pending,
    from: input.from,
    to: input.to,
    bookmakers: input.bookmakers,
  };
}
