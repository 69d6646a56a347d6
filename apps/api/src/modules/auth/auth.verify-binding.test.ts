import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { AUTH_MESSAGES, ZVerifyEmailResponse } from '@magotips/contracts/auth';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  login,
  mailedToken,
  PASSWORD,
  post,
  REGISTRATION_COOKIE,
  registration,
  registrationCookie,
  uniqueEmail,
} from '../../../test/auth';
import { readOutbox, tokenFromMail, waitFor } from '../../../test/mail';
import { buildTestApp, type TestApp } from '../../../test/test-app';
import { sessions, users } from '../../db/schema';
import { bindingCookieOptions } from './auth-cookies';

// Decision 0082 (issue 29 item 1, login CSRF through the confirmation link): the link signs in
// only the browser that registered the account; anywhere else it confirms the address, opens no
// session and the page asks for the password.

const HOUR = 3_600_000;
let now = new Date('2026-06-01T12:00:00Z');
const dataDir = mkdtempSync(path.join(tmpdir(), 'magotips-verify-binding-'));
let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp({ clock: () => now, env: { DATA_DIR: dataDir } });
});
afterAll(() => t.close());

async function register(overrides: Record<string, unknown> = {}) {
  const body = registration(overrides);
  const res = await post(t.app, '/api/auth/register', body);
  expect(res.statusCode).toBe(201);
  return { body, res, token: await mailedToken(dataDir, body.email, 'verify-email') };
}

async function sessionCount(email: string): Promise<number> {
  const [user] = await t.database.db.select().from(users).where(eq(users.email, email));
  const rows = await t.database.db
    .select()
    .from(sessions)
    .where(eq(sessions.userId, user?.id ?? ''));
  return rows.length;
}

const verify = (token: string, cookies?: Record<string, string>) =>
  post(t.app, '/api/auth/verify-email', { token }, cookies ? { cookies } : {});

describe('the sign-up binds the browser that made it', () => {
  it('sets an httpOnly, SameSite=Lax cookie sent only to the confirmation call, for 48 h', async () => {
    const { res } = await register();
    const header = String(res.headers['set-cookie']);
    expect(header).toContain(`${REGISTRATION_COOKIE}=`);
    expect(header).toContain('HttpOnly');
    expect(header).toContain('SameSite=Lax');
    expect(header).toContain('Path=/api/auth/verify-email');
    expect(header).toContain(`Max-Age=${48 * 3600}`);
    // Not Secure outside production (the test app speaks plain HTTP); Secure there:
    expect(header).not.toContain('Secure');
    expect(bindingCookieOptions('/api/auth/verify-email', true).secure).toBe(true);
  });

  it('gives a sign-up with a known e-mail a cookie of the same shape, so nothing tells them apart', async () => {
    const email = uniqueEmail('conocido');
    const first = await register({ email });
    const again = await post(t.app, '/api/auth/register', registration({ email }));
    expect(again.statusCode).toBe(201);
    // Issue time, tag and signature: the same lengths whether or not an account was made.
    const shape = (value: string) => value.split('.').map((part) => part.length);
    expect(shape(registrationCookie(again)[REGISTRATION_COOKIE] ?? '')).toEqual(
      shape(registrationCookie(first.res)[REGISTRATION_COOKIE] ?? ''),
    );
    const userId = (await t.database.db.select().from(users).where(eq(users.email, email)))[0]?.id;
    expect(registrationCookie(first.res)[REGISTRATION_COOKIE]).not.toContain(userId ?? '-');
    // And the decoy signs nobody in.
    const res = await verify(first.token, registrationCookie(again));
    expect(res.json()).toMatchObject({ signedIn: false });
    expect(await sessionCount(email)).toBe(0);
  });
});

describe('following the link', () => {
  it('without the binding cookie: confirms the address, names it, opens no session and sets no cookie', async () => {
    const { body, token } = await register();
    const res = await verify(token);
    expect(res.statusCode).toBe(200);
    expect(res.headers['set-cookie']).toBeUndefined();
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.json()).toEqual({
      success: true,
      signedIn: false,
      email: body.email,
      message: AUTH_MESSAGES.emailVerifiedSignIn,
    });
    expect(ZVerifyEmailResponse.parse(res.json())).not.toHaveProperty('token');
    expect(await sessionCount(body.email)).toBe(0);
    // Confirmed all the same: the password signs in, and the link is spent.
    expect((await login(t.app, body.email, PASSWORD)).status).toBe(200);
    expect((await verify(token)).statusCode).toBe(400);
  });

  it('with the cookie of the browser that registered: signs in, names the account and spends the cookie', async () => {
    const { body, res: registered, token } = await register();
    const res = await verify(token, registrationCookie(registered));
    expect(res.statusCode).toBe(200);
    const answer = ZVerifyEmailResponse.parse(res.json());
    expect(answer).toMatchObject({
      signedIn: true,
      email: body.email,
      message: AUTH_MESSAGES.emailVerified,
      user: { email: body.email },
    });
    const token2 = 'token' in answer ? answer.token : '';
    const me = await post(t.app, '/api/auth/me_verify', undefined, {
      authorization: `Bearer ${token2}`,
    });
    expect(me.statusCode).toBe(200);
    expect(await sessionCount(body.email)).toBe(1);
    const cleared = res.cookies.find((c) => c.name === REGISTRATION_COOKIE);
    expect(cleared?.value).toBe('');
    expect(cleared?.path).toBe('/api/auth/verify-email');
  });

  it("with the cookie of someone else's sign-up (the attacker's own): confirms without a session", async () => {
    const attacker = await register({ email: uniqueEmail('atacante') });
    const victim = await register({ email: uniqueEmail('victima') });
    // The attacker's link, opened by a browser holding another sign-up's cookie.
    const res = await verify(attacker.token, registrationCookie(victim.res));
    expect(res.json()).toMatchObject({ signedIn: false, email: attacker.body.email });
    expect(await sessionCount(attacker.body.email)).toBe(0);
    // That browser's own link still signs it in: a cookie that did not match is kept.
    expect(res.headers['set-cookie']).toBeUndefined();
    const own = await verify(victim.token, registrationCookie(victim.res));
    expect(own.json()).toMatchObject({ signedIn: true, email: victim.body.email });
  });

  it.each([
    ['without its signature', (value: string) => value.slice(0, value.lastIndexOf('.'))],
    [
      'with a signature of its own',
      (value: string) => `${value.slice(0, value.lastIndexOf('.'))}.AAAA`,
    ],
    ['with its time changed', (value: string) => `1${value}`],
  ])('refuses the right cookie %s', async (_label, forge) => {
    const { body, res: registered, token } = await register();
    const value = registrationCookie(registered)[REGISTRATION_COOKIE] ?? '';
    const res = await verify(token, { [REGISTRATION_COOKIE]: forge(value) });
    expect(res.json()).toMatchObject({ signedIn: false, email: body.email });
    expect(await sessionCount(body.email)).toBe(0);
  });

  it('a resent link signs in the registering browser too, while its cookie is under 48 h old', async () => {
    const issued = now;
    try {
      const { body, res: registered, token } = await register();
      const cookie = registrationCookie(registered);
      now = new Date(issued.getTime() + 47 * HOUR);
      await post(t.app, '/api/auth/resend-verification', { email: body.email });
      const resent = await resentToken(body.email, token);
      now = new Date(issued.getTime() + 47.5 * HOUR);
      const res = await verify(resent, cookie);
      expect(res.json()).toMatchObject({ signedIn: true, email: body.email });
    } finally {
      now = issued;
    }
  });

  it('a cookie older than 48 h binds nothing, even with a fresh resent link', async () => {
    const issued = now;
    try {
      const { body, res: registered, token } = await register();
      const cookie = registrationCookie(registered);
      now = new Date(issued.getTime() + 49 * HOUR);
      await post(t.app, '/api/auth/resend-verification', { email: body.email });
      const resent = await resentToken(body.email, token);
      const res = await verify(resent, cookie);
      expect(res.json()).toMatchObject({ signedIn: false, email: body.email });
      expect(await sessionCount(body.email)).toBe(0);
    } finally {
      now = issued;
    }
  });
});

/** The confirmation token of the resend's mail to `email`: the one that is not `first` (the
 * resend mails after answering, so it is waited for). */
function resentToken(email: string, first: string): Promise<string> {
  return waitFor(() =>
    readOutbox(dataDir)
      .filter((m) => m.raw.includes(`To: ${email}`))
      .map((m) => tokenFromMail(m.raw, 'verify-email'))
      .find((token) => token !== null && token !== first),
  );
}
