import { BUSINESS_MSG, BUSINESS_TABLES } from '@magotips/contracts/business';
import { MSG } from '@magotips/contracts/messages';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { transactions } from '../../db/schema';
import { buildTestApp, type TestApp } from '../../../test/test-app';
import { createTestUser } from '../../../test/users';

const now = new Date('2026-06-15T12:00:00Z');
let t: TestApp;
type Caller = 'visitor' | 'user' | 'subscriber' | 'editor' | 'admin' | 'editorAdmin';
const headers = {} as Record<Caller, Record<string, string>>;

beforeAll(async () => {
  t = await buildTestApp({ clock: () => now });
  const db = t.database.db;
  const auth = (u: { authorization: string }) => ({ authorization: u.authorization });
  headers.visitor = {};
  headers.user = auth(await createTestUser(db, { now }));
  headers.subscriber = auth(await createTestUser(db, { now, subscriber: true }));
  headers.editor = auth(await createTestUser(db, { now, roles: ['editor'] }));
  headers.admin = auth(await createTestUser(db, { now, roles: ['admin'] }));
  headers.editorAdmin = auth(await createTestUser(db, { now, roles: ['editor', 'admin'] }));
  const buyer = await createTestUser(db, { now });
  // A pack whose name a spreadsheet would run as a formula, with a semicolon in it.
  await db.insert(transactions).values({
    userId: buyer.id,
    kind: 'pack',
    itemName: '=Pack; "Liga"',
    amountCents: 1250,
    status: 'completed',
    provider: 'simulated',
    completedAt: new Date('2026-06-10T10:00:00Z'),
  });
});
afterAll(async () => {
  await t.close();
});

const get = (url: string, who: Caller = 'admin') =>
  t.app.inject({ method: 'GET', url, headers: headers[who] });

const URLS = [
  '/api/admin/business',
  ...BUSINESS_TABLES.map((table) => `/api/admin/business/export/${table}.csv`),
];

describe('who may read the business dashboard', () => {
  it.each([
    ['visitor', 401, 'UNAUTHORIZED', MSG.noToken],
    ['user', 403, 'FORBIDDEN', MSG.adminRequired],
    ['subscriber', 403, 'FORBIDDEN', MSG.adminRequired],
    ['editor', 403, 'FORBIDDEN', MSG.adminRequired],
  ] as const)(
    '%s gets %i on every route, even with bad dates',
    async (who, status, code, message) => {
      for (const base of URLS) {
        for (const url of [base, `${base}?from=nope`]) {
          const res = await get(url, who);
          expect({ url, status: res.statusCode }).toEqual({ url, status });
          expect(res.json()).toEqual({ success: false, code, message });
        }
      }
    },
  );

  it.each(['admin', 'editorAdmin'] as const)('%s reads every route', async (who) => {
    for (const url of URLS) expect((await get(url, who)).statusCode).toBe(200);
  });
});

describe('the period', () => {
  it('defaults to the 30 days ending today, compared with the 30 before', async () => {
    const body = (await get('/api/admin/business')).json();
    expect(body).toMatchObject({ from: '2026-05-17', to: '2026-06-15' });
    expect(body.previous).toMatchObject({ from: '2026-04-17', to: '2026-05-16' });
    expect(body.revenueByProduct).toEqual([
      expect.objectContaining({ charges: 1, gross: 12.5, refunds: 0, net: 12.5 }),
    ]);
    expect(body.monthly.map((m: { month: string }) => m.month)).toEqual(['2026-05', '2026-06']);
  });

  it('takes from alone (to is today) and to alone (30 days ending then)', async () => {
    expect((await get('/api/admin/business?from=2026-06-01')).json()).toMatchObject({
      from: '2026-06-01',
      to: '2026-06-15',
    });
    expect((await get('/api/admin/business?to=2026-01-31')).json()).toMatchObject({
      from: '2026-01-02',
      to: '2026-01-31',
    });
  });

  it.each([
    ['from=2026-02-30&to=2026-03-01', BUSINESS_MSG.invalidDate],
    ['from=hoy', BUSINESS_MSG.invalidDate],
    ['to=2026/06/01', BUSINESS_MSG.invalidDate],
    [`from=${'9'.repeat(41)}`, BUSINESS_MSG.invalidDate],
    ['from=2026-06-02&to=2026-06-01', BUSINESS_MSG.fromAfterTo],
    ['from=2023-01-01&to=2026-01-01', BUSINESS_MSG.periodTooLong],
  ])('?%s is a 400 in Spanish', async (query, message) => {
    for (const base of URLS) {
      const res = await get(`${base}?${query}`);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ success: false, message });
    }
  });

  it('accepts three years to the day', async () => {
    expect((await get('/api/admin/business?from=2023-01-01&to=2025-12-31')).statusCode).toBe(200);
  });
});

describe('the CSV exports', () => {
  it('are attachments for Spanish Excel: BOM, semicolons, decimal comma, CRLF', async () => {
    const res = await get(
      '/api/admin/business/export/revenueByProduct.csv?from=2026-06-01&to=2026-06-15',
    );
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(
      'attachment; filename="negocio-revenueByProduct-2026-06-01-2026-06-15.csv"',
    );
    const lines = res.body.split('\r\n');
    expect(res.body.startsWith('\uFEFF')).toBe(true);
    expect(lines[0]).toBe('\uFEFFProducto;Clave;Cobros;Bruto (USD);Reembolsos (USD);Neto (USD)');
    // The name can neither run as a formula nor split the row.
    expect(lines[1]).toMatch(/^"'=Pack; ""Liga""";pack:eliminado;1;12,5;0;12,5$/);
    expect(lines[2]).toBe('');
  });

  it('every table has its header and a row per line of the dashboard', async () => {
    const query = '?from=2026-05-01&to=2026-06-15';
    const body = (await get(`/api/admin/business${query}`)).json();
    const expected = {
      revenueByProduct: body.revenueByProduct.length,
      signupsBySource: body.signupsBySource.length,
      cohorts: body.cohorts.length,
      monthly: body.monthly.length,
      referralRewards: body.referralRewards.length,
    };
    for (const table of BUSINESS_TABLES) {
      const res = await get(`/api/admin/business/export/${table}.csv${query}`);
      const rows = res.body.split('\r\n').filter((l) => l !== '');
      expect({ table, rows: rows.length - 1 }).toEqual({ table, rows: expected[table] });
    }
    const cohorts = (await get(`/api/admin/business/export/cohorts.csv${query}`)).body;
    expect(cohorts.split('\r\n')[0]).toBe(
      '\uFEFFMes del primer pago;Lectores;Mes +1 (%);Mes +2 (%);Mes +3 (%);Mes +4 (%);Mes +5 (%);Mes +6 (%)',
    );
    // A month not reached yet is an empty cell, not a zero.
    expect(cohorts.split('\r\n')[2]).toBe('2026-06;0;;;;;;');
  });
});
