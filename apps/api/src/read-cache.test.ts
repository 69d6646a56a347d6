// The short-lived read cache seen from outside: what another instance's change (a direct
// database write here) takes to show, and that a change through this instance shows at once.
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, createTestDatabase, type TestApp } from '../test/test-app';
import { createTestUser, givePack, type TestUser } from '../test/users';
import { packs, packTips, plans, tips, userRoles } from './db/schema';
import { seedDemo } from './seed/demo-seed';

// Long enough that nothing expires during a test: every refresh seen here is an invalidation.
const TTL = '10000';
let t: TestApp;
let admin: TestUser;

beforeAll(async () => {
  const database = await createTestDatabase();
  await seedDemo(database.db, new Date());
  t = await buildTestApp({ database, env: { READ_CACHE_TTL_MS: TTL } });
  admin = await createTestUser(database.db, { roles: ['editor', 'admin'] });
});
afterAll(async () => {
  await t.close();
  await t.database.close();
});

async function planNames(): Promise<string[]> {
  const res = await t.app.inject({ url: '/api/subscriptions/plans' });
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
  return (res.json() as { data: { name: string }[] }).data.map((p) => p.name);
}

describe('read cache', () => {
  it('keeps a public read until a write through this instance, which shows at once', async () => {
    const before = await planNames();
    // Another instance's write: not seen until this copy expires.
    await t.database.db.insert(plans).values({
      name: 'Plan Directo',
      key: 'directo',
      priceCents: 500,
      durationMonths: 1,
      sortOrder: 50,
    });
    expect(await planNames()).toEqual(before);

    const created = await t.app.inject({
      method: 'POST',
      url: '/api/subscriptions/admin/planes',
      headers: { authorization: admin.authorization },
      payload: {
        name: 'Plan por la API',
        key: 'api',
        price: 1,
        duration: 1,
        features: ['Uno'],
        isActive: true,
      },
    });
    expect(created.statusCode).toBe(201);
    const after = await planNames();
    expect(after).toContain('Plan Directo');
    expect(after).toContain('Plan por la API');
  });

  it('is not emptied by a sign-in or a session renewal, which change nothing it holds', async () => {
    const before = await planNames();
    await t.database.db.insert(plans).values({
      name: 'Plan Silencioso',
      key: 'silencioso',
      priceCents: 500,
      durationMonths: 1,
      sortOrder: 52,
    });
    const renewed = await t.app.inject({
      method: 'POST',
      url: '/api/auth/refresh',
      headers: { authorization: admin.authorization },
    });
    expect(renewed.statusCode).toBe(200);
    expect(await planNames()).toEqual(before);
  });

  it('does not clear on a refused write', async () => {
    const before = await planNames();
    await t.database.db.insert(plans).values({
      name: 'Plan Oculto',
      key: 'oculto',
      priceCents: 500,
      durationMonths: 1,
      sortOrder: 51,
    });
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/subscriptions/admin/planes',
      payload: {},
    });
    expect(refused.statusCode).toBe(401);
    expect(await planNames()).toEqual(before);
  });

  it('sends the cached preview as the contract allows: cards without analysis', async () => {
    const res = await t.app.inject({ url: '/api/tips/preview' });
    const tips = (res.json() as { tips: Record<string, unknown>[] }).tips;
    expect(tips.length).toBeGreaterThan(0);
    for (const tip of tips) expect(tip).not.toHaveProperty('analisis');
  });

  it('keeps a demoted editor for at most the cache life elsewhere, and not at all here', async () => {
    const editor = await createTestUser(t.database.db, { roles: ['editor'] });
    const list = () =>
      t.app.inject({
        url: '/api/tips?management=true',
        headers: { authorization: editor.authorization },
      });
    expect((await list()).statusCode).toBe(200);
    // Demoted by another instance: this one still holds the account it read.
    await t.database.db
      .delete(userRoles)
      .where(and(eq(userRoles.userId, editor.id), eq(userRoles.role, 'editor')));
    expect((await list()).statusCode).toBe(200);
    // Demoted through this instance: refused on the very next request.
    await t.database.db
      .insert(userRoles)
      .values({ userId: editor.id, role: 'editor', assignedBy: admin.id });
    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/api/admin/users/${editor.id}/roles/editor`,
      headers: { authorization: admin.authorization },
    });
    expect(removed.statusCode).toBe(200);
    expect((await list()).statusCode).toBe(403);
  });

  it("shows a buyer's new pack once the purchase goes through this instance", async () => {
    const buyer = await createTestUser(t.database.db);
    const mine = async () =>
      (
        (
          await t.app.inject({
            url: '/api/packs/mis-packs',
            headers: { authorization: buyer.authorization },
          })
        ).json() as {
          data: unknown[];
        }
      ).data.length;
    expect(await mine()).toBe(0);
    const [pack] = await t.database.db.select({ id: packs.id }).from(packs).limit(1);
    await givePack(t.database.db, buyer.id, pack!.id);
    expect(await mine()).toBe(0);
    // Any successful write of this instance (here the buyer's own pending-checkout cleanup).
    const write = await t.app.inject({
      method: 'POST',
      url: '/api/packs/clean-pending-transactions',
      headers: { authorization: buyer.authorization },
    });
    expect(write.statusCode).toBeLessThan(400);
    expect(await mine()).toBe(1);
  });

  it("never hands one viewer's cached answer to another", async () => {
    const subscriber = await createTestUser(t.database.db, { subscriber: true });
    const user = await createTestUser(t.database.db);
    const vips = async (who: TestUser) =>
      (
        await t.app.inject({
          url: '/api/packs/tips-vips',
          headers: { authorization: who.authorization },
        })
      ).json() as {
        success: boolean;
        tips: { analisis?: string }[];
      };
    const read = await vips(subscriber);
    expect(read.success).toBe(true);
    expect(read.tips.some((tip) => tip.analisis)).toBe(true);
    const refused = await vips(user);
    // Locked teasers (decision 0031): the cards, never the subscriber's cached analyses.
    expect(refused.success).toBe(false);
    expect(refused.tips.length).toBeGreaterThan(0);
    expect(refused.tips.some((tip) => tip.analisis)).toBe(false);

    const [pack] = await t.database.db.select({ id: packs.id }).from(packs).limit(1);
    const buyer = await createTestUser(t.database.db);
    await givePack(t.database.db, buyer.id, pack!.id);
    const statusOf = async (who: TestUser) => {
      const res = await t.app.inject({
        url: '/api/packs/disponibles',
        headers: { authorization: who.authorization },
      });
      return (res.json() as { data: { _id: string; packStatus: string }[] }).data.find(
        (p) => p._id === pack!.id,
      )?.packStatus;
    };
    expect(await statusOf(buyer)).toBe('purchased');
    expect(await statusOf(user)).not.toBe('purchased');
  });

  it('serves one tip from the cache to viewers alike only: never an analysis or a draft to others', async () => {
    const db = t.database.db;
    const [vip] = await db
      .select({ id: tips.id, title: tips.title })
      .from(tips)
      .where(and(eq(tips.category, 'premium'), eq(tips.isPublished, true)))
      .limit(1);
    const subscriber = await createTestUser(db, { subscriber: true });
    const user = await createTestUser(db);
    const editor = await createTestUser(db, { roles: ['editor'] });
    const one = async (id: string, who?: TestUser) => {
      const res = await t.app.inject({
        url: `/api/tips/${id}`,
        headers: who ? { authorization: who.authorization } : {},
      });
      return {
        status: res.statusCode,
        body: res.json() as { tip?: { analisis?: string; title: string } },
      };
    };

    const read = await one(vip!.id, subscriber);
    expect(read.status).toBe(200);
    expect(read.body.tip?.analisis).toBeTruthy();
    const locked = await one(vip!.id, user);
    expect(locked.status).toBe(403);
    expect(locked.body.tip?.analisis).toBeUndefined();
    expect((await one(vip!.id)).status).toBe(403);

    // A buyer of a pack holding it reads it; the user next to them still does not.
    const [holder] = await db
      .select({ packId: packTips.packId })
      .from(packTips)
      .where(eq(packTips.tipId, vip!.id))
      .limit(1);
    if (holder) {
      const buyer = await createTestUser(db);
      await givePack(db, buyer.id, holder.packId);
      expect((await one(vip!.id, buyer)).status).toBe(200);
      expect((await one(vip!.id, user)).status).toBe(403);
    }

    // A draft: the editor's cached 200 never reaches a subscriber.
    await db.update(tips).set({ isPublished: false }).where(eq(tips.id, vip!.id));
    const write = await t.app.inject({
      method: 'PATCH',
      url: `/api/tips/${vip!.id}`,
      headers: { authorization: editor.authorization },
      payload: { isPublished: false },
    });
    expect(write.statusCode).toBe(200);
    expect((await one(vip!.id, editor)).status).toBe(200);
    expect((await one(vip!.id, subscriber)).status).toBe(404);

    // Another instance's edit shows after the cache life; one through this instance at once.
    await db
      .update(tips)
      .set({ isPublished: true, title: 'Editado fuera' })
      .where(eq(tips.id, vip!.id));
    expect((await one(vip!.id, editor)).body.tip?.title).not.toBe('Editado fuera');
    await t.app.inject({
      method: 'POST',
      url: '/api/packs/clean-pending-transactions',
      headers: { authorization: user.authorization },
    });
    expect((await one(vip!.id, subscriber)).body.tip?.title).toBe('Editado fuera');
  });

  it("keeps the editors' page for editors: a warm cache answers nobody else", async () => {
    const db = t.database.db;
    const editor = await createTestUser(db, { roles: ['editor'] });
    const adminOnly = await createTestUser(db, { roles: ['admin'] });
    const user = await createTestUser(db);
    const page = (who?: TestUser) =>
      t.app.inject({
        url: '/api/tips?management=true&page=1',
        headers: who ? { authorization: who.authorization } : {},
      });
    expect((await page(editor)).statusCode).toBe(200);
    expect((await page(user)).statusCode).toBe(403);
    expect((await page(adminOnly)).statusCode).toBe(403);
    expect((await page()).statusCode).toBe(401);
  });
});
