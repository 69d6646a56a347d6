import type { RoleName } from '@magotips/contracts/roles';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, createTestDatabase, type TestApp } from '../test/test-app';
import { createTestUser } from '../test/users';
import type { Database } from './db/database';

// Issue 29 item 3: /api/docs lists every route, the admin ones too. In production only signed-in
// admins read it, unless API_DOCS=public publishes it; elsewhere it is open.
const PRODUCTION = {
  NODE_ENV: 'production',
  LOG_LEVEL: 'silent',
  SMTP_URL: 'smtp://127.0.0.1:1',
  MAIL_FROM: 'MagoTips <a@magotips.test>',
  LEDGER_PRIVATE_KEY: 'A'.repeat(43),
  APP_URL: 'https://magotips.test',
  SELLER_NAME: 'MagoTips S.L.', SELLER_TAX_ID: 'B12345674', SELLER_ADDRESS: 'Calle 1, Madrid',
};
const DOCS = ['/api/docs', '/api/docs/json', '/api/docs/yaml'];

let database: Database;
let production: TestApp;
let published: TestApp;
let development: TestApp;
beforeAll(async () => {
  database = await createTestDatabase();
  production = await buildTestApp({ database, env: PRODUCTION });
  published = await buildTestApp({ database, env: { ...PRODUCTION, API_DOCS: 'public' } });
  development = await buildTestApp({ database, env: { LOG_LEVEL: 'silent' } });
});
afterAll(async () => {
  for (const t of [production, published, development]) await t.close();
  await database.close();
});

async function statusAs(t: TestApp, url: string, roles: RoleName[] | null, subscriber = false) {
  const headers: Record<string, string> = {};
  if (roles) {
    const user = await createTestUser(database.db, { roles, subscriber });
    headers.authorization = user.authorization;
  }
  return (await t.app.inject({ method: 'GET', url, headers })).statusCode;
}

describe('/api/docs in production', () => {
  it('answers only signed-in admins: 401 for visitors, 403 for every other role', async () => {
    for (const url of DOCS) {
      expect(await statusAs(production, url, null), url).toBe(401);
      expect(await statusAs(production, url, []), url).toBe(403);
      expect(await statusAs(production, url, [], true), url).toBe(403);
      expect(await statusAs(production, url, ['editor']), url).toBe(403);
      expect(await statusAs(production, url, ['admin']), url).toBe(200);
      expect(await statusAs(production, url, ['editor', 'admin']), url).toBe(200);
    }
  });

  it('is public with API_DOCS=public, and outside production', async () => {
    for (const t of [published, development]) {
      for (const url of DOCS) expect(await statusAs(t, url, null), url).toBe(200);
    }
  });

  it('refuses an API_DOCS value it does not know, naming it', async () => {
    await expect(
      buildTestApp({ database, env: { ...PRODUCTION, API_DOCS: 'todos' } }),
    ).rejects.toThrow(/API_DOCS/);
  });
});
