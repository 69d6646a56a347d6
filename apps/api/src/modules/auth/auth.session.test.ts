import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { AUTH_MESSAGES } from '@magotips/contracts/auth';
import { MSG } from '@magotips/contracts/messages';
import { ZUser } from '@magotips/contracts/users';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  login,
  mailedToken,
  PASSWORD,
  post,
  registerVerified,
  uniqueEmail,
} from '../../../test/auth';
import { decodeMail, readOutbox, waitFor } from '../../../test/mail';
import { buildTestApp, type TestApp } from '../../../test/test-app';
import { createTestUser } from '../../../test/users';
import { users } from '../../db/schema';

const MINUTE = 60_000;
let now = new Date('2026-06-01T12:00:00Z');
const dataDir = mkdtempSync(path.join(tmpdir(), 'magotips-auth-session-'));
let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp({
    clock: () => now,
    env: { DATA_DIR: dataDir, APP_URL: 'https://magotips.test' },
  });
});
afterAll(() => t.close());

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const me = (token: string) => post(t.app, '/api/auth/me_verify', undefined, bearer(token));

/** Runs `fn` with the app clock moved forward, then puts it back. */
async function later<T>(ms: number, fn: () => Promise<T>): Promise<T> {
  const before = now;
  now = new Date(before.getTime() + ms);
  try {
    return await fn();
  } finally {
    now = before;
  }
}

describe('POST /api/auth/login', () => {
  it('answers the user (SPEC shape, no secrets) and a 15-minute token', async () => {
    const { email } = await registerVerified(t.app, dataDir, { phone: '+5215512345678' });
    const res = await login(t.app, email, PASSWORD);
    expect(res.status).toBe(200);
    const user = ZUser.parse(res.body.user);
    expect(user).toMatchObject({
      email,
      firstName: 'Ana',
      lastName: 'López',
      phone: '+5215512345678',
      dateOfBirth: '1990-05-04',
      roles: [{ name: 'user', assignedBy: null }],
      subscription: {
        hasActiveSubscription: false,
        plan: 'free',
        endDate: null,
        isRecurring: false,
      },
      socialLogin: { google: false },
    });
    expect(JSON.stringify(res.body)).not.toMatch(/argon2|passwordHash|tokenVersion/);
    expect((await me(res.token)).statusCode).toBe(200);
    // Past 15 minutes the token opens nothing but its session's renewal (decision 0084).
    const sessionsList = () =>
      t.app.inject({ method: 'GET', url: '/api/auth/sessions', headers: bearer(res.token) });
    expect((await sessionsList()).statusCode).toBe(200);
    expect((await later(16 * MINUTE, sessionsList)).statusCode).toBe(401);
  });

  it('gives the same 401 for a wrong password and an unknown e-mail', async () => {
    const { email } = await registerVerified(t.app, dataDir);
    const wrong = await login(t.app, email, 'otra-clave');
    const unknown = await login(t.app, uniqueEmail('nadie'), PASSWORD);
    for (const r of [wrong, unknown]) {
      expect(r.status).toBe(401);
      expect(r.body).toEqual({
        success: false,
        code: 'INVALID_CREDENTIALS',
        message: 'Email o contraseña incorrectos.',
      });
    }
  });

  it('refuses a Google-only account (no password) with the same 401', async () => {
    const user = await createTestUser(t.database.db, { now });
    const res = await login(t.app, user.email, PASSWORD);
    expect(res.status).toBe(401);
    expect(res.body.code).toBe('INVALID_CREDENTIALS');
  });

  it('validates the body in Spanish', async () => {
    const res = await post(t.app, '/api/auth/login', { email: 'x', password: '' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(MSG.email);
  });
});

describe('POST /api/auth/refresh and /api/auth/me_verify', () => {
  it('renew a valid session with a fresh user and token, as SPEC §7 expects', async () => {
    const { email } = await registerVerified(t.app, dataDir);
    const { token } = await login(t.app, email, PASSWORD);
    // Ten minutes in: the old token still works, the renewed one lives 15 more minutes.
    const renewed = await later(10 * MINUTE, () =>
      post(t.app, '/api/auth/refresh', undefined, bearer(token)),
    );
    expect(renewed.statusCode).toBe(200);
    expect(renewed.json()).toMatchObject({ success: true, user: { email } });
    const next = renewed.json<{ token: string }>().token;
    const list = (bearing: string) => () =>
      t.app.inject({ method: 'GET', url: '/api/auth/sessions', headers: bearer(bearing) });
    expect((await later(20 * MINUTE, list(next))).statusCode).toBe(200);
    expect((await later(20 * MINUTE, list(token))).statusCode).toBe(401);

    const verify = await me(token);
    expect(verify.statusCode).toBe(200);
    expect(ZUser.parse(verify.json().user).email).toBe(email);
    expect(typeof verify.json().token).toBe('string');
  });

  it('reads roles and subscription from the database, not the token', async () => {
    const user = await createTestUser(t.database.db, { now, roles: ['editor'], subscriber: true });
    const res = await me(user.token);
    expect(
      res
        .json()
        .user.roles.map((r: { name: string }) => r.name)
        .sort(),
    ).toEqual(['editor', 'user']);
    expect(res.json().user.subscription).toMatchObject({
      hasActiveSubscription: true,
      plan: 'premium',
    });
  });

  it('refuses a missing, forged or expired token with 401 in Spanish', async () => {
    const none = await post(t.app, '/api/auth/refresh');
    expect(none.statusCode).toBe(401);
    expect(none.json()).toEqual({ success: false, code: 'UNAUTHORIZED', message: MSG.noToken });
    const forged = await post(t.app, '/api/auth/me_verify', undefined, bearer('abc.def.ghi'));
    expect(forged.statusCode).toBe(401);
    expect(forged.json().message).toBe('Sesión expirada. Por favor, inicia sesión nuevamente.');
  });
});

describe('POST /api/auth/change-password', () => {
  it('ends every other session, keeps this one on a new token, and mails a notice', async () => {
    const { email } = await registerVerified(t.app, dataDir);
    const here = await login(t.app, email, PASSWORD);
    const elsewhere = await login(t.app, email, PASSWORD);

    const res = await post(
      t.app,
      '/api/auth/change-password',
      { currentPassword: PASSWORD, newPassword: 'nueva-clave' },
      bearer(here.token),
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      success: true,
      message: AUTH_MESSAGES.passwordChanged,
      user: { email },
    });
    const fresh = res.json<{ token: string }>().token;

    expect((await me(here.token)).statusCode).toBe(401);
    expect((await me(elsewhere.token)).statusCode).toBe(401);
    expect((await me(fresh)).statusCode).toBe(200);
    expect((await login(t.app, email, PASSWORD)).status).toBe(401);
    expect((await login(t.app, email, 'nueva-clave')).status).toBe(200);
    const notice = await waitFor(() =>
      readOutbox(dataDir).find(
        (m) =>
          m.raw.includes(`To: ${email}`) && decodeMail(m.raw).includes('Tu contraseña ha cambiado'),
      ),
    );
    expect(decodeMail(notice.raw)).toContain('https://magotips.test/forgot-password');
  });

  it('refuses a wrong current password with 400 (not 401: the session is fine) and a short new one', async () => {
    const { email } = await registerVerified(t.app, dataDir);
    const { token } = await login(t.app, email, PASSWORD);
    const wrong = await post(
      t.app,
      '/api/auth/change-password',
      { currentPassword: 'no-es-esta', newPassword: 'nueva-clave' },
      bearer(token),
    );
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({
      success: false,
      code: 'INVALID_PASSWORD',
      message: AUTH_MESSAGES.currentPasswordWrong,
    });
    const short = await post(
      t.app,
      '/api/auth/change-password',
      { currentPassword: PASSWORD, newPassword: '123' },
      bearer(token),
    );
    expect(short.statusCode).toBe(400);
    expect(short.json().message).toBe(MSG.newPasswordLength);
    expect((await me(token)).statusCode).toBe(200);
  });

  it('needs a session', async () => {
    const res = await post(t.app, '/api/auth/change-password', {
      currentPassword: 'a',
      newPassword: 'bbbbbb',
    });
    expect(res.statusCode).toBe(401);
  });
});

describe('POST /api/auth/forgot-password and /api/auth/reset-password', () => {
  it('answers the same whether or not the e-mail has an account, and mails only the real one', async () => {
    const { email } = await registerVerified(t.app, dataDir);
    const ghost = uniqueEmail('fantasma');
    const known = await post(t.app, '/api/auth/forgot-password', { email });
    const unknown = await post(t.app, '/api/auth/forgot-password', { email: ghost });
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(200);
    expect(known.json()).toEqual({ success: true, message: AUTH_MESSAGES.resetRequested });
    expect(unknown.json()).toEqual(known.json());
    const token = await mailedToken(dataDir, email, 'reset-password');
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const resetMail = readOutbox(dataDir).find((m) =>
      decodeMail(m.raw).includes(`reset-password?token=${token}`),
    );
    expect(decodeMail(resetMail?.raw ?? '')).toContain(
      `https://magotips.test/reset-password?token=${token}`,
    );
    expect(readOutbox(dataDir).some((m) => m.raw.includes(ghost))).toBe(false);
  });

  it('a reset link sets the password once, ends every session, and cannot be used again', async () => {
    const { email } = await registerVerified(t.app, dataDir);
    const session = await login(t.app, email, PASSWORD);
    await post(t.app, '/api/auth/forgot-password', { email });
    const token = await mailedToken(dataDir, email, 'reset-password');

    const reset = await post(t.app, '/api/auth/reset-password', { token, password: 'clave-nueva' });
    expect(reset.statusCode).toBe(200);
    expect(reset.json()).toEqual({ success: true, message: AUTH_MESSAGES.passwordReset });
    expect((await me(session.token)).statusCode).toBe(401);
    expect((await login(t.app, email, PASSWORD)).status).toBe(401);
    expect((await login(t.app, email, 'clave-nueva')).status).toBe(200);

    const again = await post(t.app, '/api/auth/reset-password', {
      token,
      password: 'otra-distinta',
    });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({
      success: false,
      code: 'INVALID_TOKEN',
      message: AUTH_MESSAGES.resetTokenInvalid,
    });
    expect((await login(t.app, email, 'clave-nueva')).status).toBe(200);
  });

  it('a reset link expires after one hour', async () => {
    const { email } = await registerVerified(t.app, dataDir);
    await post(t.app, '/api/auth/forgot-password', { email });
    const token = await mailedToken(dataDir, email, 'reset-password');
    const late = await later(61 * MINUTE, () =>
      post(t.app, '/api/auth/reset-password', { token, password: 'clave-nueva' }),
    );
    expect(late.statusCode).toBe(400);
    expect(late.json()).toEqual({
      success: false,
      code: 'TOKEN_EXPIRED',
      message: AUTH_MESSAGES.resetTokenExpired,
    });
    expect((await login(t.app, email, PASSWORD)).status).toBe(200);
    const inTime = await later(59 * MINUTE, () =>
      post(t.app, '/api/auth/reset-password', { token, password: 'clave-nueva' }),
    );
    expect(inTime.statusCode).toBe(200);
  });

  it('only the newest reset link works, and a password change retires it', async () => {
    const { email } = await registerVerified(t.app, dataDir);
    await post(t.app, '/api/auth/forgot-password', { email });
    const first = await mailedToken(dataDir, email, 'reset-password');
    await post(t.app, '/api/auth/forgot-password', { email });
    const second = await newerResetToken(email, first);
    expect(
      (
        await post(t.app, '/api/auth/reset-password', { token: first, password: 'clave-nueva' })
      ).json().code,
    ).toBe('INVALID_TOKEN');
    const { token } = await login(t.app, email, PASSWORD);
    await post(
      t.app,
      '/api/auth/change-password',
      { currentPassword: PASSWORD, newPassword: 'cambiada1' },
      bearer(token),
    );
    expect(
      (
        await post(t.app, '/api/auth/reset-password', { token: second, password: 'clave-nueva' })
      ).json().code,
    ).toBe('INVALID_TOKEN');
  });

  it('confirms an account that was still waiting for its e-mail confirmation', async () => {
    const email = uniqueEmail('sinconfirmar');
    const reg = await post(t.app, '/api/auth/register', {
      firstName: 'Leo',
      lastName: 'Pérez',
      email,
      password: PASSWORD,
      dateOfBirth: '1980-01-01',
    });
    expect(reg.statusCode).toBe(201);
    await post(t.app, '/api/auth/forgot-password', { email });
    const token = await mailedToken(dataDir, email, 'reset-password');
    expect(
      (await post(t.app, '/api/auth/reset-password', { token, password: 'clave-nueva' }))
        .statusCode,
    ).toBe(200);
    const [row] = await t.database.db.select().from(users).where(eq(users.email, email));
    expect(row?.emailVerifiedAt).not.toBeNull();
    expect((await login(t.app, email, 'clave-nueva')).status).toBe(200);
  });

  it('validates the new password and the token in Spanish', async () => {
    const short = await post(t.app, '/api/auth/reset-password', { token: 'x', password: '123' });
    expect(short.statusCode).toBe(400);
    expect(short.json().message).toBe(MSG.password);
    const noToken = await post(t.app, '/api/auth/reset-password', { password: 'clave-nueva' });
    expect(noToken.json().message).toBe(MSG.verifyTokenMissing);
  });
});

async function newerResetToken(email: string, than: string): Promise<string> {
  return waitFor(() => {
    for (const mail of readOutbox(dataDir).reverse()) {
      if (!mail.raw.includes(`To: ${email}`)) continue;
      const match = /\/reset-password\?token=([A-Za-z0-9_-]+)/.exec(decodeMail(mail.raw));
      if (match?.[1] && match[1] !== than) return match[1];
    }
    return null;
  });
}
