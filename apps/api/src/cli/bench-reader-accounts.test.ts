// The bench's readers (decision 0090) must be what the server takes for signed-in people: their
// tokens pass the guard with their session, subscribers are subscribers, and a second run ends
// the first run's sessions instead of piling them up.
import { eq, inArray, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, createTestDatabase, testConfig, type TestApp } from '../../test/test-app';
import { alertPreferences, sessions, users } from '../db/schema';
import { seedDemo } from '../seed/demo-seed';
import { makeBenchReaders } from './bench-reader-accounts';

let t: TestApp;
const secret = testConfig().jwtSecret;
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

beforeAll(async () => {
  const database = await createTestDatabase();
  await seedDemo(database.db, new Date());
  t = await buildTestApp({ database });
});
afterAll(async () => {
  await t.close();
  await t.database.close();
});

type Tip = { analisis?: string };

async function vipTips(token: string): Promise<Tip[]> {
  const res = await t.app.inject({
    method: 'GET',
    url: '/api/packs/tips-vips',
    headers: bearer(token),
  });
  expect(res.statusCode).toBe(200);
  return (res.json() as { tips: Tip[] }).tips;
}

describe('makeBenchReaders', () => {
  it('signs in half free users and half subscribers, each on a session of their own', async () => {
    const made = await makeBenchReaders(t.database.db, secret, { kind: 'mixed', count: 4 });
    expect(made).toMatchObject({ readers: 4 });
    expect(made.free).toHaveLength(2);
    expect(made.subscribers).toHaveLength(2);
    for (const token of made.subscribers) {
      const tips = await vipTips(token);
      expect(tips.length).toBeGreaterThan(0);
      for (const tip of tips) expect(tip.analisis).toEqual(expect.any(String));
    }
    for (const token of made.free) {
      for (const tip of await vipTips(token)) expect(tip.analisis).toBeUndefined();
    }
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/auth/sessions',
      headers: bearer(made.free[0]!),
    });
    expect(res.statusCode).toBe(200);
    const listed = (res.json() as { sessions: { current: boolean; userAgent: string | null }[] })
      .sessions;
    expect(listed).toEqual([
      expect.objectContaining({ current: true, userAgent: 'MagoTips bench (autocannon)' }),
    ]);
  });

  it('reuses the readers on a second run and ends their earlier sessions', async () => {
    const first = await makeBenchReaders(t.database.db, secret, { kind: 'mixed', count: 4 });
    const second = await makeBenchReaders(t.database.db, secret, {
      kind: 'mixed',
      count: 4,
      signed: 2,
    });
    expect(second.free.length + second.subscribers.length).toBe(2);
    const db = t.database.db;
    const readers = await db
      .select({ id: users.id })
      .from(users)
      .where(like(users.email, 'bench-lector-%'));
    expect(readers).toHaveLength(4);
    const rows = await db
      .select()
      .from(sessions)
      .where(
        inArray(
          sessions.userId,
          readers.map((r) => r.id),
        ),
      );
    expect(rows).toHaveLength(2);
    const old = await t.app.inject({
      method: 'GET',
      url: '/api/packs/tips-gratis',
      headers: bearer(first.free[0]!),
    });
    expect(old.statusCode).toBe(401);
    const fresh = second.free[0] ?? second.subscribers[0]!;
    const now = await t.app.inject({
      method: 'GET',
      url: '/api/packs/tips-gratis',
      headers: bearer(fresh),
    });
    expect(now.statusCode).toBe(200);
  });

  it('makes match-day readers who want e-mail alerts of free tips', async () => {
    const made = await makeBenchReaders(t.database.db, secret, {
      kind: 'alerts',
      count: 3,
      signed: 1,
    });
    expect(made).toMatchObject({ readers: 3, subscribers: [] });
    expect(made.free).toHaveLength(1);
    const db = t.database.db;
    const readers = await db
      .select({ id: users.id })
      .from(users)
      .where(like(users.email, 'bench-partido-%'));
    const prefs = await db
      .select()
      .from(alertPreferences)
      .where(
        inArray(
          alertPreferences.userId,
          readers.map((r) => r.id),
        ),
      );
    expect(prefs).toHaveLength(3);
    for (const p of prefs)
      expect(p).toMatchObject({
        emailFree: true,
        emailVip: false,
        newsConsentAt: expect.any(Date),
      });
    const [one] = await db
      .select()
      .from(users)
      .where(eq(users.email, 'bench-partido-1@example.com'));
    expect(one?.emailVerifiedAt).toEqual(expect.any(Date));
  });
});
