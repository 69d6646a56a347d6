import { dayOf, figuresOf, type SettledResult, tallyOf } from '@magotips/contracts/track-record';
import { count, eq, isNotNull, isNull, max, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/test-app';
import type { Database } from '../db/database';
import {
  appMeta,
  packs,
  packTips,
  plans,
  subscriptions,
  tips,
  TRACK_RECORD_COUNTED,
  trackRecordDays,
  userRoles,
  users,
} from '../db/schema';
import { UNFILTERED } from '../modules/track-record/track-record-days';
import { DEMO_HISTORY_DAYS, demoBets } from './demo-bets';
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
    // The demo's own tips, without a bet: the track record's are checked below.
    const rows = await database.db.select().from(tips).where(isNull(tips.oddsCents));
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

describe('demo track record (issue 14 item 8)', () => {
  const HOUR = 3_600_000;
  const bets = () => database.db.select().from(tips).where(isNotNull(tips.oddsCents));
  const counted = () =>
    database.db
      .select()
      .from(tips)
      .where(sql`${TRACK_RECORD_COUNTED}`);

  it('holds six months of settled tips, each published a few hours before its kick-off', async () => {
    const rows = await counted();
    expect(rows.length).toBeGreaterThan(200);
    const first = Math.min(...rows.map((r) => r.matchDate.getTime()));
    const last = Math.max(...rows.map((r) => r.matchDate.getTime()));
    expect((now.getTime() - first) / (24 * HOUR)).toBeGreaterThan(DEMO_HISTORY_DAYS - 2);
    // The feeds' window of matches under way or just ended keeps the demo's own tips.
    expect(now.getTime() - last).toBeGreaterThan(12 * HOUR);
    for (const r of rows) {
      const lead = r.matchDate.getTime() - (r.publishedAt?.getTime() ?? Infinity);
      expect(lead).toBeGreaterThanOrEqual(2 * HOUR);
      expect(lead).toBeLessThan(10 * HOUR);
      expect(r.createdAt.getTime()).toBeLessThan(r.publishedAt!.getTime());
      expect(r.settledAt!.getTime()).toBeGreaterThan(r.matchDate.getTime());
      expect(r.oddsCents).toBeGreaterThanOrEqual(160);
      expect(r.oddsCents).toBeLessThanOrEqual(260);
      expect(r.stake).toBeGreaterThanOrEqual(1);
      expect(r.stake).toBeLessThanOrEqual(5);
      expect(r.pick).toBeTruthy();
      expect(r.analisis.length).toBeGreaterThan(40);
    }
  });

  it('looks like a careful tipster: 52–55 % hits at odds around 2, a modest positive yield, a few voids and halves', async () => {
    const rows = await counted();
    const f = figuresOf(
      tallyOf(
        [...rows]
          .sort((a, b) => a.matchDate.getTime() - b.matchDate.getTime())
          .map((r) => ({
            result: r.result as SettledResult,
            oddsCents: r.oddsCents!,
            stake: r.stake!,
          })),
      ),
    );
    expect(f.hitRate).toBeGreaterThanOrEqual(0.52);
    expect(f.hitRate).toBeLessThanOrEqual(0.55);
    expect(f.yield).toBeGreaterThanOrEqual(0.03);
    expect(f.yield).toBeLessThanOrEqual(0.08);
    expect(f.averageOdds).toBeGreaterThan(1.8);
    expect(f.averageOdds).toBeLessThan(2.2);
    expect(f.void).toBeGreaterThan(0);
    expect(f.halfWon).toBeGreaterThan(0);
    expect(f.halfLost).toBeGreaterThan(0);
    expect(new Set(rows.map((r) => r.category))).toEqual(new Set(['free', 'premium']));
  });

  it('is mostly football, basketball and tennis, with some others', async () => {
    const bySport = new Map<string, number>();
    for (const r of await counted()) bySport.set(r.icon, (bySport.get(r.icon) ?? 0) + 1);
    const ranked = [...bySport].sort((a, b) => b[1] - a[1]).map(([sport]) => sport);
    expect(ranked[0]).toBe('football');
    expect(ranked.slice(1, 3).sort()).toEqual(['basketball', 'tennis']);
    expect(bySport.size).toBeGreaterThanOrEqual(6);
  });

  it('has upcoming tips with their bet and a few started but unsettled ones for the editor', async () => {
    const open = (await bets()).filter((r) => r.result === 'pendiente');
    const started = open.filter((r) => r.matchDate.getTime() < now.getTime());
    const upcoming = open.filter((r) => r.matchDate.getTime() > now.getTime());
    expect(started.length).toBeGreaterThanOrEqual(2);
    expect(started.length).toBeLessThanOrEqual(3);
    expect(upcoming.length).toBeGreaterThanOrEqual(3);
    for (const r of [...started, ...upcoming]) {
      expect(r.isPublished).toBe(true);
      expect(r.publishedAt!.getTime()).toBeLessThan(Math.min(r.matchDate.getTime(), now.getTime()));
      expect(r.settledAt).toBeNull();
    }
    // The visitor's preview still leads with the demo's next free match (Lakers, in five hours).
    expect(upcoming.every((r) => r.matchDate.getTime() > now.getTime() + 5 * HOUR)).toBe(true);
    expect(started.every((r) => r.matchDate.getTime() < now.getTime() - 12 * HOUR)).toBe(true);
  });

  it('has its day summaries built', async () => {
    const [all] = await database.db
      .select({ n: sql<number>`sum(${trackRecordDays.settled})::int` })
      .from(trackRecordDays)
      .where(UNFILTERED);
    expect(all?.n).toBe((await counted()).length);
  });

  it('is the same record on every fresh start, dated from the clock', () => {
    const later = new Date(now.getTime() + 40 * 24 * HOUR);
    const strip = (list: ReturnType<typeof demoBets>) =>
      list.map(({ title, pick, oddsCents, stake, result }) => ({
        title,
        pick,
        oddsCents,
        stake,
        result,
      }));
    expect(strip(demoBets(later))).toEqual(strip(demoBets(now)));
    expect(dayOf(demoBets(later).at(-1)!.matchDate) > dayOf(demoBets(now).at(-1)!.matchDate)).toBe(
      true,
    );
  });

  it('reaches a database seeded before the track record at its next start', async () => {
    await database.db.delete(tips).where(isNotNull(tips.oddsCents));
    await database.db.delete(appMeta).where(eq(appMeta.key, 'demo_seed_bets'));
    await database.db.delete(trackRecordDays);
    expect(await seedDemo(database.db, now)).toBe(true);
    expect((await counted()).length).toBeGreaterThan(200);
    const [u] = await database.db.select({ n: count() }).from(users);
    expect(u?.n).toBe(DEMO_ACCOUNTS.length);
    expect(await seedDemo(database.db, now)).toBe(false);
  });
});
