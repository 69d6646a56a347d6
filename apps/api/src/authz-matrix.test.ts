import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AUTHZ_MATRIX,
  freshAccount,
  type MatrixContext,
  ownTransaction,
} from '../test/authz-matrix';
import { CALLERS, cell, createCallers } from '../test/callers';
import { buildTestApp, createTestDatabase, type TestApp } from '../test/test-app';
import { packs, sessions, tips } from './db/schema';
import { seedDemo } from './seed/demo-seed';

const now = new Date('2026-06-01T12:00:00Z');
let t: TestApp;
let ctx: MatrixContext;

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** Every 'METHOD /path' the app answers under /api, read from Fastify's own route tree
 * (HEAD twins of GET and the OpenAPI pages left out). */
function registeredApiRoutes(app: FastifyInstance): string[] {
  const found = new Set<string>();
  const stack: string[] = [];
  for (const line of app.printRoutes({ commonPrefix: false }).split('\n')) {
    const branch = line.search(/[├└]── /);
    if (branch < 0) continue;
    const start = branch + 4;
    const depth = start / 4 - 1;
    const match = /^(.*?)(?: \(([A-Z, ]+)\))?$/.exec(line.slice(start));
    if (!match) continue;
    const path = (depth > 0 ? (stack[depth - 1] ?? '') : '') + (match[1] ?? '');
    stack[depth] = path;
    stack.length = depth + 1;
    if (!path.startsWith('/api/') || path === '/api/docs' || path.startsWith('/api/docs/'))
      continue;
    for (const method of (match[2] ?? '').split(', ')) {
      if (method && method !== 'HEAD') found.add(`${method} ${path}`);
    }
  }
  return [...found].sort();
}

async function tipId(title: string): Promise<string> {
  const [row] = await t.database.db.select({ id: tips.id }).from(tips).where(eq(tips.title, title));
  if (!row) throw new Error(`no tip ${title}`);
  return row.id;
}
async function packId(nombre: string): Promise<string> {
  const [row] = await t.database.db
    .select({ id: packs.id })
    .from(packs)
    .where(eq(packs.nombre, nombre));
  if (!row) throw new Error(`no pack ${nombre}`);
  return row.id;
}

beforeAll(async () => {
  const database = await createTestDatabase();
  await seedDemo(database.db, now);
  t = await buildTestApp({ database, clock: () => now });
  const boughtPack = await packId('Pack Estados Unidos');
  ctx = {
    db: database.db,
    now,
    callers: await createCallers(database.db, now, boughtPack),
    ids: {
      boughtPack,
      openPack: await packId('Pack Fin de Semana Europeo'),
      boughtTip: await tipId('Chiefs vs. Bills'),
      premiumTip: await tipId('Alcaraz vs. Sinner'),
    },
  };
});
afterAll(async () => {
  await t.close();
  await t.database.close();
});

describe('authorization matrix: coverage', () => {
  it('lists every registered /api route, and only those', () => {
    const registered = registeredApiRoutes(t.app);
    const listed = AUTHZ_MATRIX.map((r) => r.route);
    expect(new Set(listed).size, 'a route is listed twice').toBe(listed.length);
    expect(registered.length).toBeGreaterThan(50);
    expect(
      registered.filter((r) => !listed.includes(r)),
      'routes missing from the matrix',
    ).toEqual([]);
    expect(
      listed.filter((r) => !registered.includes(r)),
      'matrix routes that do not exist',
    ).toEqual([]);
  });
});

describe('authorization matrix: every route as every caller', () => {
  for (const row of AUTHZ_MATRIX) {
    const [method, pattern] = row.route.split(' ') as [Method, string];
    for (const caller of CALLERS) {
      it(`${row.route} as ${caller}`, async () => {
        const req = await row.request(ctx, caller);
        expect(req.url.split('?')[0]).toMatch(
          new RegExp(`^${pattern.replace(/:[A-Za-z]+/g, '[^/]+').replace(/\./g, '\\.')}$`),
        );
        const res = await t.app.inject({
          method,
          url: req.url,
          headers: { ...ctx.callers[caller].headers, ...req.headers },
          ...(req.payload === undefined ? {} : { payload: req.payload }),
        });
        const want = cell(row.expected[caller]);
        expect(res.statusCode, res.body.slice(0, 500)).toBe(want.status);
        if (want.message !== undefined || want.code !== undefined) {
          const body = res.json<{ success?: boolean; message?: string; code?: string }>();
          expect(body.success).toBe(false);
          if (want.message !== undefined) expect(body.message).toBe(want.message);
          if (want.code !== undefined) expect(body.code).toBe(want.code);
        }
      });
    }
  }
});

describe('authorization matrix: objects owned by someone else', () => {
  const get = (url: string, caller: (typeof CALLERS)[number]) =>
    t.app.inject({ method: 'GET', url, headers: ctx.callers[caller].headers });

  it("another user's session is a 404, even for an admin, and stays", async () => {
    const [row] = await ctx.db
      .insert(sessions)
      .values({ userId: ctx.callers.user.id ?? '' })
      .returning();
    for (const caller of ['subscriber', 'admin', 'editorAdmin'] as const) {
      const res = await t.app.inject({
        method: 'DELETE',
        url: `/api/auth/sessions/${row?.id}`,
        headers: ctx.callers[caller].headers,
      });
      expect(res.statusCode).toBe(404);
    }
    expect(
      await ctx.db
        .select()
        .from(sessions)
        .where(eq(sessions.id, row?.id ?? '')),
    ).toHaveLength(1);
  });

  it("another user's pack payment is a 404, even for an admin", async () => {
    const buyer = ctx.callers.buyer.id ?? '';
    const tx = await ownTransaction(ctx.db, buyer, 'pack', ctx.ids.openPack);
    for (const caller of ['user', 'subscriber', 'editor', 'admin', 'editorAdmin'] as const) {
      expect((await get(`/api/packs/check-payment/${tx.id}`, caller)).statusCode, caller).toBe(404);
      expect(
        (await get(`/api/packs/verify-session/${tx.sessionId}`, caller)).statusCode,
        caller,
      ).toBe(404);
    }
    expect((await get(`/api/packs/check-payment/${tx.id}`, 'buyer')).statusCode).toBe(200);
  });

  it("another user's subscription payment is a 404, even for an admin", async () => {
    const subscriber = ctx.callers.subscriber.id ?? '';
    const tx = await ownTransaction(ctx.db, subscriber, 'subscription', ctx.ids.openPack);
    for (const caller of ['user', 'buyer', 'editor', 'admin', 'editorAdmin'] as const) {
      expect(
        (await get(`/api/subscriptions/check-payment/${tx.id}`, caller)).statusCode,
        caller,
      ).toBe(404);
      expect(
        (await get(`/api/subscriptions/verify-session/${tx.sessionId}`, caller)).statusCode,
        caller,
      ).toBe(404);
    }
    expect((await get(`/api/subscriptions/check-payment/${tx.id}`, 'subscriber')).statusCode).toBe(
      200,
    );
  });

  it("a payment's kind is checked: a pack payment is not found as a subscription payment", async () => {
    const buyer = ctx.callers.buyer.id ?? '';
    const tx = await ownTransaction(ctx.db, buyer, 'pack', ctx.ids.openPack);
    expect((await get(`/api/subscriptions/check-payment/${tx.id}`, 'buyer')).statusCode).toBe(404);
  });

  it("someone else's purchase does not show as the caller's", async () => {
    const url = `/api/packs/verify-status/${ctx.ids.boughtPack}`;
    const mine = await get(url, 'buyer');
    expect(mine.json()).toEqual({ success: true, isPurchased: true });
    for (const caller of ['user', 'subscriber', 'editor', 'admin', 'editorAdmin'] as const) {
      const res = await get(url, caller);
      expect(res.statusCode, caller).toBe(200);
      expect(res.json(), caller).toEqual({ success: true, isPurchased: false });
    }
    const theirs = await get('/api/packs/mis-packs', 'user');
    expect(JSON.stringify(theirs.json())).not.toContain(ctx.ids.boughtPack);
  });

  it('a non-admin cannot take a role from another account, and the role stays', async () => {
    const editorId = ctx.callers.editor.id ?? '';
    const target = await freshAccount(ctx.db, editorId);
    for (const caller of ['visitor', 'user', 'subscriber', 'buyer', 'editor'] as const) {
      const res = await t.app.inject({
        method: 'DELETE',
        url: `/api/admin/users/${target}/roles/editor`,
        headers: ctx.callers[caller].headers,
      });
      expect(res.statusCode, caller).toBe(caller === 'visitor' ? 401 : 403);
    }
    const list = await t.app.inject({
      method: 'GET',
      url: `/api/admin/all-users?search=${encodeURIComponent(target)}`,
      headers: ctx.callers.admin.headers,
    });
    expect(list.statusCode).toBe(200);
  });

  it('an admin cannot take back a role another admin gave', async () => {
    const target = await freshAccount(ctx.db, ctx.callers.editorAdmin.id);
    const res = await t.app.inject({
      method: 'DELETE',
      url: `/api/admin/users/${target}/roles/editor`,
      headers: ctx.callers.admin.headers,
    });
    expect(res.statusCode).toBe(403);
  });
});
