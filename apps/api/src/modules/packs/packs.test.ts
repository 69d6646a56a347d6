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
import { createTestUser } from '../../../test/users';
import { packs, packTips, tips, transactions } from '../../db/schema';
import { seedDemo } from '../../seed/demo-seed';

const now = new Date('2026-06-01T12:00:00Z');
const HOUR = 3_600_000;
let t: TestApp;
let who: Callers;
const pack: Record<string, string> = {};
const tip: Record<string, string> = {};

async function idOfTip(title: string) {
  const [row] = await t.database.db.select({ id: tips.id }).from(tips).where(eq(tips.title, title));
  if (!row) throw new Error(title);
  return row.id;
}
async function idOfPack(nombre: string) {
  const [row] = await t.database.db
    .select({ id: packs.id })
    .from(packs)
    .where(eq(packs.nombre, nombre));
  if (!row) throw new Error(nombre);
  return row.id;
}

const validPack = () => ({
  nombre: 'Pack de prueba',
  descripcion: 'Tres partidos VIP.',
  precio: 9.99,
  tips: [tip.premium],
  activo: true,
});

/** A pack nobody bought, for a caller to edit or delete. */
async function freshPack(): Promise<string> {
  const [row] = await t.database.db
    .insert(packs)
    .values({ nombre: 'Desechable', descripcion: 'x', priceCents: 500 })
    .returning({ id: packs.id });
  await t.database.db
    .insert(packTips)
    .values({ packId: row!.id, tipId: tip.premium!, position: 0 });
  return row!.id;
}

beforeAll(async () => {
  const database = await createTestDatabase();
  await seedDemo(database.db, now);
  t = await buildTestApp({ database, clock: () => now });
  pack.europe = await idOfPack('Pack Fin de Semana Europeo');
  pack.usa = await idOfPack('Pack Estados Unidos');
  pack.past = await idOfPack('Pack Clásicos de la Semana Pasada');
  tip.premium = await idOfTip('Alcaraz vs. Sinner');
  tip.premium2 = await idOfTip('Chiefs vs. Bills');
  tip.free = await idOfTip('Lakers vs. Celtics');
  who = await createCallers(database.db, now, pack.usa);
});
afterAll(async () => {
  await t.close();
  await t.database.close();
});

const NO_TOKEN = { status: 401, message: MSG.noToken };
const NOT_EDITOR = { status: 403, message: MSG.editorRequired };
const editorsOnly = (ok: number): Record<Caller, Expected> => ({
  visitor: NO_TOKEN,
  user: NOT_EDITOR,
  subscriber: NOT_EDITOR,
  buyer: NOT_EDITOR,
  editor: ok,
  admin: NOT_EDITOR, // decision 0026
  editorAdmin: ok,
});
const signedIn = (ok: number): Record<Caller, Expected> => ({
  ...(Object.fromEntries(CALLERS.map((c) => [c, ok])) as Record<Caller, Expected>),
  visitor: NO_TOKEN,
});

type Route = {
  name: string;
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  url: () => Promise<string> | string;
  body?: () => Record<string, unknown>;
  expected: Record<Caller, Expected>;
};

const routes: Route[] = [
  {
    name: 'GET /api/packs/disponibles',
    method: 'GET',
    url: () => '/api/packs/disponibles',
    expected: { ...signedIn(200), visitor: 200 },
  },
  {
    name: 'GET /api/packs/tips-gratis',
    method: 'GET',
    url: () => '/api/packs/tips-gratis',
    expected: signedIn(200),
  },
  {
    name: 'GET /api/packs/tips-vips',
    method: 'GET',
    url: () => '/api/packs/tips-vips',
    expected: signedIn(200),
  },
  { name: 'GET /api/packs', method: 'GET', url: () => '/api/packs', expected: editorsOnly(200) },
  {
    name: 'POST /api/packs',
    method: 'POST',
    url: () => '/api/packs',
    body: validPack,
    expected: editorsOnly(201),
  },
  {
    name: 'PUT /api/packs/{id}',
    method: 'PUT',
    url: async () => `/api/packs/${await freshPack()}`,
    body: validPack,
    expected: editorsOnly(200),
  },
  {
    name: 'PATCH /api/packs/{id}',
    method: 'PATCH',
    url: async () => `/api/packs/${await freshPack()}`,
    body: () => ({ isActive: false }),
    expected: editorsOnly(200),
  },
  {
    name: 'DELETE /api/packs/{id}',
    method: 'DELETE',
    url: async () => `/api/packs/${await freshPack()}`,
    expected: editorsOnly(200),
  },
];

describe('packs: authorization matrix', () => {
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

describe('GET /api/packs/tips-gratis and /tips-vips', () => {
  it('gives a signed-in user the free tips with their analysis, upcoming first, five by default', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/packs/tips-gratis',
      headers: who.user.headers,
    });
    const body = res.json();
    expect(body).toMatchObject({ success: true, message: expect.any(String) });
    expect(body.tips.length).toBeLessThanOrEqual(5);
    expect(body.tips.length).toBeGreaterThan(0);
    for (const x of body.tips)
      expect(x).toMatchObject({ category: 'free', analisis: expect.any(String) });
    expect(body.tips[0].status).toBe('en_progreso');
  });

  it('gives subscribers, editors and admins every VIP tip with its analysis', async () => {
    for (const caller of ['subscriber', 'editor', 'admin', 'editorAdmin'] as const) {
      const res = (
        await t.app.inject({
          method: 'GET',
          url: '/api/packs/tips-vips?limit=50',
          headers: who[caller].headers,
        })
      ).json();
      expect(res.success, caller).toBe(true);
      expect(res.tips.length).toBeGreaterThan(0);
      for (const x of res.tips)
        expect(x).toMatchObject({ category: 'premium', analisis: expect.any(String) });
    }
  });

  // Decision 0031: a plain user gets locked teasers, the card and nothing else.
  it('gives a user without subscription or pack locked VIP teasers: cards only, never an analysis', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/packs/tips-vips',
      headers: who.user.headers,
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ success: false, message: MSG.vipSubscriptionRequired });
    expect(body.tips).toHaveLength(5);
    for (const x of body.tips) {
      // The card, when it was published and (for an analysis without one) that it has no bet:
      // never a pick, odds, stake or analysis.
      const card = ['_id', 'category', 'icon', 'matchDate', 'publishedAt', 'status', 'title'];
      expect(Object.keys(x).sort()).toEqual(
        'noBet' in x ? [...card.slice(0, 4), 'noBet', ...card.slice(4)] : card,
      );
      expect(x.category).toBe('premium');
    }
    // The same order as a subscriber's feed: soonest match first.
    const sub = (
      await t.app.inject({
        method: 'GET',
        url: '/api/packs/tips-vips',
        headers: who.subscriber.headers,
      })
    ).json();
    expect(body.tips.map((x: { _id: string }) => x._id)).toEqual(
      sub.tips.map((x: { _id: string }) => x._id),
    );
  });

  // Decision 0031 (issue 13 item 6): the buyer's VIP tab shows what their packs unlock.
  it("gives a pack buyer the pack's tips with their analysis first, then locked teasers", async () => {
    const bought = (
      await t.database.db
        .select({ id: packTips.tipId })
        .from(packTips)
        .where(eq(packTips.packId, pack.usa!))
    ).map((r) => r.id);
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/packs/tips-vips?limit=10',
      headers: who.buyer.headers,
    });
    const body = res.json();
    expect(body).toMatchObject({ success: true, message: expect.any(String) });
    const ids: string[] = body.tips.map((x: { _id: string }) => x._id);
    expect(new Set(ids).size).toBe(ids.length);
    const readable = body.tips.filter((x: { analisis?: string }) => x.analisis !== undefined);
    expect(readable.map((x: { _id: string }) => x._id).sort()).toEqual([...bought].sort());
    // Bought first, then the teasers, which carry no analysis.
    expect(ids.slice(0, bought.length).sort()).toEqual([...bought].sort());
    const teasers = body.tips.slice(bought.length);
    expect(teasers).toHaveLength(10 - bought.length);
    for (const x of teasers) expect(x).not.toHaveProperty('analisis');

    // A tab of at most as many cards as the buyer owns: only bought tips, soonest match first.
    const short = (
      await t.app.inject({
        method: 'GET',
        url: '/api/packs/tips-vips?limit=2',
        headers: who.buyer.headers,
      })
    ).json();
    expect(short.tips).toHaveLength(2);
    for (const x of short.tips) expect(bought).toContain(x._id);
    expect(Date.parse(short.tips[0].matchDate)).toBeLessThanOrEqual(
      Date.parse(short.tips[1].matchDate),
    );
  });

  it("keeps a bought tip in the buyer's VIP tab once unpublished; one never published stays out (decision 0084)", async () => {
    const id = tip.premium2!;
    const [before] = await t.database.db.select().from(tips).where(eq(tips.id, id));
    const vipIds = async () =>
      (
        (
          await t.app.inject({
            method: 'GET',
            url: '/api/packs/tips-vips?limit=50',
            headers: who.buyer.headers,
          })
        ).json() as { tips: { _id: string }[] }
      ).tips.map((x) => x._id);
    try {
      await t.database.db
        .update(tips)
        .set({ isPublished: false, publishedAt: now })
        .where(eq(tips.id, id));
      expect(await vipIds()).toContain(id);
      await t.database.db.update(tips).set({ publishedAt: null }).where(eq(tips.id, id));
      expect(await vipIds()).not.toContain(id);
    } finally {
      await t.database.db
        .update(tips)
        .set({ isPublished: true, publishedAt: before?.publishedAt ?? null })
        .where(eq(tips.id, id));
    }
  });

  it('explains an empty feed', async () => {
    const lonely = await createTestUser(t.database.db, { now, subscriber: true });
    await t.database.db
      .update(tips)
      .set({ isPublished: false })
      .where(eq(tips.category, 'premium'));
    try {
      const res = await t.app.inject({
        method: 'GET',
        url: '/api/packs/tips-vips',
        headers: { authorization: lonely.authorization },
      });
      expect(res.json()).toEqual({ success: true, tips: [], message: MSG.noTipsAvailable });
    } finally {
      await t.database.db
        .update(tips)
        .set({ isPublished: true })
        .where(eq(tips.category, 'premium'));
    }
  });
});

describe('GET /api/packs/disponibles', () => {
  type Available = {
    _id: string;
    isPurchased: boolean;
    packStatus: string;
    transactionInfo: unknown;
    partidos: Record<string, string>[];
    precio: number;
  };
  async function available(caller: Caller): Promise<Available[]> {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/packs/disponibles',
      headers: who[caller].headers,
    });
    expect(res.statusCode).toBe(200);
    return res.json().data;
  }

  it('lists what can be bought first, then what the caller owns, then packs that are over', async () => {
    const rank = { available: 0, purchased: 1, unavailable: 2 } as Record<string, number>;
    for (const caller of ['visitor', 'buyer'] as const) {
      const order = (await available(caller)).map((p) => rank[p.packStatus] ?? 9);
      expect(order).toEqual([...order].sort((a, b) => a - b));
      expect(order.at(-1)).toBe(2);
    }
  });

  it("drives the buttons: 'purchased' (Comprado), 'available' (Comprar), 'unavailable' (No disponible)", async () => {
    const visitor = await available('visitor');
    const byId = new Map(visitor.map((p) => [p._id, p]));
    expect(byId.get(pack.europe!)).toMatchObject({
      isPurchased: false,
      packStatus: 'available',
      transactionInfo: null,
      precio: 19.99,
    });
    expect(byId.get(pack.usa!)).toMatchObject({ isPurchased: false, packStatus: 'available' });
    expect(byId.get(pack.past!)).toMatchObject({ isPurchased: false, packStatus: 'unavailable' });

    const buyer = new Map((await available('buyer')).map((p) => [p._id, p]));
    expect(buyer.get(pack.usa!)).toMatchObject({
      isPurchased: true,
      packStatus: 'purchased',
      transactionInfo: { transactionId: expect.any(String), purchasedAt: expect.any(String) },
    });
    expect(buyer.get(pack.europe!)?.packStatus).toBe('available');
  });

  it('lists the matches as partidos without any analysis', async () => {
    const [first] = (await available('subscriber')).filter((p) => p._id === pack.europe);
    expect(first?.partidos).toHaveLength(4);
    for (const m of first?.partidos ?? []) {
      expect(Object.keys(m).sort()).toEqual(['fecha', 'icon', 'nombre', 'status', 'tipId']);
      expect(m.status).toBe('pendiente');
    }
  });

  it('counts a match in progress as available and hides drafts and inactive packs', async () => {
    const inProgress = await freshPack();
    await t.database.db.delete(packTips).where(eq(packTips.packId, inProgress));
    const [live] = await t.database.db
      .insert(tips)
      .values({
        icon: 'football',
        title: 'En juego',
        matchDate: new Date(now.getTime() - HOUR),
        analisis: 'x',
        category: 'premium',
      })
      .returning({ id: tips.id });
    const [draft] = await t.database.db
      .insert(tips)
      .values({
        icon: 'football',
        title: 'Borrador en pack',
        matchDate: new Date(now.getTime() + HOUR),
        analisis: 'x',
        category: 'premium',
        isPublished: false,
      })
      .returning({ id: tips.id });
    await t.database.db.insert(packTips).values([
      { packId: inProgress, tipId: live!.id, position: 0 },
      { packId: inProgress, tipId: draft!.id, position: 1 },
    ]);
    const listed = (await available('user')).find((p) => p._id === inProgress);
    expect(listed?.packStatus).toBe('available');
    expect(listed?.partidos.map((m) => m.nombre)).toEqual(['En juego']);
    expect(listed?.partidos[0]?.status).toBe('en_progreso');

    await t.app.inject({
      method: 'PATCH',
      url: `/api/packs/${inProgress}`,
      headers: who.editor.headers,
      payload: { isActive: false },
    });
    expect((await available('user')).some((p) => p._id === inProgress)).toBe(false);
    const managed = (
      await t.app.inject({ method: 'GET', url: '/api/packs', headers: who.editor.headers })
    ).json().data;
    const inList = managed.find((p: { _id: string }) => p._id === inProgress);
    expect(inList).toMatchObject({ activo: false });
    expect(inList.tips.map((x: { title: string }) => x.title)).toEqual([
      'En juego',
      'Borrador en pack',
    ]);
  });
});

describe('pack form rules (SPEC.md §5) from the API', () => {
  const unknownTip = '3f1c2d4e-5a6b-4c7d-8e9f-0a1b2c3d4e5f';
  const cases: [string, () => Record<string, unknown>, string][] = [
    ['no name', () => ({ nombre: undefined }), MSG.packNameRequired],
    ['blank name', () => ({ nombre: '  ' }), MSG.packNameRequired],
    ['no description', () => ({ descripcion: undefined }), MSG.packDescriptionRequired],
    ['blank description', () => ({ descripcion: '' }), MSG.packDescriptionRequired],
    ['no price', () => ({ precio: undefined }), MSG.priceRequired],
    ['empty price', () => ({ precio: '' }), MSG.priceRequired],
    ['zero price', () => ({ precio: 0 }), MSG.pricePositive],
    ['negative price', () => ({ precio: -3 }), MSG.pricePositive],
    ['price not a number', () => ({ precio: 'gratis' }), MSG.pricePositive],
    ['price with three decimals', () => ({ precio: 9.999 }), MSG.priceDecimals],
    // Decision 0035: typed prices take no thousands separator, in either convention.
    ['a Spanish thousands separator', () => ({ precio: '1.250,00' }), MSG.priceThousands],
    ['an English thousands separator', () => ({ precio: '1,250.00' }), MSG.priceThousands],
    ['a price typed with a sign', () => ({ precio: '-1' }), MSG.pricePositive],
    ['no tips', () => ({ tips: undefined }), MSG.packTipsRequired],
    ['empty tips', () => ({ tips: [] }), MSG.packTipsRequired],
    ['only a free tip', () => ({ tips: [tip.free] }), MSG.packTipsRequired],
    ['only an unknown tip', () => ({ tips: [unknownTip] }), MSG.packTipsRequired],
    ['a free tip among VIP ones', () => ({ tips: [tip.premium, tip.free] }), MSG.packTipsInvalid],
    ['a malformed tip id', () => ({ tips: ['no-es-uuid'] }), MSG.packTipsInvalid],
  ];
  for (const [name, change, message] of cases) {
    it(`POST answers 400 '${message}' for ${name}`, async () => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/packs',
        headers: who.editor.headers,
        payload: { ...validPack(), ...change() },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ success: false, message });
    });
  }

  it('PUT checks the same rules', async () => {
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/packs/${pack.europe}`,
      headers: who.editor.headers,
      payload: { ...validPack(), tips: [tip.free] },
    });
    expect(res.json().message).toBe(MSG.packTipsRequired);
  });

  it('reads "12,50" as 12.50, not 1250 (decision 0035)', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/packs',
      headers: who.editor.headers,
      payload: { ...validPack(), precio: '12,50', tips: [tip.premium] },
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data.precio).toBe(12.5);
    const [row] = await t.database.db.select().from(packs).where(eq(packs.id, res.json().data._id));
    expect(row?.priceCents).toBe(1250);
  });

  it('stores the price in cents and sends it back as a decimal, with the tips in order', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/packs',
      headers: who.editorAdmin.headers,
      payload: { ...validPack(), precio: '12.30', tips: [tip.premium2, tip.premium, tip.premium2] },
    });
    expect(res.statusCode).toBe(201);
    const data = res.json().data;
    expect(data).toMatchObject({ precio: 12.3, activo: true, nombre: 'Pack de prueba' });
    expect(data.tips.map((x: { _id: string }) => x._id)).toEqual([tip.premium2, tip.premium]);
    const [row] = await t.database.db.select().from(packs).where(eq(packs.id, data._id));
    expect(row?.priceCents).toBe(1230);

    const edited = await t.app.inject({
      method: 'PUT',
      url: `/api/packs/${data._id}`,
      headers: who.editor.headers,
      payload: { ...validPack(), precio: 15, tips: [tip.premium], activo: false },
    });
    expect(edited.json().data).toMatchObject({
      precio: 15,
      activo: false,
      tips: [expect.objectContaining({ _id: tip.premium })],
    });
  });
});

describe('deleting a pack', () => {
  it('refuses with 409 once someone bought it, and the buyer keeps it', async () => {
    const res = await t.app.inject({
      method: 'DELETE',
      url: `/api/packs/${pack.usa}`,
      headers: who.editor.headers,
    });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ success: false, message: MSG.packInUse, code: 'PACK_IN_USE' });
    const bought = await t.app.inject({
      method: 'GET',
      url: '/api/packs/disponibles',
      headers: who.buyer.headers,
    });
    expect(bought.json().data.find((p: { _id: string }) => p._id === pack.usa).isPurchased).toBe(
      true,
    );
  });

  it('refuses while a payment for it is pending', async () => {
    const id = await freshPack();
    await t.database.db
      .insert(transactions)
      .values({
        userId: who.user.id,
        kind: 'pack',
        packId: id,
        itemName: 'Desechable',
        amountCents: 500,
        provider: 'simulated',
      });
    const res = await t.app.inject({
      method: 'DELETE',
      url: `/api/packs/${id}`,
      headers: who.editor.headers,
    });
    expect(res.statusCode).toBe(409);
  });

  it('deletes one never sold, keeping failed payments as snapshots', async () => {
    const id = await freshPack();
    const [tx] = await t.database.db
      .insert(transactions)
      .values({
        userId: who.user.id,
        kind: 'pack',
        packId: id,
        itemName: 'Desechable',
        amountCents: 500,
        provider: 'simulated',
        status: 'failed',
      })
      .returning();
    const res = await t.app.inject({
      method: 'DELETE',
      url: `/api/packs/${id}`,
      headers: who.editor.headers,
    });
    expect(res.json()).toMatchObject({ success: true });
    const [kept] = await t.database.db
      .select()
      .from(transactions)
      .where(eq(transactions.id, tx!.id));
    expect(kept).toMatchObject({ packId: null, itemName: 'Desechable', amountCents: 500 });
    expect(
      (
        await t.app.inject({
          method: 'DELETE',
          url: `/api/packs/${id}`,
          headers: who.editor.headers,
        })
      ).statusCode,
    ).toBe(404);
  });

  it('answers a malformed id with a Spanish 400', async () => {
    const res = await t.app.inject({
      method: 'DELETE',
      url: '/api/packs/123',
      headers: who.editor.headers,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(MSG.invalidId);
  });
});
