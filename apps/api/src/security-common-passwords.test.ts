import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { MSG } from '@magotips/contracts/messages';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { login, mailedToken, PASSWORD, post, registerVerified, registration } from '../test/auth';
import { buildTestApp, type TestApp } from '../test/test-app';
import { createTestUser } from '../test/users';
import { users } from './db/schema';
import { DEMO_PASSWORD } from './seed/demo-seed';
import { hashPassword } from './lib/password';

const dataDir = mkdtempSync(path.join(tmpdir(), 'magotips-common-passwords-'));
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ env: { DATA_DIR: dataDir } });
});
afterAll(() => t.close());

const refused = (field: string) => ({
  success: false,
  message: MSG.commonPassword,
  code: 'VALIDATION_ERROR',
  errors: { [field]: MSG.commonPassword },
});

async function accountExists(email: string): Promise<boolean> {
  const rows = await t.database.db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, email));
  return rows.length > 0;
}

describe('new passwords are checked against the common-password list', () => {
  it('registration refuses one, in any case, and creates nothing', async () => {
    for (const password of ['123456789', 'Password1', 'TeAmO123', 'barcelona']) {
      const body = registration({ password });
      const res = await post(t.app, '/api/auth/register', body);
      expect(res.statusCode, password).toBe(400);
      expect(res.json(), password).toEqual(refused('password'));
      expect(await accountExists(body.email), password).toBe(false);
    }
  });

  it('a password reset refuses one and leaves the link usable for a better password', async () => {
    const { email } = await registerVerified(t.app, dataDir);
    await post(t.app, '/api/auth/forgot-password', { email });
    const token = await mailedToken(dataDir, email, 'reset-password');

    const weak = await post(t.app, '/api/auth/reset-password', { token, password: 'iloveyou' });
    expect(weak.statusCode).toBe(400);
    expect(weak.json()).toEqual(refused('password'));
    expect((await login(t.app, email, 'iloveyou')).status).toBe(401);

    const strong = await post(t.app, '/api/auth/reset-password', {
      token,
      password: 'grapa-caballo-correcto',
    });
    expect(strong.statusCode).toBe(200);
    expect((await login(t.app, email, 'grapa-caballo-correcto')).status).toBe(200);
  });

  it('a password change refuses one and keeps the old password', async () => {
    const { email } = await registerVerified(t.app, dataDir);
    const { token } = await login(t.app, email, PASSWORD);
    const res = await post(
      t.app,
      '/api/auth/change-password',
      { currentPassword: PASSWORD, newPassword: 'Qwerty123' },
      { authorization: `Bearer ${token}` },
    );
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(refused('newPassword'));
    expect((await login(t.app, email, PASSWORD)).status).toBe(200);
  });
});

describe('sign-in never checks the list', () => {
  it('an existing account with a common password still signs in', async () => {
    const user = await createTestUser(t.database.db, {
      passwordHash: await hashPassword('123456'),
    });
    expect((await login(t.app, user.email, '123456')).status).toBe(200);
  });

  it("and the demo accounts' public password is not on the list", async () => {
    expect(DEMO_PASSWORD).toBe('demo1234');
    const res = await post(t.app, '/api/auth/register', registration({ password: DEMO_PASSWORD }));
    expect(res.statusCode).toBe(201);
  });
});
