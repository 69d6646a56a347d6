import { MSG } from '@magotips/contracts/messages';
import { type TVerificationRecord, VERIFICATION_MSG } from '@magotips/contracts/verification';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/test-app';
import { createTestUser, type TestUser } from '../../../test/users';
import { financialVerifications, users } from '../../db/schema';

// A clock the tests move forward (a second per run, well inside a session token's life), so
// every record has its own time.
let now = new Date('2026-06-15T12:00:00Z');
let t: TestApp;
let admin: TestUser;

function get(url: string) {
  return t.app.inject({ method: 'GET', url, headers: { authorization: admin.authorization } });
}

async function run(path: string): Promise<TVerificationRecord> {
  now = new Date(now.getTime() + 1_000);
  const res = await get(`/api/stripe-verification/${path}`);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { data: TVerificationRecord }).data;
}

beforeAll(async () => {
  t = await buildTestApp({ clock: () => now });
  admin = await createTestUser(t.database.db, { now, roles: ['admin'] });
  await t.database.db
    .update(users)
    .set({ firstName: 'Merlín', lastName: 'Administrador' })
    .where(eq(users.id, admin.id));
});
afterAll(async () => {
  await t.close();
});

describe('latest and history', () => {
  it('latest is null before the first verification', async () => {
    const res = await get('/api/stripe-verification/latest');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, data: null });
    expect((await get('/api/stripe-verification/history')).json()).toEqual({
      success: true,
      data: [],
    });
  });

  it('keeps every run, newest first; latest is the newest; limit caps the list', async () => {
    const done: TVerificationRecord[] = [];
    for (const path of [
      'summary',
      'balance',
      'payments',
      'payouts',
      'period?startDate=2026-06-01&endDate=2026-06-10',
    ]) {
      done.push(await run(path));
    }
    const newestFirst = [...done].reverse().map((r) => r.verificationId);

    const history = (await get('/api/stripe-verification/history')).json() as {
      data: TVerificationRecord[];
    };
    expect(history.data.map((r) => r.verificationId)).toEqual(newestFirst);
    expect(history.data.map((r) => r.verificationType)).toEqual([
      'period',
      'payouts',
      'payments',
      'balance',
      'full',
    ]);
    expect(history.data[0]).toEqual(done.at(-1));

    const two = (await get('/api/stripe-verification/history?limit=2')).json() as {
      data: TVerificationRecord[];
    };
    expect(two.data.map((r) => r.verificationId)).toEqual(newestFirst.slice(0, 2));

    const latest = (await get('/api/stripe-verification/latest')).json() as {
      data: TVerificationRecord;
    };
    expect(latest.data.verificationId).toBe(newestFirst[0]);
    expect(latest.data.verifiedBy).toEqual({ _id: admin.id, username: 'Merlín Administrador' });
  });

  it('history answers 20 by default and at most 100', async () => {
    for (let i = 0; i < 21; i++) await run('balance');
    const byDefault = (await get('/api/stripe-verification/history')).json() as { data: unknown[] };
    expect(byDefault.data).toHaveLength(20);
    const hundred = (await get('/api/stripe-verification/history?limit=100')).json() as {
      data: unknown[];
    };
    expect(hundred.data).toHaveLength(26);
  });

  it.each(['0', '101', '-1', '2.5', 'abc', ''])(
    'history?limit=%s is a 400 in Spanish',
    async (limit) => {
      const res = await get(`/api/stripe-verification/history?limit=${limit}`);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ success: false, message: VERIFICATION_MSG.historyLimit });
    },
  );

  it('the name of the admin stays on the record after the account goes', async () => {
    const record = await run('balance');
    await t.database.db.delete(users).where(eq(users.id, admin.id));
    const [row] = await t.database.db
      .select()
      .from(financialVerifications)
      .where(eq(financialVerifications.id, record.verificationId));
    expect(row).toMatchObject({ verifiedBy: null, verifiedByUsername: 'Merlín Administrador' });
    admin = await createTestUser(t.database.db, { now, roles: ['admin'] });
    const latest = (await get('/api/stripe-verification/latest')).json() as {
      data: TVerificationRecord;
    };
    expect(latest.data.verifiedBy).toEqual({ _id: null, username: 'Merlín Administrador' });
  });
});

describe('period validation', () => {
  const cases: [string, string][] = [
    ['', MSG.periodDates],
    ['?startDate=2026-06-01', MSG.periodDates],
    ['?endDate=2026-06-01', MSG.periodDates],
    ['?startDate=&endDate=', MSG.periodDates],
    ['?startDate=%20%20&endDate=2026-06-01', MSG.periodDates],
    ['?startDate=ayer&endDate=2026-06-01', VERIFICATION_MSG.invalidDate],
    ['?startDate=2026-13-01&endDate=2026-12-01', VERIFICATION_MSG.invalidDate],
    ['?startDate=2026-02-30&endDate=2026-03-01', VERIFICATION_MSG.invalidDate],
    ['?startDate=2026-06-01&endDate=2026-06-01T25:00:00Z', VERIFICATION_MSG.invalidDate],
    [`?startDate=${'9'.repeat(60)}&endDate=2026-06-01`, VERIFICATION_MSG.invalidDate],
    ['?startDate=2026-06-10&endDate=2026-06-01', VERIFICATION_MSG.startAfterEnd],
    ['?startDate=2024-01-01&endDate=2026-01-01', VERIFICATION_MSG.periodTooLong],
  ];

  it.each(cases)('period%s → 400 %s', async (query, message) => {
    const res = await get(`/api/stripe-verification/period${query}`);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false, message });
  });

  it('stores nothing for a refused period', async () => {
    const before = (await get('/api/stripe-verification/history?limit=100')).json() as {
      data: unknown[];
    };
    await get('/api/stripe-verification/period?startDate=2026-06-10&endDate=2026-06-01');
    const after = (await get('/api/stripe-verification/history?limit=100')).json() as {
      data: unknown[];
    };
    expect(after.data).toHaveLength(before.data.length);
  });

  it('one day is a valid period, and so are full ISO instants', async () => {
    const oneDay = (
      await get('/api/stripe-verification/period?startDate=2026-06-01&endDate=2026-06-01')
    ).json() as {
      data: TVerificationRecord;
    };
    expect(oneDay.data.period).toEqual({
      startDate: '2026-06-01T00:00:00.000Z',
      endDate: '2026-06-01T23:59:59.999Z',
    });
    const instants = await get(
      '/api/stripe-verification/period?startDate=2026-06-01T08:00:00%2B02:00&endDate=2026-06-02T10:00:00Z',
    );
    expect(instants.statusCode).toBe(200);
    expect((instants.json() as { data: TVerificationRecord }).data.period).toEqual({
      startDate: '2026-06-01T06:00:00.000Z',
      endDate: '2026-06-02T10:00:00.000Z',
    });
  });
});
