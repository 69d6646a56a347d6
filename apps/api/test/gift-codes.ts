import type { TCreateGiftCodesResponse } from '@magotips/contracts/gift-codes';
import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import type { Db } from '../src/db/database';
import { packs, packTips, plans, subscriptions, tips } from '../src/db/schema';
import { bearerAt, movableClock } from './payments';
import { buildTestApp, type TestApp } from './test-app';
import { createTestUser } from './users';

export type GiftTestApp = TestApp & {
  time: ReturnType<typeof movableClock>;
  planKey: string;
  packId: string;
  premiumTipId: string;
  admin: { id: string; headers: () => Promise<{ authorization: string }> };
  newUser(opts?: { subscriber?: boolean }): Promise<{
    id: string;
    headers: () => Promise<{ authorization: string }>;
  }>;
  /** A batch made through the API by the admin; throws unless it answers 201. */
  issue(body: Record<string, unknown>): Promise<TCreateGiftCodesResponse>;
  redeem(
    user: { headers: () => Promise<{ authorization: string }> },
    code: string,
    remoteAddress?: string,
  ): Promise<LightMyRequestResponse>;
};

/** An app with one active plan and one active pack holding a premium tip, and an admin. */
export async function buildGiftApp(
  opts: { env?: Record<string, string>; logStream?: { write(line: string): void } } = {},
): Promise<GiftTestApp> {
  const time = movableClock(new Date('2026-06-01T12:00:00Z'));
  const t = await buildTestApp({ clock: time.clock, ...opts });
  const db: Db = t.database.db;
  const [plan] = await db
    .insert(plans)
    .values({ name: 'Plan Premium', key: 'premium', priceCents: 1999, features: ['Todo'] })
    .returning();
  const [pack] = await db
    .insert(packs)
    .values({ nombre: 'Pack Regalo', descripcion: 'Para regalar', priceCents: 999 })
    .returning();
  const [tip] = await db
    .insert(tips)
    .values({
      icon: 'football',
      title: 'Tip VIP de regalo',
      matchDate: new Date(time.now().getTime() + 86_400_000),
      analisis: 'Análisis completo',
      category: 'premium',
    })
    .returning();
  if (!plan || !pack || !tip) throw new Error('fixtures not inserted');
  await db.insert(packTips).values({ packId: pack.id, tipId: tip.id });

  const userAt = async (roles: ('admin' | 'editor')[], subscriber = false) => {
    const u = await createTestUser(db, { now: time.now(), roles, subscriber });
    return { id: u.id, headers: () => bearerAt(db, u.id, time.now()) };
  };
  const admin = await userAt(['admin']);
  return {
    ...t,
    time,
    planKey: plan.key,
    packId: pack.id,
    premiumTipId: tip.id,
    admin,
    newUser: (o = {}) => userAt([], o.subscriber ?? false),
    async issue(body) {
      // Each batch a second after the last: the list is newest first, by creation time.
      time.advance(1000);
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/admin/gift-codes',
        headers: await admin.headers(),
        payload: body,
      });
      if (res.statusCode !== 201) throw new Error(`issue: ${res.statusCode} ${res.body}`);
      return res.json<TCreateGiftCodesResponse>();
    },
    async redeem(user, code, remoteAddress) {
      return t.app.inject({
        method: 'POST',
        url: '/api/gift-codes/redeem',
        headers: await user.headers(),
        payload: { code },
        ...(remoteAddress ? { remoteAddress } : {}),
      });
    },
  };
}

export async function subscriptionRow(db: Db, userId: string) {
  const [row] = await db.select().from(subscriptions).where(eq(subscriptions.userId, userId));
  return row ?? null;
}
