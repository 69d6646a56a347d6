import { MSG } from '@magotips/contracts/messages';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, createTestDatabase, type TestApp } from '../../../test/test-app';
import { createTestUser, givePack, type TestUser } from '../../../test/users';
import { packPurchases, tips, transactions } from '../../db/schema';
import { createPackPurchasesRepository } from '../pack-purchases/pack-purchases.repository';

// Issue 12 item 12: a bought pack keeps every tip its buyers paid for, whatever the editor does
// to the pack or the tip afterwards; such a tip can't be deleted (decision 0028).
const now = new Date('2026-06-01T12:00:00Z');
const HOUR = 3_600_000;
let t: TestApp;
let editor: TestUser;
let buyer: TestUser;
let other: TestUser;
let packId: string;
const tip: Record<'a' | 'b' | 'c', string> = { a: '', b: '', c: '' };

const as = (u: TestUser) => ({ authorization: u.authorization });

async function premiumTip(title: string): Promise<string> {
  const [row] = await t.database.db
    .insert(tips)
    .values({
      icon: 'tennis',
      title,
      matchDate: new Date(now.getTime() + 48 * HOUR),
      analisis: `análisis de ${title}`,
      category: 'premium',
      publishedAt: now,
    })
    .returning({ id: tips.id });
  if (!row) throw new Error('not inserted');
  return row.id;
}

function editPack(tipIds: string[]) {
  return t.app.inject({
    method: 'PUT',
    url: `/api/packs/${packId}`,
    headers: as(editor),
    payload: {
      nombre: 'Pack Comprado',
      descripcion: 'Dos partidos.',
      precio: 5,
      tips: tipIds,
      activo: true,
    },
  });
}

const readTip = (id: string, who: TestUser) =>
  t.app.inject({ method: 'GET', url: `/api/tips/${id}`, headers: as(who) });
const deleteTip = (id: string) =>
  t.app.inject({ method: 'DELETE', url: `/api/tips/${id}`, headers: as(editor) });

async function myPackTitles(who: TestUser): Promise<string[]> {
  const res = await t.app.inject({ method: 'GET', url: '/api/packs/mis-packs', headers: as(who) });
  expect(res.statusCode, res.body).toBe(200);
  const body = res.json() as { data: { tips: { title: string }[] }[] };
  return body.data.flatMap((p) => p.tips.map((x) => x.title)).sort();
}

beforeAll(async () => {
  const database = await createTestDatabase();
  t = await buildTestApp({ database, clock: () => now });
  editor = await createTestUser(database.db, { roles: ['editor'], now });
  buyer = await createTestUser(database.db, { now });
  other = await createTestUser(database.db, { now });
  tip.a = await premiumTip('Tip A');
  tip.b = await premiumTip('Tip B');
  tip.c = await premiumTip('Tip C');
  const created = await t.app.inject({
    method: 'POST',
    url: '/api/packs',
    headers: as(editor),
    payload: {
      nombre: 'Pack Comprado',
      descripcion: 'Dos partidos.',
      precio: 5,
      tips: [tip.a],
      activo: true,
    },
  });
  expect(created.statusCode, created.body).toBe(201);
  packId = (created.json() as { data: { _id: string } }).data._id;
  await givePack(database.db, buyer.id, packId);
});
afterAll(async () => {
  await t.close();
  await t.database.close();
});

describe('a bought pack keeps what its buyer paid for', () => {
  it('keeps a tip the editor takes out of the pack, and adds the one put in', async () => {
    expect((await editPack([tip.b])).statusCode).toBe(200);
    const a = await readTip(tip.a, buyer);
    expect(a.statusCode, a.body).toBe(200);
    expect(a.json().tip.analisis).toBe('análisis de Tip A');
    expect((await readTip(tip.b, buyer)).json().tip.analisis).toBe('análisis de Tip B');
    expect(await myPackTitles(buyer)).toEqual(['Tip A', 'Tip B']);
    // Someone who did not buy it reads neither.
    expect((await readTip(tip.a, other)).statusCode).toBe(403);
  });

  it('refuses to delete either tip (409 with the Spanish hint to unpublish), even one no longer in the pack', async () => {
    for (const id of [tip.a, tip.b]) {
      const res = await deleteTip(id);
      expect(res.statusCode, res.body).toBe(409);
      expect(res.json()).toEqual({
        success: false,
        message: MSG.tipInSoldPack,
        code: 'TIP_IN_SOLD_PACK',
      });
    }
    // A premium tip nobody bought goes as before.
    expect((await deleteTip(tip.c)).statusCode).toBe(200);
  });

  it("unpublishing, the editor's way to withdraw a sold tip, hides it from everyone but its buyers (decision 0084) and keeps it", async () => {
    const hide = await t.app.inject({
      method: 'PATCH',
      url: `/api/tips/${tip.a}`,
      headers: as(editor),
      payload: { isPublished: false },
    });
    expect(hide.statusCode, hide.body).toBe(200);
    expect((await readTip(tip.a, buyer)).json().tip.analisis).toBe('análisis de Tip A');
    expect((await readTip(tip.a, other)).statusCode).toBe(404);
    expect(await myPackTitles(buyer)).toEqual(['Tip A', 'Tip B']);
    // Published again, everyone sees it again; the purchase never let go of it.
    await t.app.inject({
      method: 'PATCH',
      url: `/api/tips/${tip.a}`,
      headers: as(editor),
      payload: { isPublished: true },
    });
    expect((await readTip(tip.a, buyer)).json().tip.analisis).toBe('análisis de Tip A');
    expect((await deleteTip(tip.a)).statusCode).toBe(409);
  });

  it('lets the tips go once the purchase is refunded', async () => {
    const [purchase] = await t.database.db
      .select()
      .from(packPurchases)
      .where(eq(packPurchases.userId, buyer.id));
    if (!purchase) throw new Error('no purchase');
    await t.database.db.transaction((tx) =>
      createPackPurchasesRepository(tx).revokePurchase(purchase.transactionId, now),
    );
    expect((await readTip(tip.a, buyer)).statusCode).toBe(403);
    expect((await deleteTip(tip.a)).statusCode).toBe(200);
    // Tip B is still in the pack (for sale), but no standing purchase holds it.
    expect((await deleteTip(tip.b)).statusCode).toBe(200);
    const [tx] = await t.database.db
      .select()
      .from(transactions)
      .where(eq(transactions.id, purchase.transactionId));
    expect(tx).toBeDefined();
  });
});
