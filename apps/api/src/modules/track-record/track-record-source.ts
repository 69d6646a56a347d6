import type { SportId } from '@magotips/contracts/sports';
import type { TipCategory } from '@magotips/contracts/tips';
import { type Tally, TALLY_SUMS, type TallySum } from '@magotips/contracts/track-record';
import type { OddsBandId } from '@magotips/contracts/track-record-bands';
import { ALL, ALL_BOOKMAKERS, ALL_STAKES, type DayRow } from './track-record-days';

/** A reader's choice: 'all' (ALL, or stake ALL_STAKES) where no filter is chosen, as the day
 * summaries are keyed. */
export type RecordFilter = {
  category: TipCategory | typeof ALL;
  sport: SportId | typeof ALL;
  oddsBand: OddsBandId | typeof ALL;
  stake: number;
  /** Like the stake, a key of the day summaries with a category and dates only: with anything
   * else the filter reads the tips (keyedBySummaries, decision 0074). */
  bookmaker: string | null;
  /** The first and last UTC days ("2026-05-02") the filter covers; null for no bound. */
  from: string | null;
  to: string | null;
};

/** Whether the day summaries hold the filter's rows, and its sports' and odds bands': any mix of
 * category, sport, odds band and dates; a stake or a bookmaker only with a category and dates. */
export function keyedBySummaries(filter: RecordFilter): boolean {
  const extras = (filter.stake === ALL_STAKES ? 0 : 1) + (filter.bookmaker === null ? 0 : 1);
  return extras === 0 || (extras === 1 && filter.sport === ALL && filter.oddsBand === ALL);
}

/** What the summary needs of each day with settled bets, in day order: the curve's and the
 * months' sums and the order-dependent monoids (streaks, drawdown). */
export type DayPoint = Pick<
  DayRow,
  | 'day'
  | 'settled'
  | 'profitMilli'
  | 'staked'
  | 'streakN'
  | 'leadW'
  | 'leadL'
  | 'trailW'
  | 'trailL'
  | 'maxW'
  | 'maxL'
  | 'drawdownPeak'
  | 'drawdownTrough'
  | 'drawdownFall'
>;

/** The filter's sums over its days: every order-free part of the tally, and the counts. */
export type RecordSums = Pick<Tally, TallySum> & { pending: number; withoutBet: number };

export type SportSums = Pick<
  RecordSums,
  'settled' | 'won' | 'lost' | 'halfWon' | 'halfLost' | 'profitMilli' | 'staked'
> & { sport: string };

export type BandSums = Pick<RecordSums, 'settled' | 'staked' | 'profitMilli'> & { band: string };

/** Where a summary's numbers come from: the day summaries (the repository) or, for a filter they
 * do not key, the rows computed from the tips that match it (rowsSource). */
export type RecordSource = {
  /** Days with settled bets, in day order. */
  days(filter: RecordFilter): Promise<DayPoint[]>;
  sums(filter: RecordFilter): Promise<RecordSums>;
  /** One entry a sport of the filter (only the chosen one when a sport is chosen). */
  sportSums(filter: RecordFilter): Promise<SportSums[]>;
  /** One entry an odds band of the filter (only the chosen one when a band is chosen). */
  bandSums(filter: RecordFilter): Promise<BandSums[]>;
};

export const SUM_KEYS = [
  ...TALLY_SUMS,
  'pending',
  'withoutBet',
] as const satisfies readonly (keyof RecordSums)[];

const inRange = (row: DayRow, f: RecordFilter) =>
  (f.from === null || row.day >= f.from) && (f.to === null || row.day <= f.to);

function sumRows(rows: readonly DayRow[]): RecordSums {
  const sums = Object.fromEntries(SUM_KEYS.map((k) => [k, 0])) as RecordSums;
  for (const row of rows) for (const k of SUM_KEYS) sums[k] += row[k];
  return sums;
}

/** Groups rows by `by` (first appearance order) and sums each group. */
function groupSums(rows: readonly DayRow[], by: (row: DayRow) => string): [string, RecordSums][] {
  const groups = new Map<string, DayRow[]>();
  for (const row of rows) {
    const key = by(row);
    const list = groups.get(key);
    if (list) list.push(row);
    else groups.set(key, [row]);
  }
  return [...groups].map(([key, list]) => [key, sumRows(list)]);
}

/**
 * A source over rows held in memory (dayRows of the tips a filter matched), answering exactly as
 * the repository answers over the table: the same keys, the same day range. Rows must come in
 * day order, as rowsOfTips gives them for tips in kick-off order.
 */
export function rowsSource(rows: readonly DayRow[]): RecordSource {
  const keyed = (f: RecordFilter, row: DayRow, free: 'sport' | 'oddsBand' | null) =>
    inRange(row, f) &&
    row.category === f.category &&
    row.stake === f.stake &&
    row.bookmaker === (f.bookmaker ?? ALL_BOOKMAKERS) &&
    (free === 'sport'
      ? row.sport !== ALL && (f.sport === ALL || row.sport === f.sport)
      : row.sport === f.sport) &&
    (free === 'oddsBand'
      ? row.oddsBand !== ALL && (f.oddsBand === ALL || row.oddsBand === f.oddsBand)
      : row.oddsBand === f.oddsBand);
  return {
    async days(f) {
      return rows
        .filter((r) => keyed(f, r, null) && r.settled > 0)
        .sort((a, b) => (a.day < b.day ? -1 : a.day > b.day ? 1 : 0));
    },
    async sums(f) {
      return sumRows(rows.filter((r) => keyed(f, r, null)));
    },
    async sportSums(f) {
      const sports = groupSums(
        rows.filter((r) => keyed(f, r, 'sport')),
        (r) => r.sport,
      );
      return sports.map(([sport, s]) => ({ sport, ...s }));
    },
    async bandSums(f) {
      const bands = groupSums(
        rows.filter((r) => keyed(f, r, 'oddsBand')),
        (r) => r.oddsBand,
      );
      return bands.map(([band, s]) => ({ band, ...s }));
    },
  };
}
