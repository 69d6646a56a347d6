import { MSG } from '@magotips/contracts/messages';
import { encodeVipTipsCursor } from '@magotips/contracts/vip-tips';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, createTestDatabase, type TestApp } from '../../../test/test-app';
import { authorizationAt, createTestUser, givePack, type TestUser } from '../../../test/users';
import { packs, packTips, tips } from '../../db/schema';

/** GET /api/tips/vip (issue 31 item 5, decision 0108): every published VIP tip, upcoming
 * soonest first then past most recent first, by keyset. */
const start = new Date('2026-06-01T12:00:00Z');
let now = start;
let t: TestApp;
let subscriber: TestUser;
let editor: TestUser;
let user: TestUser;
let buyer: TestUser;
const HOUR = 3_600_000;

// Offsets in hours from `start`: 5 upcoming (two at the same instant), 6 past; a free tip and
// an unpublished VIP tip that the list never shows.
const UPCOMING = [1, 2, 2, 3, 5];
const PAST = [-1, -2, -4, -5, -7, -30];

beforeAll(async () => {
  const database = await createTestDatabase();
  const vip = (hours: number, i: number) => ({
    icon: 'football',
    title: `VIP ${hours}h #${i}`,
    matchDate: new Date(start.getTime() + hours * HOUR),
    analisis: `análisis ${hours}`,
    category: 'premium' as const,
    pick: 'Local gana',
    oddsCents: 185,
    stake: 3,
  });
  const inserted = await database.db
    .insert(tips)
    .values([...UPCOMING, ...PAST].map(vip))
    .returning({ id: tips.id });
  await database.db.insert(tips).values([
    { ...vip(4, 99), title: 'Borrador VIP', isPublished: false },
    { ...vip(6, 98), title: 'Gratis', category: 'free' as const },
  ]);
  const [pack] = await database.db
    .insert(packs)
    .values({ nombre: 'Pack prueba', descripcion: 'Un pack', priceCents: 999 })
    .returning({ id: packs.id });
  if (!pack || !inserted[0]) throw new Error('fixtures not inserted');
  await database.db.insert(packTips).values({ packId: pack.id, tipId: inserted[0].id });
  t = await buildTestApp({ database, clock: () => now });
  subscriber = await createTestUser(database.db, { now: start, subscriber: true });
  editor = await createTestUser(database.db, { now: start, roles: ['editor'] });
  user = await createTestUser(database.db, { now: start });
  buyer = await createTestUser(database.db, { now: start });
  await givePack(database.db, buyer.id, pack.id);
});
afterAll(async () => {
  await t.close();
  await t.database.close();
});

type Page = {
  tips: { _id: string; title: string; matchDate: string; analisis?: string; pick?: string }[];
  nextCursor: string | null;
};

const get = (query: string, who: TestUser | null = subscriber) =>
  t.app.inject({
    method: 'GET',
    url: `/api/tips/vip${query}`,
    headers: who ? { authorization: who.authorization } : {},
  });

async function page(query: string, who: TestUser | null = subscriber): Promise<Page> {
  const res = await get(query, who);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as Page;
}

/** Every page from the first, `limit` at a time; `between` runs before each later page. */
async function walk(limit: number, between?: () => Promise<TestUser>) {
  const pages: Page[] = [await page(`?limit=${limit}`)];
  while (pages.at(-1)?.nextCursor) {
    const who = between ? await between() : subscriber;
    pages.push(await page(`?limit=${limit}&cursor=${pages.at(-1)?.nextCursor}`, who));
    expect(pages.length).toBeLessThan(20);
  }
  return pages;
}

const hoursOf = (p: Page[]) =>
  p.flatMap((x) => x.tips.map((tip) => (Date.parse(tip.matchDate) - start.getTime()) / HOUR));
const EXPECTED = [...UPCOMING, ...PAST];

describe('GET /api/tips/vip', () => {
  it('lists upcoming soonest first, then past most recent first, with bet and analysis', async () => {
    now = start;
    const [first] = await walk(50);
    expect(hoursOf([first as Page])).toEqual(EXPECTED);
    expect(first?.nextCursor).toBeNull();
    expect(first?.tips.every((tip) => tip.analisis && tip.pick === 'Local gana')).toBe(true);
    expect(first?.tips.map((tip) => tip.title)).not.toContain('Borrador VIP');
  });

  it.each([1, 2, 3, 4, 5, 6, 11])(
    'pages %i at a time across the boundary with no duplicate and no gap',
    async (limit) => {
      now = start;
      const pages = await walk(limit);
      expect(hoursOf(pages)).toEqual(EXPECTED);
      const ids = pages.flatMap((p) => p.tips.map((tip) => tip._id));
      expect(new Set(ids).size).toBe(EXPECTED.length);
      expect(pages.slice(0, -1).every((p) => p.tips.length === limit)).toBe(true);
      expect(pages.at(-1)?.nextCursor).toBeNull();
    },
  );

  it('keeps the first page’s split while matches kick off during paging', async () => {
    now = start;
    // Three hours pass between pages: tips at +1h..+3h kick off meanwhile, yet stay upcoming.
    const later = new Date(start.getTime() + 3 * HOUR + 60_000);
    // Signed in again at the later instant: a session token lives 15 minutes.
    const again = {
      ...subscriber,
      authorization: await authorizationAt(t.database.db, subscriber.id, later),
    };
    const pages = await walk(2, async () => {
      now = later;
      return again;
    });
    expect(hoursOf(pages)).toEqual(EXPECTED);
    // A fresh first page splits at the new instant.
    const fresh = await page('?limit=50', again);
    expect(hoursOf([fresh])).toEqual([5, 3, 2, 2, 1, -1, -2, -4, -5, -7, -30]);
    now = start;
  });

  it('answers who reads every VIP tip: staff and subscribers yes, others 401/403 in Spanish', async () => {
    expect((await page('?limit=1', editor)).tips).toHaveLength(1);
    const visitor = await get('', null);
    expect(visitor.statusCode).toBe(401);
    expect(visitor.json().message).toBe(MSG.noToken);
    for (const who of [user, buyer]) {
      const res = await get('', who);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ code: 'FORBIDDEN', message: MSG.vipTipsListRequired });
    }
  });

  it.each([
    ['?cursor=nope!', MSG.tipCursorInvalid],
    [`?cursor=${btoa('x.1.2')}`, MSG.tipCursorInvalid],
    [
      `?cursor=${encodeVipTipsCursor({ phase: 'past', micros: '1', id: 'a' }).slice(0, 6)}`,
      MSG.tipCursorInvalid,
    ],
    ['?limit=0', MSG.vipTipsLimitInvalid],
    ['?limit=51', MSG.vipTipsLimitInvalid],
    ['?limit=dos', MSG.vipTipsLimitInvalid],
    ['?limit=1.5', MSG.vipTipsLimitInvalid],
  ])('refuses %s with a Spanish 400', async (query, message) => {
    const res = await get(query);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.body).toContain(message);
  });

  it('a well-formed cursor past every tip answers an empty last page', async () => {
    const cursor = encodeVipTipsCursor({
      phase: 'past',
      micros: '0',
      id: '00000000-0000-4000-8000-000000000000',
    });
    expect(await page(`?cursor=${cursor}`)).toEqual({ success: true, tips: [], nextCursor: null });
  });
});
