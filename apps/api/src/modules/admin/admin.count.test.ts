import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/test-app';
import { createTestUser, type TestUser } from '../../../test/users';
import { USERS_EXACT_COUNT_LIMIT } from './admin.repository';

let t: TestApp;
let admin: TestUser;
const EXTRA = USERS_EXACT_COUNT_LIMIT + 50;

beforeAll(async () => {
  t = await buildTestApp();
  admin = await createTestUser(t.database.db, { roles: ['admin'] });
  await t.database.db.execute(sql`
    insert into users (first_name, last_name, email, date_of_birth)
    select 'Masivo', 'N' || g, 'masivo' || g || '@example.com', '1990-01-01' from generate_series(1, ${EXTRA}) g`);
});
afterAll(async () => {
  await t.close();
});

async function firstPage() {
  const res = await t.app.inject({
    method: 'GET',
    url: '/api/admin/all-users?limit=1',
    headers: { authorization: admin.authorization },
  });
  expect(res.statusCode).toBe(200);
  return res.json().pagination;
}

describe('GET /api/admin/all-users with more than 10000 users', () => {
  it('counts exactly while the table has no statistics yet', async () => {
    const [stats] = await t.database.db
      .select({ reltuples: sql<number>`reltuples` })
      .from(sql`pg_class`)
      .where(sql`oid = 'users'::regclass`);
    // PostgreSQL's autovacuum may have analysed the table already; then this path cannot happen.
    if (Number(stats?.reltuples) >= 0) return;
    expect(await firstPage()).toEqual({ page: 1, limit: 1, pages: EXTRA + 1, total: EXTRA + 1 });
  });

  it('answers the planner estimate beyond the exact limit, marked as such', async () => {
    await t.database.db.execute(sql`analyze users`);
    const pagination = await firstPage();
    expect(pagination.estimated).toBe(true);
    expect(pagination.total).toBeGreaterThan(USERS_EXACT_COUNT_LIMIT);
    expect(Math.abs(pagination.total - (EXTRA + 1))).toBeLessThan(EXTRA * 0.05);
    expect(pagination.pages).toBe(pagination.total);
  });
});
