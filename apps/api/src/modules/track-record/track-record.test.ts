import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../test/test-app';
import { appWithBook, getRecord, HOUR, insertBet } from '../../../test/track-record-bets';
import { tips } from '../../db/schema';
import { rebuildTrackRecord, refreshTrackRecordDays } from './track-record-days';

let t: TestApp;

const record = (query = '') => getRecord(t.app, query);

beforeAll(async () => {
  t = await appWithBook();
});
afterAll(() => t.close());

describe('GET /api/track-record', () => {
  it('sums every counted tip since the start, from hand-computed figures', async () => {
    const r = await record();
    expect(r).toMatchObject({
      settled: 8,
      won: 3,
      lost: 2,
      void: 1,
      halfWon: 1,
      halfLost: 1,
      // (3 + ½) ÷ (3 + 2 + ½ + ½) = 7/12 = 0,58333…
      hitRate: 0.583,
      // 2 − 3 + 0,45 + 0 − 1,5 + 3 − 5 + 2
      profitUnits: -2.05,
      // Every stake but the void's: 2 + 3 + 1 + 3 + 2 + 5 + 1
      stakedUnits: 17,
      // −2,05 ÷ 17 = −0,12059…
      yield: -0.121,
      // (2 + 1,85 + 1,9 + 1,75 + 2,5 + 1,6 + 3) ÷ 7 = 2,0857
      averageOdds: 2.09,
      // In kick-off order W L W W L ½W (void) ½L: T6 then T1, across days and months.
      longestWinRun: 2,
      longestLoseRun: 1,
      from: null,
    });
  });

  it('answers by month, with the best and the worst', async () => {
    const r = await record('?period=all');
    expect(r.byMonth).toEqual([
      { month: '2025-12', settled: 1, profitUnits: 2, yield: 2 },
      { month: '2026-03', settled: 1, profitUnits: -5, yield: -1 },
      { month: '2026-04', settled: 1, profitUnits: 3, yield: 1.5 },
      // −2,05 ÷ 9 staked = −0,22778…
      { month: '2026-05', settled: 5, profitUnits: -2.05, yield: -0.228 },
    ]);
    expect(r.bestMonth?.month).toBe('2026-04');
    expect(r.worstMonth?.month).toBe('2026-03');
  });

  it('draws the curve as the profit after each day with settled tips', async () => {
    const r = await record();
    expect(r.curve).toEqual([
      { date: '2025-12-01', cumulativeUnits: 2 },
      { date: '2026-03-10', cumulativeUnits: -3 },
      { date: '2026-04-20', cumulativeUnits: 0 },
      { date: '2026-05-30', cumulativeUnits: -1 },
      { date: '2026-05-31', cumulativeUnits: -2.05 },
    ]);
  });

  it('splits by sport, most settled first', async () => {
    const r = await record();
    expect(r.bySport).toEqual([
      // T1 T2 T5 T6: 2 − 3 − 1,5 + 3 on 10 staked; (2 + 0) ÷ (3 + ½)
      {
        sport: 'football',
        settled: 4,
        profitUnits: 0.5,
        stakedUnits: 10,
        yield: 0.05,
        hitRate: 0.571,
      },
      // T4 (void) and T8
      { sport: 'basketball', settled: 2, profitUnits: 2, stakedUnits: 1, yield: 2, hitRate: 1 },
      // T3 ½W and T7 L: 0,45 − 5 on 6 staked; ½ ÷ (1 + ½)
      {
        sport: 'tennis',
        settled: 2,
        profitUnits: -4.55,
        stakedUnits: 6,
        yield: -0.758,
        hitRate: 0.333,
      },
    ]);
  });

  it('counts the periods back from the app clock, by UTC day', async () => {
    const d30 = await record('?period=30d');
    expect(d30.from).toBe('2026-05-02');
    expect(d30).toMatchObject({ settled: 5, profitUnits: -2.05, stakedUnits: 9 });
    expect(d30.byMonth.map((m) => m.month)).toEqual(['2026-05']);
    expect(d30.curve.map((p) => p.date)).toEqual(['2026-05-30', '2026-05-31']);
    expect(d30.bySport.map((s) => [s.sport, s.settled])).toEqual([
      ['football', 3],
      ['basketball', 1],
      ['tennis', 1],
    ]);

    const d90 = await record('?period=90d');
    expect(d90.from).toBe('2026-03-03');
    // T7 and T6 join: −2,05 − 5 + 3
    expect(d90).toMatchObject({ settled: 7, profitUnits: -4.05 });

    const d365 = await record('?period=365d');
    expect(d365.from).toBe('2025-06-01');
    expect(d365.settled).toBe(8);
  });

  it('filters by category and by sport', async () => {
    const premium = await record('?category=premium');
    // T2 T3 T6: −3 + 0,45 + 3 on 6 staked
    expect(premium).toMatchObject({
      settled: 3,
      won: 1,
      lost: 1,
      halfWon: 1,
      profitUnits: 0.45,
      stakedUnits: 6,
      yield: 0.075,
    });
    expect(premium.bySport.map((s) => [s.sport, s.settled])).toEqual([
      ['football', 2],
      ['tennis', 1],
    ]);

    const football = await record('?sport=football');
    expect(football).toMatchObject({
      settled: 4,
      profitUnits: 0.5,
      longestWinRun: 2,
      longestLoseRun: 2,
    });
    // A chosen sport applies to every block, the sports' split included (issue 27 item 6).
    expect(football.bySport).toEqual([
      {
        sport: 'football',
        settled: 4,
        profitUnits: 0.5,
        stakedUnits: 10,
        yield: 0.05,
        hitRate: 0.571,
      },
    ]);

    const freeFootball = await record('?category=free&sport=football&period=30d');
    // T1 and T5: 2 − 1,5
    expect(freeFootball).toMatchObject({
      settled: 2,
      won: 1,
      halfLost: 1,
      profitUnits: 0.5,
      averageOdds: 1.88,
    });
  });

  it('answers an empty filter with zeros and nulls, not an error', async () => {
    const r = await record('?sport=cricket');
    expect(r).toMatchObject({
      settled: 0,
      hitRate: null,
      yield: null,
      averageOdds: null,
      profitUnits: 0,
    });
    expect(r.byMonth).toEqual([]);
    expect(r.bestMonth).toBeNull();
    expect(r.worstMonth).toBeNull();
    expect(r.curve).toEqual([]);
  });

  it('follows a settle once the day is refreshed', async () => {
    const id = await insertBet(t.database.db, {
      title: 'T9',
      icon: 'hockey',
      category: 'free',
      at: '2026-06-01T08:00:00Z',
      odds: 2.2,
      stake: 5,
      result: 'ganado',
    });
    await refreshTrackRecordDays(t.database.db, ['2026-06-01']);
    expect(await record('?period=30d')).toMatchObject({ settled: 6, profitUnits: 3.95 });
    await t.database.db.delete(tips).where(eq(tips.id, id));
    await refreshTrackRecordDays(t.database.db, ['2026-06-01']);
    expect(await record('?period=30d')).toMatchObject({ settled: 5, profitUnits: -2.05 });
  });

  it.each([
    ['period', '?period=7d'],
    ['category', '?category=vip'],
    ['sport', '?sport=curling'],
    ['odds band', '?oddsBand=4-5'],
  ])('refuses an unknown %s with 400 and a Spanish message', async (_field, query) => {
    for (const path of ['', '/tips', '/tips.csv']) {
      const url = `/api/track-record${path}${query}`;
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        success: false,
        code: 'VALIDATION_ERROR',
        message: expect.stringMatching(/^Opción inválida: se esperaba una de/),
      });
    }
  });

  it('is public: no token needed, and shared caches may keep it briefly', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/track-record' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toMatch(/^public/);
  });
});

describe('OpenAPI', () => {
  it('documents the three reads under track-record, in Spanish, with their filters', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    const doc = res.json<{
      paths: Record<
        string,
        { get?: { tags?: string[]; summary?: string; parameters?: { name: string }[] } }
      >;
    }>();
    for (const path of [
      '/api/track-record',
      '/api/track-record/tips',
      '/api/track-record/tips.csv',
    ]) {
      const get = doc.paths[path]?.get;
      expect(get?.tags).toEqual(['track-record']);
      expect(get?.summary).toMatch(/^Historial verificado/);
      expect(get?.parameters?.map((p) => p.name)).toEqual(
        expect.arrayContaining(['from', 'to', 'sport', 'oddsBand', 'stake', 'bookmaker']),
      );
    }
  });
});

describe('the curve past a year of days', () => {
  it('keeps the last day of each ISO week', async () => {
    // 400 days of golf from Monday 2024-01-01, one unit won a day.
    const start = Date.parse('2024-01-01T10:00:00Z');
    const rows = Array.from({ length: 400 }, (_, i) => {
      const matchDate = new Date(start + i * 24 * HOUR);
      return {
        icon: 'golf',
        title: `Golf ${i}`,
        matchDate,
        analisis: 'x',
        category: 'free' as const,
        pick: 'Top 10',
        oddsCents: 200,
        stake: 1,
        result: 'ganado' as const,
        publishedAt: new Date(matchDate.getTime() - HOUR),
        settledAt: new Date(matchDate.getTime() + 6 * HOUR),
      };
    });
    await t.database.db.insert(tips).values(rows);
    await rebuildTrackRecord(t.database.db);

    const golf = await record('?sport=golf');
    expect(golf.settled).toBe(400);
    // 57 whole weeks, Sunday to Sunday, then Monday 2025-02-03 on its own.
    expect(golf.curve).toHaveLength(58);
    expect(golf.curve[0]).toEqual({ date: '2024-01-07', cumulativeUnits: 7 });
    expect(golf.curve.at(-2)).toEqual({ date: '2025-02-02', cumulativeUnits: 399 });
    expect(golf.curve.at(-1)).toEqual({ date: '2025-02-03', cumulativeUnits: 400 });
    for (const point of golf.curve.slice(0, -1))
      expect(new Date(`${point.date}T00:00:00Z`).getUTCDay()).toBe(0);

    // All sports together: the golf weeks and the four weeks of the other tips.
    const all = await record();
    expect(all.settled).toBe(408);
    expect(all.curve).toHaveLength(62);
  });
});
