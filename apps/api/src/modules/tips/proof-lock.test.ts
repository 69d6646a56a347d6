// The proof issue, items 1, 3 and 4: the kick-off lock rooted on the server's clock (the review's
// bypass), a bet counts only when public at kick-off, VIP titles without their pick, and old VIP
// content kept from free readers when a tip becomes free.
import { MSG } from '@magotips/contracts/messages';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/test-app';
import { authorizationAt, createTestUser, type TestUser } from '../../../test/users';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
let now = new Date('2026-06-01T12:00:00Z');
let t: TestApp;
let editor: TestUser;
let user: TestUser;
let subscriber: TestUser;

type Json = Record<string, unknown> & { tip?: Record<string, unknown> };
const json = (res: { body: string }) => JSON.parse(res.body) as Json;
const as = async (who: TestUser) => ({
  authorization: await authorizationAt(t.database.db, who.id, now),
});
const pass = (ms: number) => {
  now = new Date(now.getTime() + ms);
};

const body = (overrides: Record<string, unknown> = {}) => ({
  icon: 'football',
  title: 'Betis vs. Sevilla',
  matchDate: new Date(now.getTime() + 30 * DAY).toISOString(),
  analisis: 'El Betis llega mejor.',
  category: 'premium',
  pick: 'Gana Betis',
  odds: '1,85',
  stake: 1,
  ...overrides,
});

async function create(overrides: Record<string, unknown> = {}): Promise<string> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/tips',
    headers: await as(editor),
    payload: body(overrides),
  });
  expect(res.statusCode, res.body).toBe(201);
  return (json(res).tip as { _id: string })._id;
}
const put = async (id: string, payload: Record<string, unknown>) =>
  t.app.inject({ method: 'PUT', url: `/api/tips/${id}`, headers: await as(editor), payload });
const publish = async (id: string, isPublished: boolean) =>
  t.app.inject({
    method: 'PATCH',
    url: `/api/tips/${id}`,
    headers: await as(editor),
    payload: { isPublished },
  });
const settle = async (id: string, result: string) =>
  t.app.inject({
    method: 'PATCH',
    url: `/api/tips/${id}/result`,
    headers: await as(editor),
    payload: { result },
  });
const record = async () =>
  (json(await t.app.inject({ url: '/api/track-record' })).data as Record<string, number>) ?? {};

beforeAll(async () => {
  t = await buildTestApp({ clock: () => now });
  const db = t.database.db;
  editor = await createTestUser(db, { now, roles: ['editor'] });
  user = await createTestUser(db, { now });
  subscriber = await createTestUser(db, { now, subscriber: true });
});
afterAll(() => t.close());

describe('the lock, rooted on the server clock', () => {
  it("refuses the review's bypass: hide, move the match 15 s into the past with another bet, republish", async () => {
    const before = await record();
    const id = await create({ matchDate: new Date(now.getTime() + 60 * DAY).toISOString() });
    expect((await publish(id, false)).statusCode).toBe(200);
    const past = new Date(now.getTime() - 15_000).toISOString();
    for (const isPublished of [false, true]) {
      const moved = await put(
        id,
        body({ matchDate: past, pick: 'Empate', odds: 9.5, stake: 10, isPublished }),
      );
      expect(moved.statusCode).toBe(400);
      expect(json(moved).message).toBe(MSG.matchDateFuture);
    }
    // Nothing moved, and the record has gained nothing.
    const shown = await publish(id, true);
    expect(json(shown).tip).toMatchObject({ pick: 'Gana Betis', odds: 1.85, stake: 1 });
    expect(await record()).toMatchObject({
      settled: before.settled,
      profitUnits: before.profitUnits,
    });
    expect((await settle(id, 'ganado')).statusCode).toBe(409);
  });

  it('counts a bet only when the tip was public at kick-off: hidden before it and shown after, it is late', async () => {
    const before = await record();
    const id = await create({ matchDate: new Date(now.getTime() + 2 * HOUR).toISOString() });
    pass(HOUR);
    expect((await publish(id, false)).statusCode).toBe(200);
    pass(2 * HOUR);
    const shown = await publish(id, true);
    expect(json(shown).tip).toMatchObject({ publishedLate: true });
    expect((await settle(id, 'ganado')).statusCode).toBe(200);
    expect(await record()).toMatchObject({
      settled: before.settled,
      profitUnits: before.profitUnits,
    });
    const card = json(
      await t.app.inject({ url: `/api/tips/${id}`, headers: await as(subscriber) }),
    );
    expect(card.tip).toMatchObject({ publishedLate: true, publishedAt: now.toISOString() });
  });

  it('a bet public at kick-off counts with the values it had then', async () => {
    const before = await record();
    const id = await create({
      matchDate: new Date(now.getTime() + 2 * HOUR).toISOString(),
      odds: '2,00',
      stake: 3,
    });
    pass(3 * HOUR);
    expect((await settle(id, 'ganado')).statusCode).toBe(200);
    expect(await record()).toMatchObject({
      settled: (before.settled ?? 0) + 1,
      profitUnits: (before.profitUnits ?? 0) + 3,
    });
  });
});

describe('no pick in a VIP title', () => {
  it('refuses a premium title that contains its pick, without case, accents or extra spaces', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/tips',
      headers: await as(editor),
      payload: body({ title: '49ers vs. Lions: 49ERS  -3,5', pick: '49ers -3,5' }),
    });
    expect(res.statusCode).toBe(400);
    expect(json(res).message).toBe(MSG.vipTitleHasPick);
    const accented = await t.app.inject({
      method: 'POST',
      url: '/api/tips',
      headers: await as(editor),
      payload: body({ title: 'Betis vs. Sevilla — más de 2,5 goles', pick: 'Mas de 2,5 GOLES' }),
    });
    expect(json(accented).message).toBe(MSG.vipTitleHasPick);
    // A free tip shows its pick to everyone anyway.
    await create({ category: 'free', title: '49ers vs. Lions: 49ers -3,5', pick: '49ers -3,5' });
  });

  it('checks the stored pick when the body leaves the bet out', async () => {
    const id = await create({ pick: 'Más de 2,5 goles' });
    const { pick: _p, odds: _o, stake: _s, ...plain } = body();
    const res = await put(id, { ...plain, title: 'Betis vs. Sevilla: mas de 2,5 goles' });
    expect(res.statusCode).toBe(400);
    expect(json(res).message).toBe(MSG.vipTitleHasPick);
  });
});

describe('revisions and entitlement', () => {
  it('a VIP tip made free keeps its old analysis and pick from free readers, on the API', async () => {
    const id = await create({ analisis: 'Secreto VIP: el Betis gana.', pick: 'Gana Betis' });
    pass(HOUR);
    const freed = await put(
      id,
      body({ category: 'free', analisis: 'Ahora gratis.', pick: 'Empate', odds: '3,10' }),
    );
    expect(freed.statusCode, freed.body).toBe(200);
    const free = await t.app.inject({ url: `/api/tips/${id}`, headers: await as(user) });
    expect(free.statusCode).toBe(200);
    expect(free.body).toContain('Ahora gratis.');
    expect(free.body).not.toContain('Secreto VIP');
    expect(free.body).not.toContain('Gana Betis');
    const [revision] = json(free).revisions as {
      reserved?: boolean;
      changes: { field: string; before: unknown; after: unknown }[];
    }[];
    expect(revision?.reserved).toBe(true);
    expect(revision?.changes).toContainEqual({
      field: 'analisis',
      before: MSG.previousContentReserved,
      after: MSG.previousContentReserved,
    });
    const paid = await t.app.inject({ url: `/api/tips/${id}`, headers: await as(subscriber) });
    expect(paid.body).toContain('Secreto VIP');
    expect((json(paid).revisions as { reserved?: boolean }[])[0]?.reserved).toBeUndefined();
  });

  it('a visitor who follows the record to a free tip gets its card and history, not its analysis', async () => {
    const id = await create({
      category: 'free',
      analisis: 'Primera lectura gratis.',
      pick: 'Gana Betis',
    });
    pass(HOUR);
    const edited = await put(
      id,
      body({ category: 'free', analisis: 'Segunda lectura gratis.', pick: 'Empate', odds: '3,10' }),
    );
    expect(edited.statusCode, edited.body).toBe(200);
    const res = await t.app.inject({ url: `/api/tips/${id}` });
    expect(res.statusCode).toBe(401);
    const answer = json(res) as {
      code: string;
      message: string;
      tip: Json;
      revisions: { changes: { field: string; before: unknown; after: unknown }[] }[];
    };
    expect(answer).toMatchObject({ code: 'SIGN_IN_REQUIRED', message: MSG.signInToRead });
    expect(answer.tip).toMatchObject({ _id: id, category: 'free' });
    expect(answer.tip).not.toHaveProperty('analisis');
    expect(res.body).not.toContain('lectura gratis');
    const changes = answer.revisions[0]?.changes ?? [];
    expect(changes).toContainEqual({ field: 'pick', before: 'Gana Betis', after: 'Empate' });
    expect(changes).toContainEqual({
      field: 'analisis',
      before: MSG.analysisForRegistered,
      after: MSG.analysisForRegistered,
    });
  });
});
