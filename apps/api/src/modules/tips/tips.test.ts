import { MSG } from '@magotips/contracts/messages';
import { and, count, eq } from 'drizzle-orm';
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
import { packs, tips } from '../../db/schema';
import { seedDemo } from '../../seed/demo-seed';

const now = new Date('2026-06-01T12:00:00Z');
const HOUR = 3_600_000;
let t: TestApp;
let who: Callers;
const ids: Record<string, string> = {};

async function tipId(title: string): Promise<string> {
  const [row] = await t.database.db.select({ id: tips.id }).from(tips).where(eq(tips.title, title));
  if (!row) throw new Error(`no tip ${title}`);
  return row.id;
}

/** A throwaway tip for a caller to edit or delete. */
async function freshTip(): Promise<string> {
  const [row] = await t.database.db
    .insert(tips)
    .values({
      icon: 'golf',
      title: 'Desechable',
      matchDate: new Date(now.getTime() + 5 * HOUR),
      analisis: 'x',
      category: 'free',
    })
    .returning({ id: tips.id });
  if (!row) throw new Error('not inserted');
  return row.id;
}

const validTip = () => ({
  icon: 'tennis',
  title: 'Nadal vs. Djokovic',
  matchDate: new Date(now.getTime() + 24 * HOUR).toISOString(),
  analisis: 'Análisis de prueba con datos.',
  category: 'premium',
});

beforeAll(async () => {
  const database = await createTestDatabase();
  await seedDemo(database.db, now);
  // Drafts must never reach the public, free or premium.
  await database.db.insert(tips).values([
    {
      icon: 'golf',
      title: 'Borrador oculto',
      matchDate: new Date(now.getTime() + HOUR),
      analisis: 'secreto',
      category: 'free',
      isPublished: false,
    },
    {
      icon: 'golf',
      title: 'Borrador VIP',
      matchDate: new Date(now.getTime() + HOUR),
      analisis: 'secreto-vip',
      category: 'premium',
      isPublished: false,
    },
  ]);
  t = await buildTestApp({ database, clock: () => now });
  const [usa] = await database.db
    .select({ id: packs.id })
    .from(packs)
    .where(eq(packs.nombre, 'Pack Estados Unidos'));
  if (!usa) throw new Error('no pack');
  who = await createCallers(database.db, now, usa.id);
  ids.free = await tipId('Lakers vs. Celtics');
  ids.premium = await tipId('Alcaraz vs. Sinner');
  ids.bought = await tipId('Chiefs vs. Bills');
  ids.draft = await tipId('Borrador oculto');
  ids.draftVip = await tipId('Borrador VIP');
});
afterAll(async () => {
  await t.close();
  await t.database.close();
});

const NO_TOKEN = { status: 401, message: MSG.noToken };
const NOT_EDITOR = { status: 403, message: MSG.editorRequired, code: 'FORBIDDEN' };
const LOCKED = { status: 403, message: MSG.premiumRequired, code: 'PREMIUM_REQUIRED' };
const NOT_FOUND = { status: 404, message: 'Recurso no encontrado.' };
// A visitor on a free tip: 401, with the card and the public history (decision 0089).
const SIGN_IN = { status: 401, message: MSG.signInToRead, code: 'SIGN_IN_REQUIRED' };
const editorsOnly = (ok: number): Record<Caller, Expected> => ({
  visitor: NO_TOKEN,
  user: NOT_EDITOR,
  subscriber: NOT_EDITOR,
  buyer: NOT_EDITOR,
  editor: ok,
  admin: NOT_EDITOR, // decision 0026
  editorAdmin: ok,
});
const everyone = (ok: number): Record<Caller, Expected> =>
  Object.fromEntries(CALLERS.map((c) => [c, ok])) as Record<Caller, Expected>;

type Route = {
  name: string;
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  url: () => Promise<string> | string;
  body?: () => Record<string, unknown>;
  expected: Record<Caller, Expected>;
};

const routes: Route[] = [
  {
    name: 'GET /api/tips/preview',
    method: 'GET',
    url: () => '/api/tips/preview',
    expected: everyone(200),
  },
  { name: 'GET /api/tips', method: 'GET', url: () => '/api/tips', expected: everyone(200) },
  {
    name: 'GET /api/tips?management=true',
    method: 'GET',
    url: () => '/api/tips?management=true',
    expected: editorsOnly(200),
  },
  {
    name: 'POST /api/tips',
    method: 'POST',
    url: () => '/api/tips',
    body: validTip,
    expected: editorsOnly(201),
  },
  {
    name: 'PUT /api/tips/{id}',
    method: 'PUT',
    url: async () => `/api/tips/${await freshTip()}`,
    body: validTip,
    expected: editorsOnly(200),
  },
  {
    name: 'PATCH /api/tips/{id}',
    method: 'PATCH',
    url: async () => `/api/tips/${await freshTip()}`,
    body: () => ({ isPublished: false }),
    expected: editorsOnly(200),
  },
  {
    name: 'DELETE /api/tips/{id}',
    method: 'DELETE',
    url: async () => `/api/tips/${await freshTip()}`,
    expected: editorsOnly(200),
  },
  {
    name: 'GET /api/tips/{free}',
    method: 'GET',
    url: () => `/api/tips/${ids.free}`,
    expected: { ...everyone(200), visitor: SIGN_IN },
  },
  {
    name: 'GET /api/tips/{premium, not in the buyer pack}',
    method: 'GET',
    url: () => `/api/tips/${ids.premium}`,
    expected: { ...everyone(200), visitor: LOCKED, user: LOCKED, buyer: LOCKED },
  },
  {
    name: 'GET /api/tips/{premium, in the buyer pack}',
    method: 'GET',
    url: () => `/api/tips/${ids.bought}`,
    expected: { ...everyone(200), visitor: LOCKED, user: LOCKED },
  },
  {
    name: 'GET /api/tips/{unpublished}',
    method: 'GET',
    url: () => `/api/tips/${ids.draftVip}`,
    expected: {
      visitor: NOT_FOUND,
      user: NOT_FOUND,
      subscriber: NOT_FOUND,
      buyer: NOT_FOUND,
      editor: 200,
      admin: 200,
      editorAdmin: 200,
    },
  },
];

describe('tips: authorization matrix', () => {
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
        const body = res.json();
        if (want.status >= 400) expect(body.success).toBe(false);
        if (want.message) expect(body.message).toBe(want.message);
        if (want.code) expect(body.code).toBe(want.code);
      });
    }
  }
});

describe('GET /api/tips/preview', () => {
  it('returns published free tips without their analysis, one not started yet first (issue 13 item 17)', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/tips/preview' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.success).toBe(true);
    expect(body.tips).toHaveLength(3);
    for (const tip of body.tips) {
      expect(tip).not.toHaveProperty('analisis');
      expect(tip.category).toBe('free');
      expect(tip.title).not.toBe('Borrador oculto');
    }
    expect(body.tips[0].status).toBe('pendiente');
    // Every match still to come, then the ones under way, then the finished ones.
    const all = (await t.app.inject({ method: 'GET', url: '/api/tips/preview?limit=10' })).json();
    const rank = { pendiente: 0, en_progreso: 1, terminado: 2 } as Record<string, number>;
    const ranks: number[] = all.tips.map((tip: { status: string }) => rank[tip.status]);
    expect(ranks).toEqual([...ranks].sort((a, b) => a - b));
    expect(JSON.stringify(body)).not.toContain('secreto');
  });

  it('honours limit and rejects a bad one in Spanish', async () => {
    const one = await t.app.inject({ method: 'GET', url: '/api/tips/preview?limit=1' });
    expect(one.json().tips).toHaveLength(1);
    const bad = await t.app.inject({ method: 'GET', url: '/api/tips/preview?limit=500' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ success: false, code: 'VALIDATION_ERROR' });
    expect(bad.json().message).toMatch(/[Dd]emasiado grande|menor|máximo/);
  });
});

describe('DELETE /api/tips/{id} of a tip someone bought', () => {
  it('refuses with 409 TIP_IN_SOLD_PACK and suggests unpublishing; the buyer still reads it', async () => {
    const res = await t.app.inject({
      method: 'DELETE',
      url: `/api/tips/${ids.bought}`,
      headers: who.editor.headers,
    });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      success: false,
      message: MSG.tipInSoldPack,
      code: 'TIP_IN_SOLD_PACK',
    });
    const read = await t.app.inject({
      method: 'GET',
      url: `/api/tips/${ids.bought}`,
      headers: who.buyer.headers,
    });
    expect(read.statusCode).toBe(200);
  });
});

describe('GET /api/tips/{id}', () => {
  it('gives the entitled caller the public view with the analysis and the derived status', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/tips/${ids.bought}`,
      headers: who.buyer.headers,
    });
    expect(res.json()).toMatchObject({
      success: true,
      tip: { _id: ids.bought, category: 'premium', status: 'pendiente', icon: 'american-futball' },
    });
    expect(res.json().tip.analisis).toContain('Buffalo');
  });

  it('locks a premium tip with its card and the active packs that hold it', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/tips/${ids.premium}`,
      headers: who.user.headers,
    });
    expect(res.statusCode).toBe(403);
    const body = res.json();
    expect(body.tip).toMatchObject({
      _id: ids.premium,
      title: 'Alcaraz vs. Sinner',
      status: 'pendiente',
    });
    expect(body.tip).not.toHaveProperty('analisis');
    expect(body.packs).toEqual([
      expect.objectContaining({ nombre: 'Pack Fin de Semana Europeo', precio: 19.99 }),
    ]);
    expect(res.body).not.toContain('Sus cuatro últimos duelos');
  });

  it('offers no inactive pack on a locked tip', async () => {
    const [pack] = await t.database.db
      .select()
      .from(packs)
      .where(eq(packs.nombre, 'Pack Fin de Semana Europeo'));
    await t.database.db.update(packs).set({ activo: false }).where(eq(packs.id, pack!.id));
    try {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/tips/${ids.premium}`,
        headers: who.user.headers,
      });
      expect(res.statusCode).toBe(403);
      expect(res.json().packs).toEqual([]);
    } finally {
      await t.database.db.update(packs).set({ activo: true }).where(eq(packs.id, pack!.id));
    }
  });

  it('lets editors read an unpublished tip and hides it from everyone else', async () => {
    const editor = await t.app.inject({
      method: 'GET',
      url: `/api/tips/${ids.draft}`,
      headers: who.editor.headers,
    });
    expect(editor.json().tip.analisis).toBe('secreto');
    const sub = await t.app.inject({
      method: 'GET',
      url: `/api/tips/${ids.draft}`,
      headers: who.subscriber.headers,
    });
    expect(sub.statusCode).toBe(404);
    expect(sub.body).not.toContain('secreto');
  });

  it('answers a malformed id with a Spanish 400 and an unknown one with 404', async () => {
    for (const method of ['GET', 'PUT', 'PATCH', 'DELETE'] as const) {
      const bad = await t.app.inject({
        method,
        url: '/api/tips/no-es-un-uuid',
        headers: who.editor.headers,
        ...(method === 'PUT'
          ? { payload: validTip() }
          : method === 'PATCH'
            ? { payload: { isPublished: true } }
            : {}),
      });
      expect(bad.statusCode, method).toBe(400);
      expect(bad.json()).toMatchObject({ success: false, message: MSG.invalidId });
    }
    const unknown = '3f1c2d4e-5a6b-4c7d-8e9f-0a1b2c3d4e5f';
    for (const method of ['GET', 'PUT', 'PATCH', 'DELETE'] as const) {
      const res = await t.app.inject({
        method,
        url: `/api/tips/${unknown}`,
        headers: who.editor.headers,
        ...(method === 'PUT'
          ? { payload: validTip() }
          : method === 'PATCH'
            ? { payload: { isPublished: true } }
            : {}),
      });
      expect(res.statusCode, method).toBe(404);
      expect(res.json().message).toBe('Recurso no encontrado.');
    }
  });
});

describe('GET /api/tips (public list)', () => {
  it('lists only published tips, filtered by category, with analysis only where entitled', async () => {
    const all = await t.app.inject({
      method: 'GET',
      url: '/api/tips?limit=100',
      headers: who.user.headers,
    });
    const body = all.json();
    expect(body.tips.map((x: { _id: string }) => x._id)).not.toContain(ids.draft);
    expect(body.tips.map((x: { _id: string }) => x._id)).not.toContain(ids.draftVip);
    for (const tip of body.tips) {
      expect(tip).not.toHaveProperty('isPublished');
      if (tip.category === 'free') expect(tip.analisis).toEqual(expect.any(String));
      else expect(tip).not.toHaveProperty('analisis');
    }
    const premium = await t.app.inject({
      method: 'GET',
      url: '/api/tips?category=premium&limit=100',
    });
    expect(premium.json().tips.every((x: { category: string }) => x.category === 'premium')).toBe(
      true,
    );
    // The demo's track record holds more than a page of tips: the total is the database's.
    const [published] = await t.database.db
      .select({ n: count() })
      .from(tips)
      .where(and(eq(tips.category, 'premium'), eq(tips.isPublished, true)));
    expect(premium.json().pagination.total).toBe(published?.n);
  });

  it('rejects an unknown category or page in Spanish', async () => {
    for (const q of ['category=gold', 'page=0', 'limit=101', 'management=yes']) {
      const res = await t.app.inject({ method: 'GET', url: `/api/tips?${q}` });
      expect(res.statusCode, q).toBe(400);
      expect(res.json().code).toBe('VALIDATION_ERROR');
    }
  });
});

describe('GET /api/tips?management=true', () => {
  it('lists every tip, drafts included, with the editor fields, newest created first', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/tips?management=true&limit=100',
      headers: who.editor.headers,
    });
    const body = res.json();
    const listed = body.tips.map((x: { _id: string }) => x._id);
    expect(listed).toContain(ids.draft);
    expect(listed).toContain(ids.draftVip);
    for (const tip of body.tips) {
      expect(tip).toEqual(
        expect.objectContaining({
          analisis: expect.any(String),
          isPublished: expect.any(Boolean),
          createdAt: expect.any(String),
        }),
      );
    }
    const created = body.tips.map((x: { createdAt: string }) => Date.parse(x.createdAt));
    expect(created).toEqual([...created].sort((a, b) => b - a));
    const [all] = await t.database.db.select({ n: count() }).from(tips);
    expect(body.pagination).toMatchObject({
      page: 1,
      limit: 100,
      total: all?.n,
      pages: Math.ceil((all?.n ?? 0) / 100),
    });
  });
});

describe('tip form rules (SPEC.md §5) from the API', () => {
  const cases: [string, Record<string, unknown>, string][] = [
    ['no sport', { icon: undefined }, MSG.sportRequired],
    ['unknown sport', { icon: 'curling' }, MSG.sportRequired],
    ['no title', { title: undefined }, MSG.titleRequired],
    ['blank title', { title: '   ' }, MSG.titleRequired],
    ['long title', { title: 'x'.repeat(201) }, MSG.titleTooLong],
    ['no date', { matchDate: undefined }, MSG.matchDateRequired],
    ['bad date', { matchDate: 'mañana' }, MSG.matchDateRequired],
    ['date without time', { matchDate: '2026-06-02' }, MSG.matchTimeRequired],
    ['no analysis', { analisis: undefined }, MSG.analysisRequired],
    ['blank analysis', { analisis: '' }, MSG.analysisRequired],
    [
      'past match',
      { matchDate: new Date(now.getTime() - 60_000).toISOString() },
      MSG.matchDateFuture,
    ],
    ['match right now', { matchDate: now.toISOString() }, MSG.matchDateFuture],
  ];
  for (const [name, change, message] of cases) {
    it(`POST answers 400 '${message}' for ${name}`, async () => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/tips',
        headers: who.editor.headers,
        payload: { ...validTip(), ...change },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ success: false, message, code: 'VALIDATION_ERROR' });
    });
  }

  it('creates published by default, free by default, with the title trimmed', async () => {
    const { category: _c, ...rest } = validTip();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/tips',
      headers: who.editor.headers,
      payload: { ...rest, title: '  Con espacios  ' },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      success: true,
      tip: { isPublished: true, category: 'free', title: 'Con espacios', status: 'pendiente' },
    });
  });

  it('applies the future-date rule to every new date: an edit may only keep a past match', async () => {
    // The proof issue: moving a match into the past is how a result could be picked afterwards.
    const past = new Date(now.getTime() - 48 * HOUR).toISOString();
    const moved = await t.app.inject({
      method: 'PUT',
      url: `/api/tips/${await freshTip()}`,
      headers: who.editor.headers,
      payload: { ...validTip(), matchDate: past, isPublished: false },
    });
    expect(moved.statusCode).toBe(400);
    expect(moved.json().message).toBe(MSG.matchDateFuture);
    const [old] = await t.database.db
      .insert(tips)
      .values({
        icon: 'golf',
        title: 'Ayer',
        matchDate: new Date(past),
        analisis: 'x',
        category: 'free',
      })
      .returning({ id: tips.id });
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/tips/${old?.id}`,
      headers: who.editor.headers,
      payload: {
        icon: 'golf',
        title: 'Ayer',
        matchDate: past,
        analisis: 'Corregido',
        category: 'free',
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().tip.status).toBe('terminado');
    const rules = await t.app.inject({
      method: 'PUT',
      url: `/api/tips/${await freshTip()}`,
      headers: who.editor.headers,
      payload: { ...validTip(), title: '' },
    });
    expect(rules.json().message).toBe(MSG.titleRequired);
  });
});

describe('publishing and deleting', () => {
  it('hides an unpublished tip from the public at once and shows it again when republished', async () => {
    const id = await freshTip();
    const hide = await t.app.inject({
      method: 'PATCH',
      url: `/api/tips/${id}`,
      headers: who.editor.headers,
      payload: { isPublished: false },
    });
    expect(hide.json()).toMatchObject({ success: true, tip: { isPublished: false } });
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/tips/${id}`, headers: who.user.headers }))
        .statusCode,
    ).toBe(404);
    await t.app.inject({
      method: 'PATCH',
      url: `/api/tips/${id}`,
      headers: who.editor.headers,
      payload: { isPublished: true },
    });
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/tips/${id}`, headers: who.user.headers }))
        .statusCode,
    ).toBe(200);
  });

  it('rejects a PATCH without a boolean isPublished', async () => {
    const res = await t.app.inject({
      method: 'PATCH',
      url: `/api/tips/${await freshTip()}`,
      headers: who.editor.headers,
      payload: {},
    });
    expect(res.statusCode).toBe(400);
  });

  it('deletes a tip for good', async () => {
    const id = await freshTip();
    const del = await t.app.inject({
      method: 'DELETE',
      url: `/api/tips/${id}`,
      headers: who.editor.headers,
    });
    expect(del.json()).toMatchObject({ success: true, message: expect.any(String) });
    const again = await t.app.inject({
      method: 'DELETE',
      url: `/api/tips/${id}`,
      headers: who.editor.headers,
    });
    expect(again.statusCode).toBe(404);
  });
});
