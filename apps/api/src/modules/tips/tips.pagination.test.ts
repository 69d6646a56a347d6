import { TIP_EXACT_COUNT_LIMIT, TIP_PAGE_SIZE } from '@magotips/contracts/tips';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, createTestDatabase, type TestApp } from '../../../test/test-app';
import { createTestUser, type TestUser } from '../../../test/users';
import { tips } from '../../db/schema';

const now = new Date('2026-06-01T12:00:00Z');
let t: TestApp;
let editor: TestUser;

// 23 tips created a minute apart: every 3rd premium, every 5th a draft.
const TOTAL = 23;
const premiumCount = Array.from({ length: TOTAL }, (_, i) => i).filter((i) => i % 3 === 0).length;
const draftCount = Array.from({ length: TOTAL }, (_, i) => i).filter((i) => i % 5 === 0).length;

beforeAll(async () => {
  const database = await createTestDatabase();
  await database.db.insert(tips).values(
    Array.from({ length: TOTAL }, (_, i) => ({
      icon: 'football',
      title: `Tip ${i}`,
      matchDate: new Date(now.getTime() + (i + 1) * 3_600_000),
      analisis: `análisis ${i}`,
      category: i % 3 === 0 ? ('premium' as const) : ('free' as const),
      isPublished: i % 5 !== 0,
      createdAt: new Date(now.getTime() - (TOTAL - i) * 60_000),
    })),
  );
  t = await buildTestApp({ database, clock: () => now });
  editor = await createTestUser(database.db, { now, roles: ['editor'] });
});
afterAll(async () => {
  await t.close();
  await t.database.close();
});

async function list(query: string, auth = true) {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/tips?${query}`,
    headers: auth ? { authorization: editor.authorization } : {},
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as {
    tips: { title: string; category: string }[];
    pagination: Record<string, unknown>;
  };
}

describe('pagination of GET /api/tips', () => {
  it('pages the management list ten at a time, newest created first, with exact totals', async () => {
    const seen: string[] = [];
    for (const page of [1, 2, 3]) {
      const body = await list(`management=true&page=${page}`);
      expect(body.pagination).toEqual({ page, limit: TIP_PAGE_SIZE, pages: 3, total: TOTAL });
      expect(body.tips).toHaveLength(page < 3 ? 10 : 3);
      seen.push(...body.tips.map((x) => x.title));
    }
    expect(seen).toEqual(Array.from({ length: TOTAL }, (_, i) => `Tip ${TOTAL - 1 - i}`));
    const beyond = await list('management=true&page=4');
    expect(beyond.tips).toEqual([]);
    expect(beyond.pagination).toMatchObject({ total: TOTAL, pages: 3 });
  });

  it('counts with the same filter as the page', async () => {
    const premium = await list('management=true&category=premium&limit=4');
    expect(premium.pagination).toEqual({
      page: 1,
      limit: 4,
      pages: Math.ceil(premiumCount / 4),
      total: premiumCount,
    });
    expect(premium.tips.every((x) => x.category === 'premium')).toBe(true);
    const published = await list('limit=5', false);
    expect(published.pagination).toMatchObject({
      total: TOTAL - draftCount,
      pages: Math.ceil((TOTAL - draftCount) / 5),
    });
  });

  it('answers an empty list with zero pages', async () => {
    const none = await list('management=true&page=1&category=premium&limit=100');
    expect(none.pagination.total).toBe(premiumCount);
    await t.database.db.execute(sql`delete from tips where category = 'premium'`);
    const empty = await list('management=true&category=premium');
    expect(empty.pagination).toEqual({ page: 1, limit: 10, pages: 0, total: 0 });
  });

  /** Inserts tips and has their statistics published at once: the live count the estimate
   * reads otherwise trails the inserts by up to a few seconds. */
  async function massInsert(from: number, to: number) {
    await t.database.db.transaction(async (tx) => {
      await insertRange(tx, from, to);
      await tx.execute(sql`select pg_stat_force_next_flush()`);
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
  }

  async function insertRange(db: Pick<typeof t.database.db, 'execute'>, from: number, to: number) {
    await db.execute(sql`
      insert into tips (icon, title, match_date, analisis, category, is_published, created_at)
      select 'football', 'Masivo ' || g, ${now.toISOString()}::timestamptz + g * interval '1 minute',
             'x', case when g % 2 = 0 then 'premium'::tip_category else 'free'::tip_category end, true,
             ${now.toISOString()}::timestamptz - interval '1 day' - g * interval '1 second'
      from generate_series(${from}::int, ${to}::int) g`);
  }

  it(`estimates the total beyond ${TIP_EXACT_COUNT_LIMIT} tips instead of counting them all`, async () => {
    const extra = TIP_EXACT_COUNT_LIMIT + 2_000;
    await massInsert(1, extra);
    const actual = TOTAL - premiumCount + extra;
    const body = await list('management=true&page=2');
    expect(body.pagination.estimated).toBe(true);
    const total = body.pagination.total as number;
    expect(total).toBeGreaterThan(TIP_EXACT_COUNT_LIMIT);
    expect(total).toBeGreaterThan(actual * 0.7);
    expect(total).toBeLessThan(actual * 1.3);
    expect(body.pagination.pages).toBe(Math.ceil(total / 10));
    expect(body.tips).toHaveLength(10);
    // Still the newest first: the 23 seeded tips are newer than the mass insert.
    expect(body.tips[0]?.title).toMatch(/^Tip /);

    const premiumOnly = await list('management=true&category=premium');
    expect(premiumOnly.pagination.estimated).toBeUndefined();
    expect(premiumOnly.pagination.total).toBe(extra / 2);
  });

  it(`counts nothing at all once the estimate is far past the limit`, async () => {
    const more = 2 * TIP_EXACT_COUNT_LIMIT;
    await massInsert(TIP_EXACT_COUNT_LIMIT + 2_001, TIP_EXACT_COUNT_LIMIT + 2_000 + more);
    const actual = TOTAL - premiumCount + TIP_EXACT_COUNT_LIMIT + 2_000 + more;
    const body = await list('management=true');
    expect(body.pagination.estimated).toBe(true);
    expect(body.pagination.total).toBeGreaterThan(actual * 0.7);
    expect(body.pagination.total).toBeLessThan(actual * 1.3);
  });
});
