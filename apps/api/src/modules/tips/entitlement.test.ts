import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CALLERS, type Caller, type Callers, createCallers } from '../../../test/callers';
import { buildTestApp, createTestDatabase, type TestApp } from '../../../test/test-app';
import { createTestUser, givePack } from '../../../test/users';
import { packPurchases, packs, packTips, subscriptions, tips } from '../../db/schema';
import { seedDemo } from '../../seed/demo-seed';

/** DESIGN.md §4: a premium analysis leaves the server only for a subscriber, a buyer of a pack
 * holding it, or an editor/admin; a free one only for a signed-in user; drafts only for editors.
 * Every route of tips, packs and plans is read as every kind of caller and its raw JSON searched
 * for every analysis text the caller may not read. */

const now = new Date('2026-06-01T12:00:00Z');
let t: TestApp;
type Kind = Caller | 'expiredSubscriber' | 'revokedBuyer';
const headers: Partial<Record<Kind, Record<string, string>>> = {};
let who: Callers;
let allTips: { id: string; analisis: string; category: string; isPublished: boolean }[] = [];
let boughtTipIds = new Set<string>();

const escaped = (text: string) => JSON.stringify(text).slice(1, -1);

function mayRead(kind: Kind, tip: (typeof allTips)[number]): boolean {
  if (kind === 'editor' || kind === 'admin' || kind === 'editorAdmin') return true;
  if (!tip.isPublished) return false;
  if (kind === 'visitor') return false;
  if (tip.category === 'free') return true;
  if (kind === 'subscriber') return true;
  return kind === 'buyer' && boughtTipIds.has(tip.id);
}

beforeAll(async () => {
  const database = await createTestDatabase();
  await seedDemo(database.db, now);
  const db = database.db;
  await db.insert(tips).values([
    {
      icon: 'golf',
      title: 'Borrador',
      matchDate: new Date(now.getTime() + 3_600_000),
      analisis: 'ANALISIS-BORRADOR-GRATIS',
      category: 'free',
      isPublished: false,
    },
    {
      icon: 'golf',
      title: 'Borrador VIP',
      matchDate: new Date(now.getTime() + 3_600_000),
      analisis: 'ANALISIS-BORRADOR-VIP',
      category: 'premium',
      isPublished: false,
    },
  ]);
  const [usa] = await db.select().from(packs).where(eq(packs.nombre, 'Pack Estados Unidos'));
  if (!usa) throw new Error('no pack');
  // A draft inside the bought pack: the buyer must still not read it.
  const [draftVip] = await db.select().from(tips).where(eq(tips.title, 'Borrador VIP'));
  await db.insert(packTips).values({ packId: usa.id, tipId: draftVip!.id, position: 9 });

  // With the read cache on: callers of every kind read the same routes in turn, so a cached
  // answer handed to the wrong viewer would show here.
  t = await buildTestApp({ database, clock: () => now, env: { READ_CACHE_TTL_MS: '10000' } });
  who = await createCallers(db, now, usa.id);
  for (const c of CALLERS) headers[c] = who[c].headers;

  const expired = await createTestUser(db, { now, subscriber: true });
  await db
    .update(subscriptions)
    .set({ endDate: new Date(now.getTime() - 60_000) })
    .where(eq(subscriptions.userId, expired.id));
  headers.expiredSubscriber = { authorization: expired.authorization };

  const revoked = await createTestUser(db, { now });
  await givePack(db, revoked.id, usa.id);
  await db
    .update(packPurchases)
    .set({ revokedAt: now })
    .where(and(eq(packPurchases.userId, revoked.id)));
  headers.revokedBuyer = { authorization: revoked.authorization };

  allTips = await db
    .select({
      id: tips.id,
      analisis: tips.analisis,
      category: tips.category,
      isPublished: tips.isPublished,
    })
    .from(tips);
  boughtTipIds = new Set(
    (await db.select({ id: packTips.tipId }).from(packTips).where(eq(packTips.packId, usa.id))).map(
      (r) => r.id,
    ),
  );
});
afterAll(async () => {
  await t.close();
  await t.database.close();
});

function readUrls(): string[] {
  return [
    '/api/tips/preview?limit=10',
    '/api/tips?limit=100',
    '/api/tips?limit=100&category=premium',
    '/api/tips?limit=100&category=free',
    '/api/tips?limit=5&page=2',
    '/api/tips?management=true&limit=100',
    ...allTips.map((tip) => `/api/tips/${tip.id}`),
    '/api/packs/disponibles',
    '/api/packs/tips-gratis?limit=50',
    '/api/packs/tips-vips?limit=50',
    '/api/packs',
    '/api/subscriptions/plans',
    '/api/subscriptions/admin/planes',
  ];
}

const KINDS: Kind[] = [...CALLERS, 'expiredSubscriber', 'revokedBuyer'];

describe('no analysis leaves the server without entitlement, on any route', () => {
  for (const kind of KINDS) {
    it(`as ${kind}`, async () => {
      const forbidden = allTips.filter((tip) => !mayRead(kind, tip));
      let checked = 0;
      for (const url of readUrls()) {
        const res = await t.app.inject({ method: 'GET', url, headers: headers[kind] });
        expect(res.statusCode, `${url}: ${res.body.slice(0, 200)}`).toBeLessThan(500);
        for (const tip of forbidden) {
          expect(res.body.includes(escaped(tip.analisis)), `${kind} read ${tip.id} on ${url}`).toBe(
            false,
          );
        }
        checked++;
      }
      expect(checked).toBe(readUrls().length);
    });
  }

  it('and each entitled caller does read what they are entitled to on the detail path', async () => {
    for (const kind of KINDS) {
      for (const tip of allTips.filter((x) => mayRead(kind, x))) {
        const res = await t.app.inject({
          method: 'GET',
          url: `/api/tips/${tip.id}`,
          headers: headers[kind],
        });
        expect(res.statusCode, `${kind} ${tip.id}`).toBe(200);
        expect(res.json().tip.analisis).toBe(tip.analisis);
      }
    }
  });

  it('the buyer reads the analyses of the pack bought, also in the public list', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/tips?limit=100&category=premium',
      headers: headers.buyer,
    });
    const withAnalysis = res
      .json()
      .tips.filter((x: { analisis?: string }) => x.analisis)
      .map((x: { _id: string }) => x._id)
      .sort();
    const published = allTips
      .filter((x) => x.isPublished && boughtTipIds.has(x.id))
      .map((x) => x.id)
      .sort();
    expect(withAnalysis).toEqual(published);
  });

  // Decision 0031: the VIP tab shows buyers their tips and everyone else locked teasers.
  it('the buyer reads the bought tips in the VIP tab; teasers there never carry an analysis key', async () => {
    const vip = async (kind: Kind) =>
      (
        await t.app.inject({
          method: 'GET',
          url: '/api/packs/tips-vips?limit=50',
          headers: headers[kind],
        })
      ).json() as {
        tips: { _id: string; analisis?: string }[];
      };
    const buyer = await vip('buyer');
    const published = allTips
      .filter((x) => x.isPublished && boughtTipIds.has(x.id))
      .map((x) => x.id)
      .sort();
    expect(
      buyer.tips
        .filter((x) => 'analisis' in x)
        .map((x) => x._id)
        .sort(),
    ).toEqual(published);
    for (const kind of ['user', 'expiredSubscriber', 'revokedBuyer'] as const) {
      const { tips: teasers } = await vip(kind);
      expect(teasers.length, kind).toBeGreaterThan(0);
      for (const x of teasers) expect(x, kind).not.toHaveProperty('analisis');
    }
  });
});
