import { ALERT_MSG } from '@magotips/contracts/alerts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AlertsKit, packHolding, startAlertsKit } from '../../../test/alerts';
import { authorizationAt, givePack, type TestUser } from '../../../test/users';
import { alertPreferences, pushSubscriptions } from '../../db/schema';

// Issue 29 item 15f: the N of "se avisará a N lectores", as the fan-out would count them.
let kit: AlertsKit;

beforeAll(async () => {
  kit = await startAlertsKit(new Date('2031-03-15T12:00:00Z'));
});
afterAll(() => kit.close());

async function audience(category: string, who: TestUser = kit.editor) {
  return kit.t.app.inject({
    url: `/api/alerts/audience?category=${category}`,
    headers: { authorization: await authorizationAt(kit.db, who.id, kit.now()) },
  });
}

/** Push switches on, and a device unless `device` is false. */
async function withPush(u: TestUser, opts: { free?: boolean; vip?: boolean; device?: boolean }) {
  await kit.db
    .update(alertPreferences)
    .set({ pushFree: opts.free ?? false, pushVip: opts.vip ?? false })
    .where(eq(alertPreferences.userId, u.id));
  if (opts.device !== false)
    await kit.db.insert(pushSubscriptions).values({
      userId: u.id,
      endpoint: `https://push.example/${u.id}`,
      p256dh: 'p256dh',
      auth: 'auth',
    });
}

describe('GET /api/alerts/audience', () => {
  it('counts each reader the first publication would alert once, by e-mail or push', async () => {
    const read = async (category: string) => (await audience(category)).json().readers as number;
    expect(await read('free')).toBe(0);
    expect(await read('premium')).toBe(0);

    // Free: a verified reader with the e-mail or the push switch (and a device) on.
    await kit.reader({ free: true });
    const both = await kit.reader({ free: true, vip: true });
    await withPush(both, { free: true });
    await withPush(await kit.reader({ free: false }), { free: true });
    await withPush(await kit.reader({ free: false }), { free: true, device: false });
    await kit.reader({ vip: true });
    await kit.reader({ free: false, vip: false });
    await kit.reader();
    await kit.reader({ free: true, verified: false });

    // VIP: only who may read a new VIP tip today; a pack buyer's packs do not hold it yet.
    await kit.reader({ vip: true, subscriber: true });
    await kit.reader({ vip: true, roles: ['editor'] });
    await kit.reader({ vip: true, roles: ['admin'] });
    const buyer = await kit.reader({ vip: true });
    const held = await kit.createTip({ category: 'premium', isPublished: false });
    await givePack(kit.db, buyer.id, await packHolding(kit.db, [held]));

    expect(await audience('free').then((r) => r.statusCode)).toBe(200);
    expect(await read('free')).toBe(3);
    expect((await audience('premium')).json()).toEqual({
      success: true,
      category: 'premium',
      readers: 3,
    });
  });

  it.each([['vip'], [''], ['FREE']])(
    'refuses category=%j with a 400 in Spanish',
    async (category) => {
      const res = await audience(category);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ success: false, message: ALERT_MSG.audienceCategory });
    },
  );

  it('answers the editors only', async () => {
    const visitor = await kit.t.app.inject({ url: '/api/alerts/audience?category=free' });
    expect(visitor.statusCode).toBe(401);
    for (const roles of [[], ['admin']] as const) {
      const res = await audience('free', await kit.reader({ roles: [...roles] }));
      expect(res.statusCode).toBe(403);
    }
  });
});
