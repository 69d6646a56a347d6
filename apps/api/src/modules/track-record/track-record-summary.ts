import type { SportId } from '@magotips/contracts/sports';
import {
  EMPTY_TALLY,
  figuresOf,
  mergeTallies,
  monthOf,
  NO_STREAKS,
  roundUnits,
  type Tally,
} from '@magotips/contracts/track-record';
import type { TTrackRecord } from '@magotips/contracts/track-record-schemas';
import type { DayRow, SportSums } from './track-record.repository';
import { tallyOfDay } from './track-record-days';

type Month = TTrackRecord['byMonth'][number];
type CurvePoint = TTrackRecord['curve'][number];

/** Past a year of days the curve keeps one point a week, so the answer stays a few KB. */
export const DAILY_CURVE_MAX_DAYS = 366;

const DAY_MS = 86_400_000;

/** Weeks counted from the Monday before 1970-01-01 (a Thursday): the same number for every day
 * of one ISO week, Monday to Sunday. */
function isoWeekIndex(day: string): number {
  return Math.floor((Date.parse(`${day}T00:00:00.000Z`) / DAY_MS + 3) / 7);
}

function monthsOf(days: readonly DayRow[]): Month[] {
  const tallies = new Map<string, Tally>();
  for (const row of days) {
    const month = monthOf(row.day);
    tallies.set(month, mergeTallies(tallies.get(month) ?? EMPTY_TALLY, tallyOfDay(row)));
  }
  return [...tallies].map(([month, t]) => {
    const f = figuresOf(t);
    return { month, settled: f.settled, profitUnits: f.profitUnits, yield: f.yield };
  });
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
function curveOf(days: readonly DayRow[]): CurvePoint[] {
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

function sportEntry(s: SportSums): TTrackRecord['bySport'][number] {
  const f = figuresOf({ ...s, streaks: NO_STREAKS });
  return {
    sport: s.sport as SportId,
    settled: f.settled,
    profitUnits: f.profitUnits,
    stakedUnits: f.stakedUnits,
    yield: f.yield,
    hitRate: f.hitRate,
  };
}

/**
 * The track record of one filter and period from its day summaries (in day order) and its
 * sports' sums: every figure comes from the contracts' arithmetic (figuresOf), so the page, the
 * landing and the tests read the same numbers.
 */
export function summarize(
  days: readonly DayRow[],
  sports: readonly SportSums[],
  from: string | null,
): TTrackRecord {
  const total = days.reduce((t, row) => mergeTallies(t, tallyOfDay(row)), EMPTY_TALLY);
  const byMonth = monthsOf(days);
  return {
    ...figuresOf(total),
    bySport: sports
      .filter((s) => s.settled > 0)
      .sort((a, b) => b.settled - a.settled || a.sport.localeCompare(b.sport))
      .map(sportEntry),
    byMonth,
    bestMonth: extremeMonth(byMonth, (a, b) => a > b),
    worstMonth: extremeMonth(byMonth, (a, b) => a < b),
    curve: curveOf(days),
    from,
  };
}
