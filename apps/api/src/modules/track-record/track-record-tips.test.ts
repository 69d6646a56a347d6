import { SPORT_IDS } from '@magotips/contracts/sports';
import {
  type TTrackRecordTipsResponse,
  ZTrackRecordTipsResponse,
} from '@magotips/contracts/track-record-schemas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../test/test-app';
import { appWithBook, HOUR, insertBet } from '../../../test/track-record-bets';
import { tips } from '../../db/schema';
import { rebuildTrackRecord } from './track-record-days';

let t: TestApp;

async function recordTips(query = ''): Promise<TTrackRecordTipsResponse> {
  const res = await t.app.inject({ method: 'GET', url: `/api/track-record/tips${query}` });
  expect(res.statusCode, res.body).toBe(200);
  return ZTrackRecordTipsResponse.parse(res.json());
}

const titles = (body: TTrackRecordTipsResponse) => body.tips.map((tip) => tip.title);

beforeAll(async () => {
  t = await appWithBook();
});
afterAll(() => t.close());

describe('GET /api/track-record/tips', () => {
  it('pages the counted tips, newest kick-off first, with the total from the day summaries', async () => {
    const first = await recordTips('?limit=3');
    expect(titles(first)).toEqual(['T5', 'T4', 'T3']);
    expect(first.pagination).toEqual({ page: 1, limit: 3, pages: 3, total: 8 });
    expect(titles(await recordTips('?limit=3&page=2'))).toEqual(['T2', 'T1', 'T6']);
    expect(titles(await recordTips('?limit=3&page=3'))).toEqual(['T7', 'T8']);
    expect((await recordTips('?limit=3&page=4')).tips).toEqual([]);
  });

  it('shows the bet and its outcome', async () => {
    const [t3] = (await recordTips('?sport=tennis&period=30d')).tips;
    expect(t3).toMatchObject({
      title: 'T3',
      sport: 'tennis',
      category: 'premium',
      matchDate: '2026-05-31T15:00:00.000Z',
      publishedAt: '2026-05-31T12:00:00.000Z',
      settledAt: '2026-05-31T18:00:00.000Z',
      pick: 'Pronóstico de T3',
      odds: 1.9,
      stake: 1,
      bookmaker: 'Codere',
      result: 'medio_ganado',
      profitUnits: 0.45,
    });
    const lost = (await recordTips('?sport=tennis')).tips.find((tip) => tip.title === 'T7');
    expect(lost).toMatchObject({ odds: 1.6, stake: 5, result: 'perdido', profitUnits: -5 });
  });

  it('takes the same filters as the figures', async () => {
    const d30 = await recordTips('?period=30d');
    expect(titles(d30)).toEqual(['T5', 'T4', 'T3', 'T2', 'T1']);
    expect(d30.pagination.total).toBe(5);
    const premium = await recordTips('?category=premium');
    expect(titles(premium)).toEqual(['T3', 'T2', 'T6']);
    expect(premium.pagination).toMatchObject({ total: 3, pages: 1 });
    const freeBasket = await recordTips('?category=free&sport=basketball');
    expect(titles(freeBasket)).toEqual(['T4', 'T8']);
    expect(freeBasket.pagination.total).toBe(2);
  });

  it('takes the new filters too: dates, odds band, stake and bookmaker', async () => {
    const cases: [string, string[]][] = [
      ['?from=2026-04-01&to=2026-05-30', ['T2', 'T1', 'T6']],
      ['?period=30d&from=2026-05-31', ['T5', 'T4', 'T3']],
      ['?to=2026-03-10', ['T7', 'T8']],
      // 1.50 to 1.99: T5 1.75, T3 1.90, T2 1.85, T7 1.60.
      ['?oddsBand=1.5-2', ['T5', 'T3', 'T2', 'T7']],
      // 2.00 to 2.99, lower bound included: T4 2.10, T1 2.00, T6 2.50.
      ['?oddsBand=2-3', ['T4', 'T1', 'T6']],
      ['?oddsBand=3-plus', ['T8']],
      ['?oddsBand=under-1.5', []],
      ['?stake=3', ['T5', 'T2']],
      ['?stake=3&category=premium', ['T2']],
      ['?bookmaker=Codere', ['T3', 'T6']],
      ['?bookmaker=%20Codere%20&sport=football', ['T6']],
      ['?bookmaker=codere', []],
    ];
    for (const [query, expected] of cases) {
      const body = await recordTips(query);
      expect(titles(body), query).toEqual(expected);
      expect(body.pagination.total, query).toBe(expected.length);
    }
  });

  it('never sends an analysis, premium or free', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/track-record/tips?limit=100' });
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toMatch(/ANALISIS-SECRETO|analisis/i);
    const body = res.json<{ tips: Record<string, unknown>[] }>();
    expect(body.tips.some((tip) => tip.category === 'premium')).toBe(true);
    for (const tip of body.tips) {
      expect(Object.keys(tip).sort()).toEqual(
        [
          '_id',
          'title',
          'sport',
          'category',
          'matchDate',
          'publishedAt',
          'settledAt',
          'pick',
          'odds',
          'stake',
          'bookmaker',
          'result',
          'profitUnits',
        ].sort(),
      );
    }
  });

  it('lists up to 1000 a page, for the ledger verifier', async () => {
    expect((await recordTips('?limit=1000')).pagination).toMatchObject({ limit: 1000, pages: 1 });
  });

  it.each([['?page=0'], ['?limit=1001'], ['?limit=0'], ['?page=uno']])(
    'refuses %s with 400',
    async (query) => {
      const res = await t.app.inject({ method: 'GET', url: `/api/track-record/tips${query}` });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ success: false, code: 'VALIDATION_ERROR' });
    },
  );

  it('dates a row from the publication that counts, not the first one', async () => {
    // First published two days ahead, hidden, and public again from five hours before kick-off.
    await insertBet(t.database.db, {
      title: 'R1 republicado',
      icon: 'hockey',
      category: 'free',
      at: '2026-05-20T20:00:00Z',
      odds: 2,
      stake: 1,
      result: 'ganado',
      publishedHoursBefore: 48,
      publicHoursBefore: 5,
    });
    await rebuildTrackRecord(t.database.db);
    const [r1] = (await recordTips('?sport=hockey')).tips;
    expect(r1).toMatchObject({
      title: 'R1 republicado',
      matchDate: '2026-05-20T20:00:00.000Z',
      publishedAt: '2026-05-20T15:00:00.000Z',
    });
  });
});

describe('deep pages', () => {
  it('give, page after page, exactly the whole list, whatever the filter', async () => {
    // 61 days of 0 to 6 tips, several at one instant (ties go by id), over sports, categories,
    // stakes, bands and bookmakers; one in five days has none.
    const start = Date.parse('2025-01-01T10:00:00Z');
    const rows: (typeof tips.$inferInsert)[] = [];
    for (let day = 0; day < 61; day += 1) {
      for (let i = 0; i < (day % 5 === 4 ? 0 : (day * 3) % 7); i += 1) {
        const n = rows.length;
        const matchDate = new Date(start + day * 24 * HOUR + (i % 3) * HOUR);
        rows.push({
          icon: SPORT_IDS[n % 3]!,
          title: `Profundo ${n}`,
          matchDate,
          analisis: 'x',
          category: n % 4 === 0 ? 'premium' : 'free',
          pick: 'Gana',
          oddsCents: [140, 175, 210, 320][n % 4]!,
          stake: 1 + (n % 5),
          bookmaker: n % 2 === 0 ? 'Pinnacle' : 'Bwin',
          result: n % 3 === 0 ? 'perdido' : 'ganado',
          publishedAt: new Date(matchDate.getTime() - HOUR),
          settledAt: new Date(matchDate.getTime() + 3 * HOUR),
        });
      }
    }
    await t.database.db.insert(tips).values(rows);
    await rebuildTrackRecord(t.database.db);

    const filters = [
      '?to=2025-12-31',
      `?sport=${SPORT_IDS[1]}&to=2025-12-31`,
      '?category=premium&to=2025-12-31',
      '?stake=3&category=free&to=2025-12-31',
      '?stake=3&oddsBand=2-3&to=2025-12-31',
      '?bookmaker=Bwin&to=2025-12-31',
      // Not keys of the summaries together: the index skips the whole offset.
      '?bookmaker=Pinnacle&stake=3&to=2025-12-31',
      '?from=2025-01-20&to=2025-02-10',
    ];
    for (const filter of filters) {
      const whole = await recordTips(`${filter}&limit=1000`);
      expect(whole.tips.length, filter).toBeGreaterThan(0);
      for (const limit of [3, 7]) {
        const walked: string[] = [];
        for (let page = 1; page <= whole.pagination.total / limit + 1; page += 1) {
          const body = await recordTips(`${filter}&limit=${limit}&page=${page}`);
          expect(body.pagination.total, filter).toBe(whole.pagination.total);
          walked.push(...body.tips.map((tip) => tip._id));
        }
        expect(walked, `${filter} by ${limit}`).toEqual(whole.tips.map((tip) => tip._id));
      }
    }
  });
});
