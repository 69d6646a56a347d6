// The editors' list by match date (issue 17 item 3): keyset pages over (matchDate desc, id desc).
import { MSG } from '@magotips/contracts/messages';
import { encodeTipCursor } from '@magotips/contracts/tip-cursor';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, createTestDatabase, type TestApp } from '../../../test/test-app';
import { createTestUser, type TestUser } from '../../../test/users';
import { tips } from '../../db/schema';

const now = new Date('2026-06-01T12:00:00Z');
const HOUR = 3_600_000;
let t: TestApp;
let editor: TestUser;

type Page = {
  tips: { _id: string; title: string; matchDate: string; category: string }[];
  pagination: { next: string | null; previous: string | null; total: number; pages: number };
};

// 31 tips on only six instants, so most pages begin and end inside a run of ties; two more a
// few microseconds apart inside one millisecond, which a Date-based cursor would merge.
const TIED = 31;

beforeAll(async () => {
  const database = await createTestDatabase();
  await database.db.insert(tips).values(
    Array.from({ length: TIED }, (_, i) => ({
      icon: 'football',
      title: `Empate ${i}`,
      matchDate: new Date(now.getTime() + ((i % 6) - 3) * 24 * HOUR),
      analisis: 'x',
      category: i % 4 === 0 ? ('premium' as const) : ('free' as const),
      createdAt: new Date(now.getTime() - i * 60_000),
    })),
  );
  await database.db.execute(sql`
    insert into tips (icon, title, match_date, analisis, category)
    values ('tennis', 'Micro 1', timestamptz '2026-06-10 10:00:00.000001+00', 'x', 'free'),
           ('tennis', 'Micro 2', timestamptz '2026-06-10 10:00:00.000002+00', 'x', 'free')`);
  t = await buildTestApp({ database, clock: () => now });
  editor = await createTestUser(database.db, { now, roles: ['editor'] });
});
afterAll(async () => {
  await t.close();
  await t.database.close();
});

async function get(query: string, who: TestUser | null = editor) {
  return t.app.inject({
    url: `/api/tips?${query}`,
    headers: who ? { authorization: who.authorization } : {},
  });
}

async function page(query: string): Promise<Page> {
  const res = await get(query);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as Page;
}

/** Every tip's id in the list's order, straight from the database. */
async function expectedOrder(category?: string): Promise<string[]> {
  const rows = await t.database.db.execute(sql`
    select id from tips ${category ? sql`where category = ${category}` : sql``}
    order by match_date desc, id desc`);
  return (rows as unknown as { rows: { id: string }[] }).rows.map((r) => r.id);
}

describe('GET /api/tips by match date (keyset)', () => {
  it('walks forward and back over every tip exactly once, ties and microseconds included', async () => {
    const order = await expectedOrder();
    const pages: Page[] = [await page('management=true&order=match&limit=4')];
    expect(pages[0]?.pagination.previous).toBeNull();
    while (pages.at(-1)?.pagination.next) {
      pages.push(await page(`management=true&limit=4&after=${pages.at(-1)?.pagination.next}`));
    }
    expect(pages.flatMap((p) => p.tips.map((x) => x._id))).toEqual(order);
    expect(pages.slice(0, -1).every((p) => p.tips.length === 4)).toBe(true);
    expect(pages.at(-1)?.pagination.next).toBeNull();
    expect(pages[0]?.pagination.total).toBe(TIED + 2);

    // Back from the last page: each "Anteriores" gives the page before, to the first one.
    const back: Page[] = [pages.at(-1) as Page];
    while (back.at(-1)?.pagination.previous) {
      back.push(await page(`management=true&limit=4&before=${back.at(-1)?.pagination.previous}`));
    }
    expect(back.map((p) => p.tips.map((x) => x._id))).toEqual(
      pages.map((p) => p.tips.map((x) => x._id)).reverse(),
    );
    expect(back.at(-1)?.pagination.previous).toBeNull();
  });

  it('keeps the category filter on every page', async () => {
    const order = await expectedOrder('premium');
    const seen: string[] = [];
    let next: string | null = null;
    do {
      const p: Page = await page(
        `management=true&category=premium&limit=3&${next ? `after=${next}` : 'order=match'}`,
      );
      expect(p.tips.every((x) => x.category === 'premium')).toBe(true);
      seen.push(...p.tips.map((x) => x._id));
      next = p.pagination.next;
    } while (next);
    expect(seen).toEqual(order);
  });

  it('jumps to a date: the tips at or before it, latest first, with the way back up', async () => {
    const order = await expectedOrder();
    const day = new Date(now.getTime() - 1 * 24 * HOUR).toISOString();
    const jump = await page(`management=true&limit=5&from=${encodeURIComponent(day)}`);
    const expected = (await t.database.db.execute(sql`
      select id from tips where match_date <= ${day}::timestamptz
      order by match_date desc, id desc limit 5`)) as unknown as { rows: { id: string }[] };
    expect(jump.tips.map((x) => x._id)).toEqual(expected.rows.map((r) => r.id));
    expect(jump.tips.every((x) => x.matchDate <= day)).toBe(true);
    const up = await page(`management=true&limit=5&before=${jump.pagination.previous}`);
    const firstJumped = order.indexOf(jump.tips[0]?._id ?? '');
    expect(up.tips.map((x) => x._id)).toEqual(order.slice(firstJumped - 5, firstJumped));

    // Before every tip: an empty page that still leads back; after every tip: the first page.
    const early = await page('management=true&from=2000-01-01T00:00:00Z');
    expect(early.tips).toEqual([]);
    expect(early.pagination.next).toBeNull();
    const fromEarly = await page(`management=true&before=${early.pagination.previous}`);
    // "Anteriores" from there: the oldest tips, the list's last page.
    expect(fromEarly.tips.map((x) => x._id)).toEqual(order.slice(-10));
    const late = await page('management=true&from=2099-01-01T00:00:00%2B02:00');
    expect(late.tips.map((x) => x._id)).toEqual(order.slice(0, 10));
    expect(late.pagination.previous).toBeNull();
  });

  it('answers a bad cursor or date with a 400 in Spanish, never a 500', async () => {
    const uuid = '5b0d6f4e-8a51-4c59-9d5e-3f1f2b8f6a10';
    const cases: [string, string][] = [
      ['after=nope!', MSG.tipCursorInvalid],
      ['before=', MSG.tipCursorInvalid],
      [`after=${btoa('hola')}`, MSG.tipCursorInvalid],
      [`after=${encodeTipCursor({ micros: '12a', id: uuid })}`, MSG.tipCursorInvalid],
      [`before=${encodeTipCursor({ micros: '1', id: 'no-uuid' })}`, MSG.tipCursorInvalid],
      [`after=${encodeTipCursor({ micros: '99999999999999999', id: uuid })}`, MSG.tipCursorInvalid],
      [`after=${'A'.repeat(500)}`, MSG.tipCursorInvalid],
      ['from=ayer', MSG.tipJumpInvalid],
      ['from=0000-01-01T00:00:00Z', MSG.tipJumpInvalid],
      ['from=2026-02-30T00:00:00Z', MSG.tipJumpInvalid],
      [`page=2&after=${encodeTipCursor({ micros: '1', id: uuid })}`, MSG.tipListOneWay],
      ['order=match&page=1', MSG.tipListOneWay],
      ['order=created&from=2026-06-01T00:00:00Z', MSG.tipListOneWay],
      [
        `after=${encodeTipCursor({ micros: '1', id: uuid })}&from=2026-06-01T00:00:00Z`,
        MSG.tipListOneWay,
      ],
    ];
    for (const [query, message] of cases) {
      const res = await get(`management=true&${query}`);
      expect(res.statusCode, query).toBe(400);
      expect((res.json() as { message: string }).message, query).toBe(message);
    }
    const publicList = await get('order=match', null);
    expect(publicList.statusCode).toBe(400);
    expect((publicList.json() as { message: string }).message).toBe(MSG.tipListKeysetManagement);
    // A well-formed cursor far out of the data is simply an edge of the list.
    const far = await page(
      `management=true&after=${encodeTipCursor({ micros: '-9999999999999999', id: uuid })}`,
    );
    expect(far.tips).toEqual([]);
    for (let i = 0; i < 50; i += 1) {
      const junk = encodeURIComponent(
        String.fromCharCode(
          ...Array.from({ length: 1 + (i % 40) }, (_, k) => 33 + ((i * 7 + k * 13) % 94)),
        ),
      );
      const res = await get(`management=true&after=${junk}`);
      expect([200, 400], junk).toContain(res.statusCode);
    }
  });

  it('keeps the editor role as the only way in', async () => {
    const db = t.database.db;
    const admin = await createTestUser(db, { now, roles: ['admin'] });
    const user = await createTestUser(db, { now });
    expect((await get('management=true&order=match', null)).statusCode).toBe(401);
    expect((await get('management=true&order=match', user)).statusCode).toBe(403);
    expect((await get('management=true&from=2026-06-01T00:00:00Z', admin)).statusCode).toBe(403);
  });

  it('leaves the pages by number as SPEC.md has them', async () => {
    const p = await get('management=true&page=2&limit=10');
    expect(p.statusCode).toBe(200);
    const body = p.json() as { pagination: Record<string, unknown>; tips: unknown[] };
    expect(body.pagination).toEqual({ page: 2, limit: 10, pages: 4, total: TIED + 2 });
    expect(body.tips).toHaveLength(10);
  });
});

describe('the cached pages by match date', () => {
  it('keep a page until a tip is created, edited or deleted through this instance', async () => {
    const cached = await buildTestApp({
      database: t.database,
      clock: () => now,
      env: { READ_CACHE_TTL_MS: '10000' },
    });
    try {
      const send = (method: 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
        cached.app.inject({
          method,
          url,
          payload,
          headers: { authorization: editor.authorization },
        });
      const jumpTo = '2026-06-20T23:59:59.999Z';
      const titles = async (query: string) => {
        const res = await cached.app.inject({
          url: `/api/tips?management=true&${query}`,
          headers: { authorization: editor.authorization },
        });
        expect(res.statusCode, res.body).toBe(200);
        return (res.json() as Page).tips.map((x) => x.title);
      };
      const views = () => Promise.all([titles('order=match'), titles(`from=${jumpTo}`)]);
      const before = await views();
      // Another instance's write: this one keeps its copies for their life.
      await t.database.db.insert(tips).values({
        icon: 'golf',
        title: 'Escrito fuera',
        matchDate: new Date('2026-06-20T10:00:00Z'),
        analisis: 'x',
      });
      expect(await views()).toEqual(before);

      const body = {
        icon: 'tennis',
        title: 'Creado por la API',
        matchDate: '2026-06-20T11:00:00.000Z',
        analisis: 'Análisis.',
        category: 'free',
      };
      const created = await send('POST', '/api/tips', body);
      expect(created.statusCode, created.body).toBe(201);
      const id = (created.json() as { tip: { _id: string } }).tip._id;
      for (const view of await views())
        expect(view.slice(0, 2)).toEqual(['Creado por la API', 'Escrito fuera']);

      expect((await send('PUT', `/api/tips/${id}`, { ...body, title: 'Editado' })).statusCode).toBe(
        200,
      );
      for (const view of await views()) expect(view[0]).toBe('Editado');

      expect((await send('DELETE', `/api/tips/${id}`)).statusCode).toBe(200);
      for (const view of await views()) expect(view).not.toContain('Editado');
    } finally {
      await cached.close();
    }
  });
});
