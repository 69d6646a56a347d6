import { MSG } from '@magotips/contracts/messages';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CALLERS,
  type Caller,
  type Callers,
  cell,
  createCallers,
  type Expected,
} from '../../../test/callers';
import { buildTestApp, createTestDatabase, type TestApp } from '../../../test/test-app';
import { packs, plans, transactions } from '../../db/schema';
import { seedDemo } from '../../seed/demo-seed';

const now = new Date('2026-06-01T12:00:00Z');
let t: TestApp;
let who: Callers;
let seq = 0;

const validPlan = () => ({
  name: 'Plan Anual',
  key: `anual-${++seq}`,
  price: 99.99,
  duration: 12,
  features: ['Todos los tips VIP', 'Soporte prioritario'],
  isActive: true,
});

async function freshPlan(): Promise<string> {
  const [row] = await t.database.db
    .insert(plans)
    .values({
      name: 'Desechable',
      key: `tmp-${++seq}`,
      priceCents: 100,
      durationMonths: 1,
      sortOrder: 100 + seq,
    })
    .returning({ id: plans.id });
  return row!.id;
}

async function planId(key: string): Promise<string> {
  const [row] = await t.database.db.select({ id: plans.id }).from(plans).where(eq(plans.key, key));
  return row!.id;
}

beforeAll(async () => {
  const database = await createTestDatabase();
  await seedDemo(database.db, now);
  t = await buildTestApp({ database, clock: () => now });
  const [pack] = await database.db.select({ id: packs.id }).from(packs).limit(1);
  who = await createCallers(database.db, now, pack!.id);
});
afterAll(async () => {
  await t.close();
  await t.database.close();
});

const NO_TOKEN = { status: 401, message: MSG.noToken };
const NOT_BOTH = { status: 403, message: MSG.bothRolesRequired };
const bothRoles = (ok: number): Record<Caller, Expected> => ({
  visitor: NO_TOKEN,
  user: NOT_BOTH,
  subscriber: NOT_BOTH,
  buyer: NOT_BOTH,
  editor: NOT_BOTH,
  admin: NOT_BOTH,
  editorAdmin: ok,
});

type Route = {
  name: string;
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  url: () => Promise<string> | string;
  body?: () => Record<string, unknown>;
  expected: Record<Caller, Expected>;
};

const routes: Route[] = [
  {
    name: 'GET /api/subscriptions/plans',
    method: 'GET',
    url: () => '/api/subscriptions/plans',
    expected: Object.fromEntries(CALLERS.map((c) => [c, 200])) as Record<Caller, Expected>,
  },
  {
    name: 'GET …/admin/planes',
    method: 'GET',
    url: () => '/api/subscriptions/admin/planes',
    expected: bothRoles(200),
  },
  {
    name: 'POST …/admin/planes',
    method: 'POST',
    url: () => '/api/subscriptions/admin/planes',
    body: validPlan,
    expected: bothRoles(201),
  },
  {
    name: 'PUT …/admin/planes/{id} (full)',
    method: 'PUT',
    url: async () => `/api/subscriptions/admin/planes/${await freshPlan()}`,
    body: validPlan,
    expected: bothRoles(200),
  },
  {
    name: 'PUT …/admin/planes/{id} (grants and trial, decisions 0097-0098)',
    method: 'PUT',
    url: async () => `/api/subscriptions/admin/planes/${await freshPlan()}`,
    body: () => ({ ...validPlan(), grantsAllVipTips: false, includesPacks: true, trialDays: 7 }),
    expected: bothRoles(200),
  },
  {
    name: 'PUT …/admin/planes/{id} ({isActive})',
    method: 'PUT',
    url: async () => `/api/subscriptions/admin/planes/${await freshPlan()}`,
    body: () => ({ isActive: false }),
    expected: bothRoles(200),
  },
  {
    name: 'DELETE …/admin/planes/{id}',
    method: 'DELETE',
    url: async () => `/api/subscriptions/admin/planes/${await freshPlan()}`,
    expected: bothRoles(200),
  },
];

describe('plans: authorization matrix', () => {
  for (const route of routes) {
    for (const caller of CALLERS) {
      it(`${route.name} as ${caller}`, async () => {
        const res = await t.app.inject({
          method: route.method,
          url: await route.url(),
          headers: who[caller].headers,
          ...(route.body ? { payload: route.body() } : {}),
        });
        const want = cell(route.expected[caller]);
        expect(res.statusCode, res.body).toBe(want.status);
        if (want.message) expect(res.json().message).toBe(want.message);
      });
    }
  }
});

describe('GET /api/subscriptions/plans', () => {
  it('lists the active plans in order, prices as decimals, durations in months', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/subscriptions/plans' });
    const data = res.json().data as {
      key: string;
      price: number;
      duration: number;
      isActive: boolean;
    }[];
    expect(data.slice(0, 3).map((p) => p.key)).toEqual(['basic', 'premium', 'vip']);
    expect(data[0]).toMatchObject({
      name: 'Packs VIP',
      price: 9.99,
      duration: 1,
      isActive: true,
    });
    expect(data.every((p) => p.isActive)).toBe(true);
  });

  it('hides an inactive plan from the public but not from the admin list', async () => {
    const id = await planId('vip');
    const off = await t.app.inject({
      method: 'PUT',
      url: `/api/subscriptions/admin/planes/${id}`,
      headers: who.editorAdmin.headers,
      payload: { isActive: false },
    });
    expect(off.json()).toMatchObject({
      success: true,
      data: { isActive: false, key: 'vip', price: 49.99 },
    });
    const pub = await t.app.inject({ method: 'GET', url: '/api/subscriptions/plans' });
    expect(pub.json().data.map((p: { key: string }) => p.key)).not.toContain('vip');
    const admin = await t.app.inject({
      method: 'GET',
      url: '/api/subscriptions/admin/planes',
      headers: who.editorAdmin.headers,
    });
    expect(admin.json().data.find((p: { key: string }) => p.key === 'vip')).toMatchObject({
      isActive: false,
    });
    await t.app.inject({
      method: 'PUT',
      url: `/api/subscriptions/admin/planes/${id}`,
      headers: who.editorAdmin.headers,
      payload: { isActive: true },
    });
  });
});

describe('plan form rules (SPEC.md §5) from the API', () => {
  const cases: [string, Record<string, unknown>, string][] = [
    ['no name', { name: undefined }, MSG.planNameRequired],
    ['blank name', { name: ' ' }, MSG.planNameRequired],
    ['long name', { name: 'x'.repeat(101) }, MSG.planNameTooLong],
    ['no key', { key: undefined }, MSG.planKeyRequired],
    ['blank key', { key: '' }, MSG.planKeyRequired],
    ['key with capitals and spaces', { key: 'Plan Anual' }, MSG.planKeyFormat],
    ['key with accents', { key: 'básico' }, MSG.planKeyFormat],
    ['long key', { key: 'k'.repeat(51) }, MSG.planKeyTooLong],
    ['no price', { price: undefined }, MSG.priceRequired],
    ['zero price', { price: 0 }, MSG.pricePositive],
    ['negative price', { price: -1 }, MSG.pricePositive],
    ['price below a cent', { price: 0.001 }, MSG.priceDecimals],
    // Decision 0035: typed prices take no thousands separator, in either convention.
    ['a Spanish thousands separator', { price: '1.250,00' }, MSG.priceThousands],
    ['an English thousands separator', { price: '1,250.00' }, MSG.priceThousands],
    ['a price that is not a number', { price: 'abc' }, MSG.pricePositive],
    ['no duration', { duration: undefined }, MSG.planDuration],
    ['zero duration', { duration: 0 }, MSG.planDuration],
    ['fractional duration', { duration: 1.5 }, MSG.planDuration],
    ['duration over 120', { duration: 121 }, MSG.planDuration],
    ['duration not a number', { duration: 'uno' }, MSG.planDuration],
    ['long feature', { features: ['x'.repeat(201)] }, MSG.planFeatureTooLong],
  ];
  for (const [name, change, message] of cases) {
    it(`POST answers 400 '${message}' for ${name}`, async () => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/subscriptions/admin/planes',
        headers: who.editorAdmin.headers,
        payload: { ...validPlan(), ...change },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ success: false, message });
    });
  }

  for (const [name, change, message] of cases) {
    it(`PUT with a full body answers 400 '${message}' for ${name}`, async () => {
      const res = await t.app.inject({
        method: 'PUT',
        url: `/api/subscriptions/admin/planes/${await freshPlan()}`,
        headers: who.editorAdmin.headers,
        payload: { ...validPlan(), ...change },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ success: false, message });
    });
  }

  it('PUT with only isActive needs a boolean', async () => {
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/subscriptions/admin/planes/${await freshPlan()}`,
      headers: who.editorAdmin.headers,
      payload: { isActive: 'sí' },
    });
    expect(res.statusCode).toBe(400);
    const empty = await t.app.inject({
      method: 'PUT',
      url: `/api/subscriptions/admin/planes/${await freshPlan()}`,
      headers: who.editorAdmin.headers,
      payload: {},
    });
    expect(empty.json().message).toBe(MSG.planNameRequired);
  });

  it('reads a Spanish decimal comma ("12,50") as 12.50 (decision 0035)', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/subscriptions/admin/planes',
      headers: who.editorAdmin.headers,
      payload: { ...validPlan(), key: 'coma-decimal', price: '12,50' },
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data).toMatchObject({ key: 'coma-decimal', price: 12.5 });
    const [row] = await t.database.db.select().from(plans).where(eq(plans.key, 'coma-decimal'));
    expect(row?.priceCents).toBe(1250);
  });

  it('accepts the form strings ("19.99", "3") and stores cents', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/subscriptions/admin/planes',
      headers: who.editorAdmin.headers,
      payload: { ...validPlan(), key: 'trimestral', price: '19.99', duration: '3' },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toMatchObject({ key: 'trimestral', price: 19.99, duration: 3 });
    const [row] = await t.database.db.select().from(plans).where(eq(plans.key, 'trimestral'));
    expect(row?.priceCents).toBe(1999);
    // A new plan goes to the end of the list.
    const list = await t.app.inject({ method: 'GET', url: '/api/subscriptions/plans' });
    expect(list.json().data.at(-1).key).toBe('trimestral');
  });

  it('refuses a key already taken with 409, on create and on edit', async () => {
    const dup = await t.app.inject({
      method: 'POST',
      url: '/api/subscriptions/admin/planes',
      headers: who.editorAdmin.headers,
      payload: { ...validPlan(), key: 'premium' },
    });
    expect(dup.statusCode).toBe(409);
    expect(dup.json()).toEqual({
      success: false,
      message: MSG.planKeyTaken,
      code: 'PLAN_KEY_TAKEN',
    });
    const edit = await t.app.inject({
      method: 'PUT',
      url: `/api/subscriptions/admin/planes/${await planId('basic')}`,
      headers: who.editorAdmin.headers,
      payload: { ...validPlan(), key: 'premium' },
    });
    expect(edit.statusCode).toBe(409);
    const same = await t.app.inject({
      method: 'PUT',
      url: `/api/subscriptions/admin/planes/${await planId('basic')}`,
      headers: who.editorAdmin.headers,
      payload: { ...validPlan(), key: 'basic', name: 'Plan Básico', price: 10.5 },
    });
    expect(same.json().data).toMatchObject({ key: 'basic', price: 10.5 });
  });

  it('two creations of one key at once give one plan and one 409', async () => {
    const body = { ...validPlan(), key: 'carrera' };
    const both = await Promise.all(
      [0, 1].map(() =>
        t.app.inject({
          method: 'POST',
          url: '/api/subscriptions/admin/planes',
          headers: who.editorAdmin.headers,
          payload: body,
        }),
      ),
    );
    expect(both.map((r) => r.statusCode).sort()).toEqual([201, 409]);
  });
});

describe('deleting a plan', () => {
  it('refuses with 409 while subscriptions point at it', async () => {
    const res = await t.app.inject({
      method: 'DELETE',
      url: `/api/subscriptions/admin/planes/${await planId('premium')}`,
      headers: who.editorAdmin.headers,
    });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ success: false, message: MSG.planInUse, code: 'PLAN_IN_USE' });
  });

  it('refuses while a payment for it is pending', async () => {
    const id = await freshPlan();
    await t.database.db.insert(transactions).values({
      userId: who.user.id,
      kind: 'subscription',
      planId: id,
      itemName: 'Desechable',
      amountCents: 100,
      provider: 'simulated',
    });
    const res = await t.app.inject({
      method: 'DELETE',
      url: `/api/subscriptions/admin/planes/${id}`,
      headers: who.editorAdmin.headers,
    });
    expect(res.statusCode).toBe(409);
  });

  it('deletes an unused plan; a second delete and an unknown id are 404, a malformed id 400', async () => {
    const id = await freshPlan();
    const ok = await t.app.inject({
      method: 'DELETE',
      url: `/api/subscriptions/admin/planes/${id}`,
      headers: who.editorAdmin.headers,
    });
    expect(ok.json()).toMatchObject({ success: true });
    const again = await t.app.inject({
      method: 'DELETE',
      url: `/api/subscriptions/admin/planes/${id}`,
      headers: who.editorAdmin.headers,
    });
    expect(again.statusCode).toBe(404);
    const bad = await t.app.inject({
      method: 'PUT',
      url: '/api/subscriptions/admin/planes/xyz',
      headers: who.editorAdmin.headers,
      payload: { isActive: true },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe(MSG.invalidId);
  });
});
