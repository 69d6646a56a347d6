import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { AUTH_MESSAGES, ZVerifyEmailResponse } from '@magotips/contracts/auth';
import { MSG } from '@magotips/contracts/messages';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  login,
  mailedToken,
  PASSWORD,
  post,
  registration,
  registrationCookie,
} from '../../../test/auth';
import { CALLERS, createCallers, type Callers } from '../../../test/callers';
import { decodeMail, readOutbox, waitFor } from '../../../test/mail';
import { buildTestApp, type TestApp } from '../../../test/test-app';
import { packs, sessions, users } from '../../db/schema';

// Issue 13, items 1, 2, 4 and 5 on the server: `next` in the confirmation link, verifying the
// e-mail signs in the browser that registered (a real session, like login; elsewhere no session:
// auth.verify-binding.test.ts), phones as people type them, and a reset link checked before
// anyone types a password.

const HOUR = 3_600_000;
let now = new Date('2026-06-01T12:00:00Z');
const dataDir = mkdtempSync(path.join(tmpdir(), 'magotips-auth-journeys-'));
const APP_URL = 'https://magotips.test';
let t: TestApp;
let callers: Callers;

beforeAll(async () => {
  t = await buildTestApp({ clock: () => now, env: { DATA_DIR: dataDir, APP_URL } });
  const [pack] = await t.database.db
    .insert(packs)
    .values({ nombre: 'Pack de prueba', descripcion: 'x', priceCents: 500 })
    .returning({ id: packs.id });
  callers = await createCallers(t.database.db, now, pack?.id ?? '');
});
afterAll(() => t.close());

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** The answer of a confirmation that signed in (the registering browser's). */
function signedInAnswer(body: unknown) {
  const answer = ZVerifyEmailResponse.parse(body);
  if (!answer.signedIn) throw new Error(`not signed in: ${JSON.stringify(body)}`);
  return answer;
}

/** Every confirmation link mailed to `email`, whole (token and next), newest first, read from
 * the text part. */
function verifyLinksTo(email: string): URL[] {
  const pattern = new RegExp(`${APP_URL}/verify-email\\?token=[A-Za-z0-9_-]+(?:&next=[^\\s"<>]+)?`);
  return readOutbox(dataDir)
    .filter((m) => m.raw.includes(`To: ${email}`))
    .reverse()
    .flatMap((mail) => {
      const found = pattern.exec(decodeMail(mail.raw));
      return found ? [new URL(found[0])] : [];
    });
}

const mailedVerifyLink = (email: string): Promise<URL> => waitFor(() => verifyLinksTo(email)[0]);

async function sessionRows(userId: string) {
  return t.database.db.select().from(sessions).where(eq(sessions.userId, userId));
}

describe('verifying the e-mail signs in the browser that registered (item 2)', () => {
  it('answers the user and a token like login, starts a server-side session, and the link stays single use', async () => {
    const body = registration({ firstName: 'Verónica' });
    const registered = await post(t.app, '/api/auth/register', body);
    expect(registered.statusCode).toBe(201);
    const token = await mailedToken(dataDir, body.email, 'verify-email');

    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/verify-email',
      payload: { token },
      headers: { 'user-agent': 'Correo del móvil' },
      cookies: registrationCookie(registered),
      remoteAddress: '10.1.2.3',
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const answer = signedInAnswer(res.json());
    // Backwards compatible: success and message as before, plus what login answers.
    expect(answer).toMatchObject({
      success: true,
      signedIn: true,
      email: body.email,
      message: AUTH_MESSAGES.emailVerified,
      user: {
        email: body.email,
        firstName: 'Verónica',
        roles: [{ name: 'user', assignedBy: null }],
      },
    });
    expect(JSON.stringify(answer)).not.toMatch(/argon2|passwordHash|tokenVersion/);

    // The session is real: the token works, and the sessions list shows it as the current one.
    expect(
      (await post(t.app, '/api/auth/me_verify', undefined, bearer(answer.token))).statusCode,
    ).toBe(200);
    const list = await t.app.inject({
      method: 'GET',
      url: '/api/auth/sessions',
      headers: bearer(answer.token),
    });
    expect(list.json()).toMatchObject({
      sessions: [{ current: true, userAgent: 'Correo del móvil', ip: '10.1.2.3' }],
    });
    expect(await sessionRows(answer.user._id)).toHaveLength(1);

    // Single use: the same link again is refused and opens no second session.
    const again = await post(t.app, '/api/auth/verify-email', { token });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({
      success: false,
      code: 'INVALID_TOKEN',
      message: AUTH_MESSAGES.verifyTokenInvalid,
    });
    expect(await sessionRows(answer.user._id)).toHaveLength(1);

    // The account is active: the password works too.
    expect((await login(t.app, body.email, PASSWORD)).status).toBe(200);
  });

  it('refuses an expired or unknown link without a session, in Spanish', async () => {
    const body = registration();
    await post(t.app, '/api/auth/register', body);
    const token = await mailedToken(dataDir, body.email, 'verify-email');
    const issued = now;
    try {
      now = new Date(issued.getTime() + 49 * HOUR);
      const late = await post(t.app, '/api/auth/verify-email', { token });
      expect(late.statusCode).toBe(400);
      expect(late.json()).toEqual({
        success: false,
        code: 'TOKEN_EXPIRED',
        message: AUTH_MESSAGES.verifyTokenExpired,
      });
    } finally {
      now = issued;
    }
    const [user] = await t.database.db.select().from(users).where(eq(users.email, body.email));
    expect(await sessionRows(user?.id ?? '')).toHaveLength(0);

    const unknown = await post(t.app, '/api/auth/verify-email', { token: 'no-existe' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({
      code: 'INVALID_TOKEN',
      message: AUTH_MESSAGES.verifyTokenInvalid,
    });
  });

  it.each(CALLERS)(
    'works the same for a %s holding a token: the session is the confirmed account, not the caller',
    async (caller) => {
      const body = registration();
      const registered = await post(t.app, '/api/auth/register', body);
      const token = await mailedToken(dataDir, body.email, 'verify-email');
      const res = await post(
        t.app,
        '/api/auth/verify-email',
        { token },
        {
          authorization: callers[caller].headers.authorization,
          cookies: registrationCookie(registered),
        },
      );
      expect(res.statusCode).toBe(200);
      const answer = signedInAnswer(res.json());
      expect(answer.user.email).toBe(body.email);
      expect(answer.user._id).not.toBe(callers[caller].id);
    },
  );
});

describe('next rides in the confirmation link (item 1)', () => {
  it('register with next mails a link that carries it as a relative path', async () => {
    const body = registration({ next: '/tip/0b7c4c8e-1d2a-4f7e-9f1a-2b3c4d5e6f70' });
    expect((await post(t.app, '/api/auth/register', body)).statusCode).toBe(201);
    const link = await mailedVerifyLink(body.email);
    expect(link.origin).toBe(APP_URL);
    expect(link.pathname).toBe('/verify-email');
    expect(link.searchParams.get('next')).toBe('/tip/0b7c4c8e-1d2a-4f7e-9f1a-2b3c4d5e6f70');
    expect(link.searchParams.get('token')).toBeTruthy();
  });

  it('register without next mails the plain link, as before', async () => {
    const body = registration();
    await post(t.app, '/api/auth/register', body);
    const link = await mailedVerifyLink(body.email);
    expect([...link.searchParams.keys()]).toEqual(['token']);
  });

  it.each([
    '//evil.example',
    'https://evil.example/tip',
    '/\\evil.example',
    'javascript:alert(1)',
    '/%2F/evil.example',
    '/login',
  ])('register refuses next=%j with a Spanish 400, and creates no account', async (next) => {
    const body = registration({ next });
    const res = await post(t.app, '/api/auth/register', body);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false, message: MSG.nextPathInvalid });
    expect(
      await t.database.db.select().from(users).where(eq(users.email, body.email)),
    ).toHaveLength(0);
  });

  it('resend-verification carries next into the new link, and refuses an unsafe one', async () => {
    const body = registration();
    await post(t.app, '/api/auth/register', body);
    const first = await mailedVerifyLink(body.email);

    const res = await post(t.app, '/api/auth/resend-verification', {
      email: body.email,
      next: '/subscription',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, message: AUTH_MESSAGES.verificationResent });
    const second = await waitFor(() =>
      verifyLinksTo(body.email).find(
        (link) => link.searchParams.get('token') !== first.searchParams.get('token'),
      ),
    );
    expect(second.searchParams.get('next')).toBe('/subscription');

    const bad = await post(t.app, '/api/auth/resend-verification', {
      email: body.email,
      next: '//evil.example',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ success: false, message: MSG.nextPathInvalid });
  });
});

describe('phones as people type them (item 4)', () => {
  it.each([
    ['600 12 34 56', '600123456'],
    ['+34 600-123-456', '+34600123456'],
  ])('stores %j as %s', async (typed, stored) => {
    const body = registration({ phone: typed });
    expect((await post(t.app, '/api/auth/register', body)).statusCode).toBe(201);
    const [row] = await t.database.db
      .select({ phone: users.phone })
      .from(users)
      .where(eq(users.email, body.email));
    expect(row?.phone).toBe(stored);
  });

  it("keeps SPEC.md's message for a number that really starts with 0", async () => {
    const res = await post(t.app, '/api/auth/register', registration({ phone: '0600 12 34 56' }));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false, message: MSG.phone });
  });
});

describe('POST /api/auth/validate-reset-token (item 5)', () => {
  async function resetToken(): Promise<{ email: string; token: string }> {
    const body = registration();
    await post(t.app, '/api/auth/register', body);
    await post(t.app, '/api/auth/forgot-password', { email: body.email });
    return { email: body.email, token: await mailedToken(dataDir, body.email, 'reset-password') };
  }

  it('says a working link is valid without using it: the reset still works after', async () => {
    const { email, token } = await resetToken();
    for (let i = 0; i < 2; i += 1) {
      const res = await post(t.app, '/api/auth/validate-reset-token', { token });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ success: true, message: AUTH_MESSAGES.resetTokenValid });
    }
    expect(
      (await post(t.app, '/api/auth/reset-password', { token, password: 'otra-clave-9' }))
        .statusCode,
    ).toBe(200);
    expect((await login(t.app, email, 'otra-clave-9')).status).toBe(200);
  });

  it('answers the existing Spanish texts for a used, an expired and an unknown link', async () => {
    const used = await resetToken();
    await post(t.app, '/api/auth/reset-password', { token: used.token, password: 'otra-clave-9' });
    const usedRes = await post(t.app, '/api/auth/validate-reset-token', { token: used.token });
    expect(usedRes.statusCode).toBe(400);
    expect(usedRes.json()).toEqual({
      success: false,
      code: 'INVALID_TOKEN',
      message: AUTH_MESSAGES.resetTokenInvalid,
    });

    const expired = await resetToken();
    const issued = now;
    try {
      now = new Date(issued.getTime() + HOUR + 1000);
      const res = await post(t.app, '/api/auth/validate-reset-token', { token: expired.token });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        success: false,
        code: 'TOKEN_EXPIRED',
        message: AUTH_MESSAGES.resetTokenExpired,
      });
    } finally {
      now = issued;
    }

    const unknown = await post(t.app, '/api/auth/validate-reset-token', { token: 'no-existe' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({
      code: 'INVALID_TOKEN',
      message: AUTH_MESSAGES.resetTokenInvalid,
    });
  });

  it('a verification token is not a reset token', async () => {
    const body = registration();
    await post(t.app, '/api/auth/register', body);
    const token = await mailedToken(dataDir, body.email, 'verify-email');
    const res = await post(t.app, '/api/auth/validate-reset-token', { token });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'INVALID_TOKEN' });
  });

  it.each([{}, { token: '' }, { token: 42 }, { token: 'x'.repeat(201) }])(
    'refuses %j with a Spanish 400, never a 500',
    async (payload) => {
      const res = await post(t.app, '/api/auth/validate-reset-token', payload);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ success: false });
      expect(res.json<{ message: string }>().message).toMatch(/[a-záéíóúñ]/i);
    },
  );

  it.each(CALLERS)('answers a %s the same (public, token or not)', async (caller) => {
    const { token } = await resetToken();
    const res = await post(
      t.app,
      '/api/auth/validate-reset-token',
      { token },
      { authorization: callers[caller].headers.authorization },
    );
    expect(res.statusCode).toBe(200);
  });

  it('is in the OpenAPI document with its body and answers', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json<{
      paths: Record<
        string,
        Record<string, { requestBody?: unknown; responses?: Record<string, unknown> }>
      >;
    }>();
    const op = doc.paths['/api/auth/validate-reset-token']?.post;
    expect(op?.requestBody).toBeTruthy();
    expect(Object.keys(op?.responses ?? {})).toEqual(expect.arrayContaining(['200', '400', '429']));
    const verify = doc.paths['/api/auth/verify-email']?.post;
    expect(JSON.stringify(verify?.responses?.['200'])).toContain('token');
  });
});
