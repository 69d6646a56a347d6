import { MSG } from '@magotips/contracts/messages';
import type { TTrackRecordSummary } from '@magotips/contracts/track-record-schemas';
import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../test/test-app';
import { appWithBook, getRecord, NOW } from '../../../test/track-record-bets';
import { tips, trackRecordDays } from '../../db/schema';
import { ensureTrackRecord, rowsOfTips } from './track-record-days';
import { keyedBySummaries, rowsSource } from './track-record-source';
import { summarize } from './track-record-summary';
import { createTrackRecordRepository } from './track-record.repository';
import { createTrackRecordService } from './track-record.service';

let t: TestApp;

const record = (query = '') => getRecord(t.app, query);

const band = (r: TTrackRecordSummary, id: string) => r.yieldByOddsBand.find((b) => b.band === id);

beforeAll(async () => {
  t = await appWithBook();
});
afterAll(() => t.close());

// The book of test/track-record-bets.ts in kick-off order, with each bet's profit and its profit
// at 1 u (in units):
//   T8 3.00 × 1 ganado +2 (+2)        T2 1.85 × 3 perdido −3 (−1)
//   T7 1.60 × 5 perdido −5 (−1)       T3 1.90 × 1 medio ganado +0.45 (+0.45)
//   T6 2.50 × 2 ganado +3 (+1.5)      T4 2.10 × 4 nulo 0 (0)
//   T1 2.00 × 2 ganado +2 (+1)        T5 1.75 × 3 medio perdido −1.5 (−0.5)
describe("GET /api/track-record: issue 27's figures, by hand", () => {
  it('averages the stakes and measures the largest fall of the cumulative profit', async () => {
    const r = await record();
    expect(r).toMatchObject({
      // 17 units staked over the 7 bets that are not void: 2,4286
      averageStake: 2.43,
      // Cumulative: 0, 2, −3, 0, 2, −1, −0.55, −0.55, −2.05. From 2 (after T8) down to −3 (after
      // T7) is 5; from 2 (after T1) to −2.05 only 4.05.
      maxDrawdownUnits: 5,
      // 2 − 1 + 1.5 + 1 − 1 + 0.45 + 0 − 0.5 = 2.45 over 7 bets at 1 u: 0,35
      levelStakeYield: 0.35,
    });
  });

  it('counts profitable months, from the same months as byMonth', async () => {
    const r = await record();
    // 2025-12 +2, 2026-03 −5, 2026-04 +3, 2026-05 −2.05: two of four.
    expect(r.profitableMonthsPct).toBe(0.5);
    expect((await record('?period=30d')).profitableMonthsPct).toBe(0);
    expect((await record('?sport=cricket')).profitableMonthsPct).toBeNull();
  });

  it('gives the yield of every odds band, lower bound included', async () => {
    const r = await record();
    expect(r.yieldByOddsBand).toEqual([
      { band: 'under-1.5', settled: 0, stakedUnits: 0, profitUnits: 0, yield: null },
      // T7, T2, T3, T5: −5 − 3 + 0.45 − 1.5 on 12 staked = −0,75417
      { band: '1.5-2', settled: 4, stakedUnits: 12, profitUnits: -9.05, yield: -0.754 },
      // T6, T1 (2.00), T4 (void): +3 + 2 on 4
      { band: '2-3', settled: 3, stakedUnits: 4, profitUnits: 5, yield: 1.25 },
      { band: '3-plus', settled: 1, stakedUnits: 1, profitUnits: 2, yield: 2 },
    ]);
  });

  it('takes the CLV over the bets settled with closing odds, voids left out', async () => {
    // T1 2.00 closed at 1.80 (+0.111111), T2 1.85 at 1.85 (0); T4's is void: (0.111111 + 0) ÷ 2.
    expect(await record()).toMatchObject({ clv: 0.056, clvBets: 2 });
    expect(await record('?category=premium')).toMatchObject({ clv: 0, clvBets: 1 });
    expect(await record('?sport=tennis')).toMatchObject({ clv: null, clvBets: 0 });
  });

  it('counts the published tips without a bet and the bets still pending, filter by filter', async () => {
    // N1 (football, free, no bet) and N5 (basketball, free, stake 2, 1.90, pending). The draft,
    // the late tip and the one never dated published count as neither.
    const cases: [string, number, number][] = [
      ['', 1, 1],
      ['?category=free', 1, 1],
      ['?category=premium', 0, 0],
      ['?sport=football', 1, 0],
      ['?sport=basketball', 0, 1],
      ['?period=30d', 1, 1],
      ['?to=2026-05-30', 1, 0],
      ['?from=2026-05-31', 0, 1],
      // A bet's filter leaves every tip without a bet out.
      ['?stake=2', 0, 1],
      ['?stake=3', 0, 0],
      ['?oddsBand=1.5-2', 0, 1],
      ['?oddsBand=2-3', 0, 0],
      ['?bookmaker=Bet365', 0, 1],
      ['?bookmaker=Codere', 0, 0],
    ];
    for (const [query, withoutBet, pendingBets] of cases) {
      expect(await record(query), query).toMatchObject({ withoutBet, pendingBets });
    }
  });

  it('lists the bookmakers of the record for the filter, whatever the filter', async () => {
    expect((await record()).bookmakers).toEqual(['Bet365', 'Codere']);
    expect((await record('?sport=cricket')).bookmakers).toEqual(['Bet365', 'Codere']);
  });
});

describe('GET /api/track-record: the new filters', () => {
  it('bounds the days of kick-off, both ends included, and says which', async () => {
    const r = await record('?from=2026-04-01&to=2026-05-30');
    // T6, T1, T2: +3 + 2 − 3
    expect(r).toMatchObject({ settled: 3, profitUnits: 2, from: '2026-04-01', to: '2026-05-30' });
    expect(r.curve.map((p) => p.date)).toEqual(['2026-04-20', '2026-05-30']);
    // The later of the period's start (2026-05-02) and `from` wins: T3, T4, T5.
    const late = await record('?period=30d&from=2026-05-31');
    expect(late).toMatchObject({ settled: 3, profitUnits: -1.05, from: '2026-05-31', to: null });
    expect((await record('?period=30d&from=2026-01-01')).from).toBe('2026-05-02');
  });

  it('applies an odds band to every block, the sports and the bands included', async () => {
    const r = await record('?oddsBand=1.5-2');
    // T7 T2 T3 T5 in order: −5, −8, −7.55, −9.05: a fall of 9.05 from the start.
    expect(r).toMatchObject({ settled: 4, profitUnits: -9.05, maxDrawdownUnits: 9.05 });
    expect(r.bySport).toEqual([
      // T2, T5: −3 − 1.5 on 6; T7, T3: −5 + 0.45 on 6
      {
        sport: 'football',
        settled: 2,
        profitUnits: -4.5,
        stakedUnits: 6,
        yield: -0.75,
        hitRate: 0,
      },
      {
        sport: 'tennis',
        settled: 2,
        profitUnits: -4.55,
        stakedUnits: 6,
        yield: -0.758,
        hitRate: 0.333,
      },
    ]);
    expect(r.yieldByOddsBand.filter((b) => b.settled > 0).map((b) => b.band)).toEqual(['1.5-2']);
    expect(band(r, '2-3')).toMatchObject({ settled: 0, yield: null });
  });

  it('filters by stake and by sport at once', async () => {
    // Stake 3: T2 and T5.
    expect(await record('?stake=3')).toMatchObject({
      settled: 2,
      profitUnits: -4.5,
      averageStake: 3,
    });
    const footballBy2 = await record('?stake=2&sport=football');
    // T6, T1: +3 + 2, in order, never falling.
    expect(footballBy2).toMatchObject({ settled: 2, profitUnits: 5, maxDrawdownUnits: 0 });
    expect(footballBy2.bySport.map((s) => s.sport)).toEqual(['football']);
  });

  it('filters by bookmaker, alone or beside the other filters', async () => {
    // T6 then T3: +3 + 0.45; T8 has no bookmaker and never matches one.
    const codere = await record('?bookmaker=Codere');
    expect(codere).toMatchObject({
      settled: 2,
      profitUnits: 3.45,
      longestWinRun: 2,
      averageOdds: 2.2,
    });
    expect(codere.byMonth.map((m) => m.month)).toEqual(['2026-04', '2026-05']);
    expect(codere.bySport.map((s) => [s.sport, s.settled])).toEqual([
      ['football', 1],
      ['tennis', 1],
    ]);
    expect((await record('?bookmaker=Bet365')).settled).toBe(5);
    // Beside a sport, from the tips: T1, T2, T5, +2 − 3 − 1.5, pending none (N5 is basketball).
    expect(await record('?bookmaker=Bet365&sport=football')).toMatchObject({
      settled: 3,
      profitUnits: -2.5,
      pendingBets: 0,
      withoutBet: 0,
    });
    expect(await record('?bookmaker=Bet365&stake=2')).toMatchObject({
      settled: 1,
      profitUnits: 2,
      pendingBets: 1,
    });
  });

  it('gives the same summary from the day summaries as from the tips, for every filter they key', async () => {
    const repo = createTrackRecordRepository(t.database.db);
    const service = createTrackRecordService({ repo, clock: () => NOW });
    const fromTips = rowsSource(
      rowsOfTips(await repo.publishedTips(service.filterOf({ period: 'all' }))),
    );
    const queries = [
      {},
      { category: 'free' },
      { sport: 'football' },
      { oddsBand: '2-3' },
      { stake: 3 },
      { category: 'premium', oddsBand: '1.5-2' },
      { stake: 5, category: 'free', from: '2026-01-01' },
      { sport: 'tennis', oddsBand: '1.5-2', from: '2026-01-01' },
      { period: '30d', category: 'free', sport: 'basketball' },
      { to: '2026-04-30', oddsBand: '3-plus' },
      { bookmaker: 'Codere' },
      { bookmaker: 'Bet365', category: 'free', from: '2026-05-01' },
    ] as const;
    for (const query of queries) {
      const filter = service.filterOf({ period: 'all', ...query });
      expect(keyedBySummaries(filter), JSON.stringify(query)).toBe(true);
      const read = async (source: typeof repo.table) =>
        summarize({
          days: await source.days(filter),
          sums: await source.sums(filter),
          sports: await source.sportSums(filter),
          bands: await source.bandSums(filter),
          bookmakers: [],
          from: filter.from,
          to: filter.to,
        });
      expect(await read(repo.table), JSON.stringify(query)).toEqual(await read(fromTips));
    }
    // A stake or a bookmaker beside a sport or an odds band, or both together, read the tips.
    for (const query of [
      { stake: 2, sport: 'football' },
      { stake: 2, oddsBand: '2-3' },
      { bookmaker: 'Codere', sport: 'tennis' },
      { bookmaker: 'Codere', stake: 1 },
    ] as const)
      expect(keyedBySummaries(service.filterOf({ period: 'all', ...query }))).toBe(false);
  });

  it.each([
    ['?from=2026-02-30', MSG.recordDateInvalid],
    ['?to=31-05-2026', MSG.recordDateInvalid],
    ['?from=2026-05-31&to=2026-05-01', MSG.recordDateOrder],
    ['?stake=11', MSG.stakeRange],
    ['?stake=2.5', MSG.stakeRange],
    ['?stake=mucho', MSG.stakeRange],
    [`?bookmaker=${'x'.repeat(51)}`, MSG.bookmakerTooLong],
  ])('refuses %s with 400 and its Spanish message, on every read', async (query, message) => {
    for (const path of ['', '/tips', '/tips.csv']) {
      const res = await t.app.inject({ method: 'GET', url: `/api/track-record${path}${query}` });
      expect(res.statusCode, path).toBe(400);
      expect(res.json()).toMatchObject({ success: false, code: 'VALIDATION_ERROR', message });
    }
  });
});

describe('the day summaries after migration 0014', () => {
  it('are rebuilt once at start when a migration emptied them', async () => {
    const before = await record();
    await t.database.db.delete(trackRecordDays);
    expect(await ensureTrackRecord(t.database.db)).toBe(true);
    expect(await ensureTrackRecord(t.database.db)).toBe(false);
    expect(await record()).toEqual(before);
    // Nothing published, nothing to rebuild: an empty table stays empty.
    await t.database.db.delete(tips);
    await t.database.db.delete(trackRecordDays);
    expect(await ensureTrackRecord(t.database.db)).toBe(false);
    const [rows] = await t.database.db.select({ n: count() }).from(trackRecordDays);
    expect(rows?.n).toBe(0);
  });
});
