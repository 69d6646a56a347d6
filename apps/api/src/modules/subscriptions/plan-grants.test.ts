import { MSG } from '@magotips/contracts/messages';
import { PLAN_GRANT_MSG } from '@magotips/contracts/plan-grants';
import { and, eq, notInArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paymentCalls } from '../../../test/payment-calls';
import { buildPaymentsApp, type PaymentsTestApp, planByKey } from '../../../test/payments';
import { createTestUser } from '../../../test/users';
import { packTips, tips } from '../../db/schema';

/** What a plan grants is what its fields say (decision 0097): the packs-only plan opens the
 * tips inside packs and no other VIP tip; the plan of every VIP tip opens both; an admin's
 * later edit changes what new buyers get, not what a subscriber paid for. */

let t: PaymentsTestApp;
let vipOutsidePacks: { id: string; analisis: string };
let vipInPack: { id: string; analisis: string };
const { user } = paymentCalls(() => t);
const form = { 'content-type': 'application/x-www-form-urlencoded' };

beforeAll(async () => {
  t = await buildPaymentsApp({ stripe: false });
  const db = t.database.db;
  const packed = db.select({ id: packTips.tipId }).from(packTips);
  const [outside] = await db
    .select({ id: tips.id, analisis: tips.analisis })
    .from(tips)
    .where(
      and(eq(tips.category, 'premium'), eq(tips.isPublished, true), notInArray(tips.id, packed)),
    )
    .limit(1);
  const [inside] = await db
    .select({ id: tips.id, analisis: tips.analisis })
    .from(tips)
    .where(eq(tips.id, t.ids.tipInEurope));
  if (!outside || !inside) throw new Error('seed: no VIP tip outside or inside a pack');
  vipOutsidePacks = outside;
  vipInPack = inside;
});
afterAll(() => t.close());

type U = Awaited<ReturnType<typeof user>>;

async function subscribeTo(u: U, key: string, price: number) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/subscriptions/create-payment-stripe',
    headers: await u.headers(),
    payload: {
      plan: key,
      amount: price,
      currency: 'USD',
      recurring: true,
      immediateAccessConsent: true,
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  const url = new URL(res.json().payment.stripeCheckoutUrl as string);
  const pay = await t.app.inject({
    method: 'POST',
    url: `${url.pathname}/pay`,
    headers: form,
    payload: '',
  });
  expect(pay.statusCode, pay.body).toBe(303);
}

async function reads(u: U, tip: { id: string; analisis: string }): Promise<boolean> {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/tips/${tip.id}`,
    headers: await u.headers(),
  });
  // A VIP analysis the reader may not open is a 403 with the tip's card and no analysis.
  expect([200, 403], res.body).toContain(res.statusCode);
  const hasAnalysis = res.body.includes(JSON.stringify(tip.analisis).slice(1, -1));
  expect(hasAnalysis).toBe(res.statusCode === 200);
  return hasAnalysis;
}

describe('plan fields drive access', () => {
  it('the packs-only plan opens the tips inside packs and no other VIP tip', async () => {
    const u = await user();
    expect(await reads(u, vipInPack)).toBe(false);
    await subscribeTo(u, 'basic', 9.99);
    expect(await reads(u, vipInPack)).toBe(true);
    expect(await reads(u, vipOutsidePacks)).toBe(false);
    // The lock says why, for this plan: not "subscribe", which this reader already did.
    const locked = await t.app.inject({
      method: 'GET',
      url: `/api/tips/${vipOutsidePacks.id}`,
      headers: await u.headers(),
    });
    expect(locked.json()).toMatchObject({
      code: 'PREMIUM_REQUIRED',
      message: MSG.tipOutsidePlanPacks,
    });
    // The VIP tab: the packs' tips open, so the answer is a success, never "subscribe".
    const feed = await t.app.inject({
      method: 'GET',
      url: '/api/packs/tips-vips',
      headers: await u.headers(),
    });
    const body = feed.json() as {
      success: boolean;
      message: string;
      tips: { analisis?: string }[];
    };
    const opened = body.tips.some((tip) => tip.analisis !== undefined);
    expect(body.success).toBe(opened);
    expect(body.message).not.toBe(MSG.vipSubscriptionRequired);
    if (!opened) expect(body.message).toBe(MSG.planPacksOnlyEmpty);
  });

  it('the plan of every VIP tip opens both', async () => {
    const u = await user();
    await subscribeTo(u, 'premium', 19.99);
    expect(await reads(u, vipInPack)).toBe(true);
    expect(await reads(u, vipOutsidePacks)).toBe(true);
  });

  it('a subscriber keeps what they bought when the plan is edited later', async () => {
    const u = await user();
    await subscribeTo(u, 'vip', 49.99);
    const admin = await createTestUser(t.database.db, {
      now: t.time.now(),
      roles: ['editor', 'admin'],
    });
    const plan = await planByKey(t.database.db, 'vip');
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/subscriptions/admin/planes/${plan.id}`,
      headers: { authorization: admin.authorization },
      payload: {
        name: plan.name,
        key: plan.key,
        price: 49.99,
        duration: 3,
        features: plan.features,
        isActive: true,
        grantsAllVipTips: false,
        includesPacks: true,
        trialDays: 0,
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ grantsAllVipTips: false, includesPacks: true });
    expect(await reads(u, vipOutsidePacks)).toBe(true);
    const later = await user();
    await subscribeTo(later, 'vip', 49.99);
    expect(await reads(later, vipOutsidePacks)).toBe(false);
  });
});

describe('plan form rules on the server', () => {
  async function put(body: Record<string, unknown>) {
    const admin = await createTestUser(t.database.db, {
      now: t.time.now(),
      roles: ['editor', 'admin'],
    });
    const plan = await planByKey(t.database.db, 'basic');
    return t.app.inject({
      method: 'PUT',
      url: `/api/subscriptions/admin/planes/${plan.id}`,
      headers: { authorization: admin.authorization },
      payload: { name: 'Packs VIP', key: 'basic', price: 9.99, duration: 1, ...body },
    });
  }

  it('refuses a plan that grants nothing, in Spanish', async () => {
    const res = await put({ grantsAllVipTips: false, includesPacks: false });
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain(PLAN_GRANT_MSG.grantsNothing);
  });

  it.each([31, -1, 2.5, 'siete'])('refuses %s trial days, in Spanish', async (trialDays) => {
    const res = await put({ trialDays });
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain(PLAN_GRANT_MSG.trialDays);
  });

  it('stores every VIP tip as including the packs', async () => {
    const res = await put({ grantsAllVipTips: true, includesPacks: false, trialDays: 30 });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({
      grantsAllVipTips: true,
      includesPacks: true,
      trialDays: 30,
    });
  });
});
