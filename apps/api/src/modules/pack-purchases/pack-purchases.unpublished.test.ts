import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, createTestDatabase, type TestApp } from '../../../test/test-app';
import { createTestUser, givePack, type TestUser } from '../../../test/users';
import { tips } from '../../db/schema';

// Issue 29 item 10 (decision 0084): a buyer keeps every tip of the pack they paid for, published
// or not. Unpublishing hides a sold tip from everyone else; its buyers still read it in Tips VIP,
// in their packs and on its page. A tip never published (a draft) is nobody's yet.
const now = new Date('2026-06-01T12:00:00Z');
const HOUR = 3_600_000;
let t: TestApp;
let editor: TestUser;
let buyer: TestUser;
let subscriber: TestUser;
let other: TestUser;
let sold: string;
let draft: string;

const as = (u: TestUser) => ({ authorization: u.authorization });

async function premiumTip(title: string, published: boolean): Promise<string> {
  const [row] = await t.database.db
    .insert(tips)
    .values({
      icon: 'tennis',
      title,
      matchDate: new Date(now.getTime() + 48 * HOUR),
      analisis: `análisis de ${title}`,
      category: 'premium',
      isPublished: published,
      publishedAt: published ? now : null,
    })
    .returning({ id: tips.id });
  if (!row) throw new Error('not inserted');
  return row.id;
}

const readTip = (id: string, who: TestUser) =>
  t.app.inject({ method: 'GET', url: `/api/tips/${id}`, headers: as(who) });

async function myPackTitles(who: TestUser): Promise<string[]> {
  const res = await t.app.inject({ method: 'GET', url: '/api/packs/mis-packs', headers: as(who) });
  expect(res.statusCode, res.body).toBe(200);
  const body = res.json() as { data: { tips: { title: string }[]; tipsDisponibles: number }[] };
  return body.data.flatMap((p) => p.tips.map((x) => x.title)).sort();
}

async function vipTitles(who: TestUser): Promise<string[]> {
  const res = await t.app.inject({
    method: 'GET',
    url: '/api/packs/tips-vips',
    headers: as(who),
  });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { tips: { title: string }[] }).tips.map((x) => x.title).sort();
}

beforeAll(async () => {
  const database = await createTestDatabase();
  t = await buildTestApp({ database, clock: () => now });
  editor = await createTestUser(database.db, { roles: ['editor'], now });
  buyer = await createTestUser(database.db, { now });
  subscriber = await createTestUser(database.db, { now, subscriber: true });
  other = await createTestUser(database.db, { now });
  sold = await premiumTip('Tip Vendido', true);
  draft = await premiumTip('Tip Borrador', false);
  const created = await t.app.inject({
    method: 'POST',
    url: '/api/packs',
    headers: as(editor),
    payload: {
      nombre: 'Pack Vendido',
      descripcion: 'Dos partidos.',
      precio: 5,
      tips: [sold, draft],
      activo: true,
    },
  });
  expect(created.statusCode, created.body).toBe(201);
  await givePack(database.db, buyer.id, (created.json() as { data: { _id: string } }).data._id);
  const hide = await t.app.inject({
    method: 'PATCH',
    url: `/api/tips/${sold}`,
    headers: as(editor),
    payload: { isPublished: false },
  });
  expect(hide.statusCode, hide.body).toBe(200);
});
afterAll(async () => {
  await t.close();
  await t.database.close();
});

describe('a sold tip, unpublished, stays its buyers’ and only theirs', () => {
  it('the buyer still reads it on its page, with the analysis', async () => {
    const res = await readTip(sold, buyer);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().tip.analisis).toBe('análisis de Tip Vendido');
  });

  it('the buyer still has it in the pack and in Tips VIP', async () => {
    expect(await myPackTitles(buyer)).toEqual(['Tip Vendido']);
    expect(await vipTitles(buyer)).toEqual(['Tip Vendido']);
  });

  it('nobody else sees it: not a subscriber, not another user', async () => {
    for (const who of [subscriber, other]) {
      expect((await readTip(sold, who)).statusCode).toBe(404);
      expect(await vipTitles(who)).not.toContain('Tip Vendido');
    }
    expect(await myPackTitles(other)).toEqual([]);
  });

  it('a tip of the pack never published is not the buyer’s to read yet', async () => {
    expect((await readTip(draft, buyer)).statusCode).toBe(404);
    expect(await myPackTitles(buyer)).not.toContain('Tip Borrador');
  });

  it('the 409 for deleting it says what unpublishing does: gone for others, kept by buyers', async () => {
    const res = await t.app.inject({
      method: 'DELETE',
      url: `/api/tips/${sold}`,
      headers: as(editor),
    });
    expect(res.statusCode, res.body).toBe(409);
    const { message, code } = res.json() as { message: string; code: string };
    expect(code).toBe('TIP_IN_SOLD_PACK');
    expect(message).toContain('sus compradores lo conservan');
    expect(message).toContain('dejará de verse para los demás');
    expect(message).toContain('quienes compraron el pack seguirán teniéndolo');
    expect(message).not.toContain('ocultarlo al público');
  });
});
