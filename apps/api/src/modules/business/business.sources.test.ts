import type { TBusinessResponse } from '@magotips/contracts/business';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/test-app';
import { createTestUser } from '../../../test/users';
import { transactions, users } from '../../db/schema';

// Decision 0118: SOURCE_OF_USER reads the origin kept at sign-up — utm_source, else 'referido'
// for a ref alone, else 'directo'.
const now = new Date('2026-06-15T12:00:00Z');
const inMay = new Date('2026-05-10T10:00:00Z');
let t: TestApp;
let admin: Record<string, string>;

async function reader(origin: { utmSource?: string | null; refCode?: string | null }) {
  const u = await createTestUser(t.database.db, { now: inMay });
  await t.database.db
    .update(users)
    .set({ ...origin, createdAt: inMay })
    .where(eq(users.id, u.id));
  return u.id;
}

beforeAll(async () => {
  t = await buildTestApp({ clock: () => now });
  admin = {
    authorization: (await createTestUser(t.database.db, { now, roles: ['admin'] })).authorization,
  };
  const googler = await reader({ utmSource: 'google' });
  await reader({ utmSource: 'google', refCode: 'ANA' });
  await reader({ refCode: 'ANA' });
  await reader({ utmSource: '' });
  await reader({});
  await t.database.db.insert(transactions).values({
    userId: googler,
    kind: 'pack',
    itemName: 'Pack',
    amountCents: 999,
    status: 'completed',
    provider: 'stripe',
    completedAt: new Date('2026-05-12T10:00:00Z'),
  });
});
afterAll(() => t.close());

describe('sign-ups and first payments by source', () => {
  it('groups May’s readers by their first visit’s origin', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/admin/business?from=2026-05-01&to=2026-05-31',
      headers: admin,
    });
    expect(res.statusCode).toBe(200);
    const body: TBusinessResponse = res.json();
    const rows = body.signupsBySource;
    expect(rows).toHaveLength(3);
    expect(rows).toEqual(
      expect.arrayContaining([
        { source: 'google', signups: 2, firstPayments: 1 },
        { source: 'referido', signups: 1, firstPayments: 0 },
        { source: 'directo', signups: 2, firstPayments: 0 },
      ]),
    );
  });
});
