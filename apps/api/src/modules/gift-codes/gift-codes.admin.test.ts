import { GIFT_MSG, type TGiftCodesResponse } from '@magotips/contracts/gift-codes';
import { normalizeGiftCode } from '@magotips/contracts/gift-code-format';
import { PAYMENT_MESSAGES } from '@magotips/contracts/payments';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildGiftApp, type GiftTestApp } from '../../../test/gift-codes';
import { giftCodeBatches, giftCodes } from '../../db/schema';
import { hashGiftCode } from './gift-code-secret';

let t: GiftTestApp;
beforeAll(async () => {
  t = await buildGiftApp();
});
afterAll(() => t.close());

const CODE_SHAPE = /^MAGO(-[0-9A-HJKMNP-TV-Z]{4}){4}$/;

async function getList(query: string) {
  return t.app.inject({
    method: 'GET',
    url: `/api/admin/gift-codes${query}`,
    headers: await t.admin.headers(),
  });
}

async function list(query = '') {
  const res = await getList(query);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<TGiftCodesResponse>();
}

async function revoke(id: string | undefined) {
  return t.app.inject({
    method: 'DELETE',
    url: `/api/admin/gift-codes/${id}`,
    headers: await t.admin.headers(),
  });
}

async function post(payload: Record<string, unknown>) {
  return t.app.inject({
    method: 'POST',
    url: '/api/admin/gift-codes',
    headers: await t.admin.headers(),
    payload,
  });
}

describe('POST /api/admin/gift-codes', () => {
  it('makes plan codes, shown once in the answer, each different', async () => {
    const made = await t.issue({
      type: 'plan',
      planKey: t.planKey,
      months: 3,
      count: 25,
      note: 'Sorteo de junio',
    });
    expect(made.codes).toHaveLength(25);
    expect(new Set(made.codes).size).toBe(25);
    for (const code of made.codes) expect(code).toMatch(CODE_SHAPE);
    expect(made.message).toBe('Se han creado 25 códigos de regalo');
    expect(made.batch).toMatchObject({
      type: 'plan',
      itemName: 'Plan Premium',
      planKey: 'premium',
      months: 3,
      count: 25,
      note: 'Sorteo de junio',
      expiresAt: null,
    });
  });

  it('makes pack codes with an expiry', async () => {
    const made = await t.issue({
      type: 'pack',
      packId: t.packId,
      count: 1,
      expiresAt: '2026-12-31T23:59:59.000Z',
    });
    expect(made.message).toBe('Se ha creado 1 código de regalo');
    expect(made.batch).toMatchObject({
      type: 'pack',
      itemName: 'Pack Regalo',
      packId: t.packId,
      months: null,
      expiresAt: '2026-12-31T23:59:59.000Z',
    });
  });

  it('keeps only a hash of each code, never the code', async () => {
    const made = await t.issue({ type: 'plan', planKey: t.planKey, months: 1, count: 3 });
    const rows = await t.database.db
      .select()
      .from(giftCodes)
      .where(sql`${giftCodes.batchId} = ${made.batch._id}`);
    expect(rows).toHaveLength(3);
    const dump = JSON.stringify(
      await t.database.db.execute(
        sql`select * from gift_codes, gift_code_batches where gift_codes.batch_id = gift_code_batches.id`,
      ),
    );
    for (const code of made.codes) {
      const normalized = normalizeGiftCode(code) ?? '';
      expect(dump).not.toContain(normalized);
      expect(dump).not.toContain(code);
      expect(rows.map((r) => r.codeHash)).toContain(hashGiftCode(normalized));
      expect(rows.map((r) => r.hint)).toContain(normalized.slice(-4));
    }
    const listed = JSON.stringify(await list('?limit=100'));
    for (const code of made.codes) expect(listed).not.toContain(normalizeGiftCode(code));
  });

  it.each<[string, Record<string, unknown>, string]>([
    ['no type', { count: 1 }, GIFT_MSG.typeRequired],
    ['an unknown type', { type: 'dinero', count: 1 }, GIFT_MSG.typeRequired],
    ['25 months', { type: 'plan', planKey: 'premium', months: 25, count: 1 }, GIFT_MSG.months],
    ['0 months', { type: 'plan', planKey: 'premium', months: 0, count: 1 }, GIFT_MSG.months],
    ['no months', { type: 'plan', planKey: 'premium', count: 1 }, GIFT_MSG.months],
    ['1001 codes', { type: 'plan', planKey: 'premium', months: 1, count: 1001 }, GIFT_MSG.count],
    ['0 codes', { type: 'plan', planKey: 'premium', months: 1, count: 0 }, GIFT_MSG.count],
    ['no plan', { type: 'plan', months: 1, count: 1 }, GIFT_MSG.planRequired],
    ['a bad pack id', { type: 'pack', packId: 'nada', count: 1 }, GIFT_MSG.packRequired],
    [
      'a bad date',
      {
        type: 'pack',
        packId: '00000000-0000-4000-8000-000000000000',
        count: 1,
        expiresAt: '31/12/2026',
      },
      GIFT_MSG.expiresAtInvalid,
    ],
    [
      'a past date',
      { type: 'plan', planKey: 'premium', months: 1, count: 1, expiresAt: '2026-05-31T00:00:00Z' },
      GIFT_MSG.expiresAtPast,
    ],
    [
      'a far date',
      { type: 'plan', planKey: 'premium', months: 1, count: 1, expiresAt: '2099-01-01T00:00:00Z' },
      GIFT_MSG.expiresAtTooFar,
    ],
    [
      'a long note',
      { type: 'plan', planKey: 'premium', months: 1, count: 1, note: 'x'.repeat(201) },
      GIFT_MSG.noteTooLong,
    ],
  ])('refuses %s with 400 and a Spanish message', async (_name, payload, message) => {
    const res = await post(payload);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toMatchObject({ success: false, message, code: 'VALIDATION_ERROR' });
  });

  it('refuses an unknown plan or pack with 404, making nothing', async () => {
    const [before] = await t.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(giftCodeBatches);
    const plan = await post({ type: 'plan', planKey: 'no-existe', months: 1, count: 1 });
    expect(plan.statusCode).toBe(404);
    expect(plan.json().message).toBe(PAYMENT_MESSAGES.planNotFound);
    const pack = await post({
      type: 'pack',
      packId: '00000000-0000-4000-8000-000000000000',
      count: 1,
    });
    expect(pack.statusCode).toBe(404);
    expect(pack.json().message).toBe(PAYMENT_MESSAGES.packNotFound);
    const [after] = await t.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(giftCodeBatches);
    expect(after?.n).toBe(before?.n);
  });

  it('makes a thousand codes in one call', async () => {
    const made = await t.issue({ type: 'plan', planKey: t.planKey, months: 12, count: 1000 });
    expect(new Set(made.codes).size).toBe(1000);
  });
});

describe('GET /api/admin/gift-codes and DELETE /api/admin/gift-codes/{id}', () => {
  it('lists codes newest first with their batch, paged and by state, with who redeemed', async () => {
    const made = await t.issue({
      type: 'plan',
      planKey: t.planKey,
      months: 2,
      count: 2,
      note: 'Lista',
    });
    const user = await t.newUser();
    expect((await t.redeem(user, made.codes[0] ?? '')).statusCode).toBe(200);

    const page = await list('?limit=2');
    expect(page.codes).toHaveLength(2);
    expect(page.pagination).toMatchObject({ page: 1, limit: 2 });
    expect(page.codes.every((c) => c.batch._id === made.batch._id)).toBe(true);

    const redeemed = await list('?state=canjeado');
    const mine = redeemed.codes.find((c) => c.batch._id === made.batch._id);
    expect(mine).toMatchObject({
      state: 'canjeado',
      redeemedBy: { _id: user.id, name: 'Prueba Usuario' },
      revokedAt: null,
    });
    expect(mine?.redeemedAt).toBe(t.time.now().toISOString());
    expect(redeemed.codes.every((c) => c.state === 'canjeado')).toBe(true);
    const unused = await list('?state=sin_usar&limit=100');
    expect(unused.codes.every((c) => c.state === 'sin_usar' && c.redeemedBy === null)).toBe(true);
  });

  it('refuses an unknown state or a page out of range with 400', async () => {
    for (const query of ['?state=usado', '?page=0', '?limit=101']) {
      const res = await getList(query);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().code).toBe('VALIDATION_ERROR');
    }
  });

  it('revokes an unused code, which then cannot be redeemed (410) and shows as revocado', async () => {
    const made = await t.issue({
      type: 'plan',
      planKey: t.planKey,
      months: 1,
      count: 1,
      note: 'Revocar',
    });
    const [row] = (await list('?state=sin_usar&limit=100')).codes.filter(
      (c) => c.batch._id === made.batch._id,
    );
    const res = await revoke(row?._id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ message: GIFT_MSG.revoked, code: { state: 'revocado' } });

    const redeem = await t.redeem(await t.newUser(), made.codes[0] ?? '', '10.0.0.9');
    expect(redeem.statusCode).toBe(410);
    expect(redeem.json()).toMatchObject({ code: 'GIFT_CODE_EXPIRED', message: GIFT_MSG.expired });

    const again = await revoke(row?._id);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({
      code: 'GIFT_CODE_NOT_REVOCABLE',
      message: GIFT_MSG.notRevocable,
    });
  });

  it('does not revoke a redeemed code (409) and answers 404 for an unknown id', async () => {
    const made = await t.issue({
      type: 'plan',
      planKey: t.planKey,
      months: 1,
      count: 1,
      note: 'Usado',
    });
    expect((await t.redeem(await t.newUser(), made.codes[0] ?? '')).statusCode).toBe(200);
    const [row] = (await list('?state=canjeado&limit=100')).codes.filter(
      (c) => c.batch._id === made.batch._id,
    );
    const res = await revoke(row?._id);
    expect(res.statusCode).toBe(409);
    for (const id of ['00000000-0000-4000-8000-000000000000', 'no-es-un-id']) {
      const unknown = await revoke(id);
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json().message).toBe(GIFT_MSG.codeNotFound);
    }
  });
});

describe('OpenAPI', () => {
  it('documents the gift code calls with their bodies', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json<{
      paths: Record<string, Record<string, { requestBody?: unknown; tags?: string[] }>>;
    }>();
    expect(doc.paths['/api/admin/gift-codes']?.post?.requestBody).toBeDefined();
    expect(doc.paths['/api/admin/gift-codes']?.get?.tags).toEqual(['gift-codes']);
    expect(doc.paths['/api/admin/gift-codes/{id}']?.delete).toBeDefined();
    expect(doc.paths['/api/gift-codes/redeem']?.post?.requestBody).toBeDefined();
    expect(JSON.stringify(doc.paths['/api/admin/gift-codes']?.post)).toContain('"months"');
  });
});
