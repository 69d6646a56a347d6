import { count, eq, max } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../test/test-app';
import type { Database } from '../database';
import { packs, packTips, plans, subscriptions, tips, userRoles, users } from '../schema';
import { DEMO_ACCOUNTS, seedDemo } from './demo-seed';

let database: Database;
const now = new Date('2026-06-01T12:00:00Z');

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

describe('demo seed', () => {
  it('loads the demo accounts and content once', async () => {
    expect(await seedDemo(database.db, now)).toBe(true);
    expect(await seedDemo(database.db, now)).toBe(false);

    const db = database.db;
    const [u] = await db.select({ n: count() }).from(users);
    expect(u?.n).toBe(DEMO_ACCOUNTS.length);
    const [p] = await db.select({ n: count() }).from(packs);
    expect(p?.n).toBe(3);
    const planKeys = (await db.select({ key: plans.key }).from(plans)).map((r) => r.key).sort();
    expect(planKeys).toEqual(['basic', 'premium', 'vip']);
  });

  it('has at least 16 tips over 6 sports: free and premium, past, one in progress, most upcoming', async () => {
    const rows = await database.db.select().from(tips);
    expect(rows.length).toBeGreaterThanOrEqual(16);
    expect(new Set(rows.map((r) => r.icon)).size).toBeGreaterThanOrEqual(6);
    expect(rows.some((r) => r.category === 'free')).toBe(true);
    expect(rows.some((r) => r.category === 'premium')).toBe(true);
    const past = rows.filter((r) => r.matchDate.getTime() < now.getTime() - 5 * 3_600_000);
    const upcoming = rows.filter((r) => r.matchDate.getTime() > now.getTime());
    const live = rows.filter(
      (r) =>
        r.matchDate.getTime() <= now.getTime() && r.matchDate.getTime() > now.getTime() - 3_600_000,
    );
    expect(past.length).toBeGreaterThan(0);
    expect(live.length).toBe(1);
    expect(upcoming.length).toBeGreaterThan(rows.length / 2);
  });

  it('gives each demo account its roles and the VIP account an active subscription', async () => {
    const roles = await database.db
      .select({ email: users.email, role: userRoles.role })
      .from(userRoles)
      .innerJoin(users, eq(users.id, userRoles.userId));
    for (const account of DEMO_ACCOUNTS) {
      const got = roles
        .filter((r) => r.email === account.email)
        .map((r) => r.role)
        .sort();
      expect(got).toEqual([...account.roles].sort());
    }
    const subs = await database.db
      .select({ email: users.email, endDate: subscriptions.endDate })
      .from(subscriptions)
      .innerJoin(users, eq(users.id, subscriptions.userId));
    expect(subs).toHaveLength(1);
    expect(subs[0]?.email).toBe('vip@example.com');
    expect(subs[0]!.endDate.getTime()).toBeGreaterThan(now.getTime());
  });

  it('includes a pack whose matches are all over', async () => {
    const rows = await database.db
      .select({ nombre: packs.nombre, latest: max(tips.matchDate) })
      .from(packs)
      .innerJoin(packTips, eq(packTips.packId, packs.id))
      .innerJoin(tips, eq(tips.id, packTips.tipId))
      .groupBy(packs.nombre);
    const over = rows.filter(
      (r) => r.latest && r.latest.getTime() < now.getTime() - 12 * 3_600_000,
    );
    expect(over.length).toBe(1);
  });
});
