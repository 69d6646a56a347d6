import { MSG } from '@magotips/contracts/messages';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/test-app';
import { createTestUser } from '../../../test/users';

const now = new Date('2026-06-15T12:00:00Z');
let t: TestApp;

type Caller = 'visitor' | 'user' | 'subscriber' | 'editor' | 'admin' | 'editorAdmin';
const headers = {} as Record<Caller, Record<string, string>>;

const ROUTES = [
  '/api/stripe-verification/latest',
  '/api/stripe-verification/summary',
  '/api/stripe-verification/balance',
  '/api/stripe-verification/payments',
  '/api/stripe-verification/payouts',
  '/api/stripe-verification/period?startDate=2026-06-01&endDate=2026-06-14',
  '/api/stripe-verification/history?limit=20',
];
// Inputs that would be refused for an admin: someone else must get the same 401/403 first.
const BAD_INPUT = [
  '/api/stripe-verification/period',
  '/api/stripe-verification/period?startDate=nope&endDate=2026-01-01',
  '/api/stripe-verification/history?limit=9999',
];

beforeAll(async () => {
  t = await buildTestApp({ clock: () => now });
  const db = t.database.db;
  headers.visitor = {};
  const auth = (u: { authorization: string }) => ({ authorization: u.authorization });
  headers.user = auth(await createTestUser(db, { now }));
  headers.subscriber = auth(await createTestUser(db, { now, subscriber: true }));
  headers.editor = auth(await createTestUser(db, { now, roles: ['editor'] }));
  headers.admin = auth(await createTestUser(db, { now, roles: ['admin'] }));
  headers.editorAdmin = auth(await createTestUser(db, { now, roles: ['editor', 'admin'] }));
});
afterAll(async () => {
  await t.close();
});

describe('who may use the financial verification', () => {
  const denied: [Caller, number, string, string][] = [
    ['visitor', 401, 'UNAUTHORIZED', MSG.noToken],
    ['user', 403, 'FORBIDDEN', MSG.adminRequired],
    ['subscriber', 403, 'FORBIDDEN', MSG.adminRequired],
    ['editor', 403, 'FORBIDDEN', MSG.adminRequired],
  ];

  it.each(denied)(
    '%s gets %i on every route, whatever the input',
    async (who, status, code, message) => {
      for (const url of [...ROUTES, ...BAD_INPUT]) {
        const res = await t.app.inject({ method: 'GET', url, headers: headers[who] });
        expect({ url, status: res.statusCode }).toEqual({ url, status });
        expect(res.json()).toEqual({ success: false, code, message });
      }
    },
  );

  it('an invalid or expired token is a 401 too', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/stripe-verification/latest',
      headers: { authorization: 'Bearer not-a-token' },
    });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ success: false, code: 'UNAUTHORIZED' });
  });

  it.each(['admin', 'editorAdmin'] as const)('%s may call every route', async (who) => {
    for (const url of ROUTES) {
      const res = await t.app.inject({ method: 'GET', url, headers: headers[who] });
      expect({ url, status: res.statusCode }).toEqual({ url, status: 200 });
      expect(res.json()).toMatchObject({ success: true });
    }
  });

  it('writes a record only for the checks an admin runs, never for a refused caller', async () => {
    const before = await t.app.inject({
      method: 'GET',
      url: '/api/stripe-verification/history?limit=100',
      headers: headers.admin,
    });
    const count = (before.json() as { data: unknown[] }).data.length;
    await t.app.inject({
      method: 'GET',
      url: '/api/stripe-verification/summary',
      headers: headers.editor,
    });
    await t.app.inject({
      method: 'GET',
      url: '/api/stripe-verification/summary',
      headers: headers.visitor,
    });
    const after = await t.app.inject({
      method: 'GET',
      url: '/api/stripe-verification/history?limit=100',
      headers: headers.admin,
    });
    expect((after.json() as { data: unknown[] }).data).toHaveLength(count);
  });
});
