import {
  GOOGLE_AUTH_MESSAGES,
  GOOGLE_CODE_INVALID_TEXT,
  MISSING_BIRTH_DATE_TEXT,
  OLDER_THAN_21_TEXT,
} from '@magotips/contracts/google-auth';
import { ZUser } from '@magotips/contracts/users';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { userRoles, users } from '../../db/schema';
import { randomIp } from '../../../test/auth';
import {
  type GoogleDoubles,
  exchangeGoogleCode,
  newGoogleProfile,
  peopleBirthday,
  runGoogleFlow,
  startGoogleDoubles,
} from '../../../test/google';
import { buildTestApp, type TestApp } from '../../../test/test-app';
import { createTestUser } from '../../../test/users';
import { GOOGLE_AUTH_LIMITS } from './google-auth.routes';

// The app's clock: the 21+ rule and the login cookie's age are judged on it. The provider's
// tokens carry real times, which openid-client checks against the real clock.
const TODAY = new Date('2026-06-15T12:00:00Z');
let now = TODAY;

let google: GoogleDoubles;
let t: TestApp;

beforeAll(async () => {
  google = await startGoogleDoubles();
  t = await buildTestApp({ clock: () => now, env: google.env() });
});
afterAll(async () => {
  await t?.close();
  await google?.close();
});
beforeEach(() => {
  now = TODAY;
  google.profile = newGoogleProfile();
  google.people = peopleBirthday('1990-05-04');
});

const errorOf = (params: URLSearchParams) => ({
  error: params.get('error'),
  message: params.get('message'),
});
const failed = { error: 'google_auth_failed', message: GOOGLE_AUTH_MESSAGES.google_auth_failed };

async function userBySub(sub: string) {
  return t.database.db.select().from(users).where(eq(users.googleSub, sub));
}

describe('GET /api/auth/google', () => {
  it('sends the browser to the provider with PKCE S256, state, nonce and the birthday scope', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/auth/google',
      remoteAddress: randomIp(),
    });

    expect(res.statusCode).toBe(302);
    expect(res.headers['cache-control']).toBe('no-store');
    const url = new URL(String(res.headers.location));
    expect(`${url.origin}`).toBe(new URL(google.issuer).origin);
    expect(url.pathname).toBe('/authorize');
    const q = url.searchParams;
    expect(q.get('response_type')).toBe('code');
    expect(q.get('client_id')).toBe(google.env().GOOGLE_CLIENT_ID);
    expect(q.get('redirect_uri')).toBe('http://localhost:3000/api/auth/google/callback');
    expect(q.get('scope')?.split(' ').sort()).toEqual(
      ['email', 'https://www.googleapis.com/auth/user.birthday.read', 'openid', 'profile'].sort(),
    );
    expect(q.get('code_challenge_method')).toBe('S256');
    expect(q.get('code_challenge')).toMatch(/^[\w-]{43}$/);
    expect(q.get('state')).toBeTruthy();
    expect(q.get('nonce')).toBeTruthy();

    const cookie = String(res.headers['set-cookie']);
    expect(cookie).toMatch(/^magotips_google_login=[^;]+\./);
    expect(cookie).toContain('Max-Age=600');
    expect(cookie).toContain('Path=/api/auth/google');
    expect(cookie).toContain('HttpOnly');
    expect(cookie).toContain('SameSite=Lax');
    // Not Secure outside production: the local test provider and the app speak plain HTTP.
    expect(cookie).not.toContain('Secure');
  });

  it('answers a redirect to /login when the per-IP limit is reached', async () => {
    const ip = randomIp();
    const max = GOOGLE_AUTH_LIMITS.start[0]!.max;
    for (let i = 0; i < max; i++) {
      const ok = await t.app.inject({ method: 'GET', url: '/api/auth/google', remoteAddress: ip });
      expect(new URL(String(ok.headers.location)).pathname).toBe('/authorize');
    }
    const refused = await t.app.inject({
      method: 'GET',
      url: '/api/auth/google',
      remoteAddress: ip,
    });

    expect(refused.statusCode).toBe(302);
    expect(refused.headers.location).toBe('/login?error=google_start_failed');
  });
});

describe('GET /api/auth/google/callback', () => {
  it('creates a verified account with the Google birth date, then signs the same person in again', async () => {
    const profile = google.profile;
    const first = await runGoogleFlow(t.app);

    // No session in the address: a one-time code, traded by the SPA.
    expect(first.location).toMatch(/^\/auth\/callback\?code=[\w-]{43}$/);
    const traded = await exchangeGoogleCode(t.app, first);
    expect(traded.statusCode).toBe(200);
    const { token, user: sent } = traded.json<{ token: string; user: unknown }>();
    const user = ZUser.parse(sent);
    expect(user).toMatchObject({
      email: profile.email,
      firstName: 'Lucía',
      lastName: 'Gómez',
      dateOfBirth: '1990-05-04',
      roles: [{ name: 'user', assignedBy: null }],
      socialLogin: { google: true },
      subscription: { hasActiveSubscription: false, plan: 'free' },
    });
    // The People API was asked with the access token of this sign-in.
    expect(google.peopleAuthorizations.at(-1)).toMatch(/^Bearer [\w-]+\.[\w-]+\.[\w-]+$/);

    const [row] = await userBySub(profile.sub);
    expect(row).toMatchObject({
      email: profile.email,
      passwordHash: null,
      dateOfBirth: '1990-05-04',
    });
    expect(row!.emailVerifiedAt?.toISOString()).toBe(TODAY.toISOString());
    const roles = await t.database.db.select().from(userRoles).where(eq(userRoles.userId, row!.id));
    expect(roles.map((r) => r.role)).toEqual(['user']);

    // The token is a real session.
    const me = await t.app.inject({
      method: 'POST',
      url: '/api/auth/me_verify',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(me.statusCode).toBe(200);
    expect(me.json<{ user: { _id: string } }>().user._id).toBe(row!.id);

    // Returning: the same sub signs in, even with the birthday now hidden; nothing changes.
    google.people = { status: 200, body: {} };
    const calls = google.peopleAuthorizations.length;
    now = new Date(TODAY.getTime() + 86_400_000);
    const again = await runGoogleFlow(t.app);

    expect(again.params.get('error')).toBeNull();
    const tradedAgain = await exchangeGoogleCode(t.app, again);
    expect(tradedAgain.json<{ user: { _id: string } }>().user._id).toBe(row!.id);
    expect(google.peopleAuthorizations.length).toBe(calls);
    const after = await userBySub(profile.sub);
    expect(after).toHaveLength(1);
    expect(after[0]).toEqual(row);
    const [{ count } = { count: 0 }] = await t.database.db
      .select({ count: sql<number>`count(*)::int` })
      .from(users)
      .where(eq(sql`lower(${users.email})`, profile.email!.toLowerCase()));
    expect(count).toBe(1);
  });

  it('replaces the login cookie with a 60-second binding for the code: the OAuth state is good for one attempt', async () => {
    const flow = await runGoogleFlow(t.app);

    expect(flow.params.get('code')).toBeTruthy();
    expect(flow.bindingCookie).not.toBe('');
    expect(flow.callbackSetCookie).toContain('Path=/api/auth/google');
    expect(flow.callbackSetCookie).toContain('Max-Age=60');
    expect(flow.callbackSetCookie).toContain('HttpOnly');
    // The same cookie again at the callback is no pending login any more.
    const replay = await t.app.inject({
      method: 'GET',
      url: `/api/auth/google/callback${new URL(flow.authorizeUrl).search}`,
      cookies: { magotips_google_login: flow.bindingCookie },
    });
    expect(replay.headers.location).toMatch(/^\/auth\/callback\?error=google_auth_failed/);
  });

  it('prefers the primary birthday that has a year', async () => {
    google.people = {
      status: 200,
      body: {
        birthdays: [
          { metadata: { primary: false }, date: { year: 1985, month: 1, day: 2 } },
          { metadata: { primary: true }, date: { month: 3, day: 4 } },
          { metadata: { primary: true }, date: { year: 1991, month: 7, day: 8 } },
        ],
      },
    };
    const flow = await runGoogleFlow(t.app);

    const traded = await exchangeGoogleCode(t.app, flow);
    expect(traded.json<{ user: { dateOfBirth: string } }>().user.dateOfBirth).toBe('1991-07-08');
  });

  it.each([
    ['no birthdays at all', {}],
    ['an empty list', { birthdays: [] }],
    [
      'a birthday without its year',
      { birthdays: [{ metadata: { primary: true }, date: { month: 5, day: 4 } }] },
    ],
  ])('answers birthday_required for %s, and creates nothing', async (_case, body) => {
    google.people = { status: 200, body };
    const flow = await runGoogleFlow(t.app);

    expect(errorOf(flow.params)).toEqual({
      error: 'birthday_required',
      message: GOOGLE_AUTH_MESSAGES.birthday_required,
    });
    expect(flow.params.get('message')).toContain(MISSING_BIRTH_DATE_TEXT);
    expect(await userBySub(google.profile.sub)).toHaveLength(0);
  });

  it('answers underage the day before the 21st birthday, and creates nothing', async () => {
    google.people = peopleBirthday('2005-06-16');
    const flow = await runGoogleFlow(t.app);

    expect(errorOf(flow.params)).toEqual({
      error: 'underage',
      message: 'Debes ser mayor de 21 años para registrarte',
    });
    expect(flow.params.get('message')).toContain(OLDER_THAN_21_TEXT);
    expect(await userBySub(google.profile.sub)).toHaveLength(0);
  });

  it('accepts the 21st birthday itself', async () => {
    google.people = peopleBirthday('2005-06-15');
    const flow = await runGoogleFlow(t.app);

    expect(flow.params.get('error')).toBeNull();
    const traded = await exchangeGoogleCode(t.app, flow);
    expect(traded.json<{ user: { dateOfBirth: string } }>().user.dateOfBirth).toBe('2005-06-15');
  });

  it('answers validation_error when Google has not verified the e-mail', async () => {
    google.profile = newGoogleProfile({ emailVerified: false });
    const flow = await runGoogleFlow(t.app);

    expect(errorOf(flow.params)).toEqual({
      error: 'validation_error',
      message: GOOGLE_AUTH_MESSAGES.validation_error,
    });
    expect(await userBySub(google.profile.sub)).toHaveLength(0);
  });

  it('answers duplicate_email for an address that has a password account, and links nothing', async () => {
    const existing = await createTestUser(t.database.db, {
      passwordHash: 'argon2-hash-of-someone',
    });
    google.profile = newGoogleProfile({ email: existing.email.toUpperCase() });
    const flow = await runGoogleFlow(t.app);

    expect(errorOf(flow.params)).toEqual({
      error: 'duplicate_email',
      message: GOOGLE_AUTH_MESSAGES.duplicate_email,
    });
    const [row] = await t.database.db.select().from(users).where(eq(users.id, existing.id));
    expect(row).toMatchObject({ googleSub: null, passwordHash: 'argon2-hash-of-someone' });
    expect(await userBySub(google.profile.sub)).toHaveLength(0);
  });

  it('answers google_auth_failed when the People API fails', async () => {
    google.people = { status: 500, body: { error: { code: 500, message: 'backend error' } } };
    const flow = await runGoogleFlow(t.app);

    expect(errorOf(flow.params)).toEqual(failed);
    expect(await userBySub(google.profile.sub)).toHaveLength(0);
  });

  it('answers google_auth_failed for a state that does not match the cookie', async () => {
    const flow = await runGoogleFlow(t.app, {
      tamper: (callback) =>
        callback.searchParams.set('state', `${callback.searchParams.get('state')}x`),
    });

    expect(errorOf(flow.params)).toEqual(failed);
    expect(await userBySub(google.profile.sub)).toHaveLength(0);
  });

  it('answers google_auth_failed for a login cookie whose signature was altered', async () => {
    const flow = await runGoogleFlow(t.app, {
      tamper: (_callback, cookie) => {
        cookie.value = cookie.value.replace(/.$/, (c) => (c === 'A' ? 'B' : 'A'));
      },
    });

    expect(errorOf(flow.params)).toEqual(failed);
  });

  it('answers google_auth_failed without the login cookie', async () => {
    const flow = await runGoogleFlow(t.app, {
      tamper: (_callback, cookie) => {
        cookie.value = '';
      },
    });

    expect(errorOf(flow.params)).toEqual(failed);
  });

  it('answers google_auth_failed when the login took longer than ten minutes', async () => {
    const flow = await runGoogleFlow(t.app, {
      beforeCallback: () => {
        now = new Date(TODAY.getTime() + 10 * 60_000 + 1_000);
      },
    });

    expect(errorOf(flow.params)).toEqual(failed);
  });

  it('answers google_auth_failed for an ID token issued to another client', async () => {
    google.profile = newGoogleProfile({
      idToken: { aud: 'someone-else.apps.googleusercontent.com' },
    });
    const flow = await runGoogleFlow(t.app);

    expect(errorOf(flow.params)).toEqual(failed);
    expect(await userBySub(google.profile.sub)).toHaveLength(0);
  });

  it('answers google_auth_failed when the person declines at Google', async () => {
    const flow = await runGoogleFlow(t.app, {
      tamper: (callback) => {
        callback.searchParams.delete('code');
        callback.searchParams.set('error', 'access_denied');
      },
    });

    expect(errorOf(flow.params)).toEqual(failed);
  });
});

describe('POST /api/auth/google/exchange', () => {
  const refused = {
    success: false,
    code: 'GOOGLE_CODE_INVALID',
    message: GOOGLE_CODE_INVALID_TEXT,
  };

  it('no Location of the whole flow carries a token or the user', async () => {
    const flow = await runGoogleFlow(t.app);
    expect(flow.params.get('token')).toBeNull();
    expect(flow.params.get('user')).toBeNull();
    expect([...flow.params.keys()]).toEqual(['code']);
  });

  it('trades a code once: a second exchange, even with the cookie, is refused', async () => {
    const flow = await runGoogleFlow(t.app);
    const first = await exchangeGoogleCode(t.app, flow);
    expect(first.statusCode).toBe(200);
    expect(first.headers['cache-control']).toBe('no-store');
    expect(first.json()).toMatchObject({ success: true, user: { email: google.profile.email } });

    // A server-side session like a password sign-in's: listed, and ended by logout.
    const bearer = { authorization: `Bearer ${first.json<{ token: string }>().token}` };
    const listed = await t.app.inject({
      method: 'GET',
      url: '/api/auth/sessions',
      headers: bearer,
    });
    expect(listed.statusCode).toBe(200);
    expect(JSON.stringify(listed.json())).toContain('"current":true');

    const second = await exchangeGoogleCode(t.app, flow);
    expect(second.statusCode).toBe(400);
    expect(second.json()).toEqual(refused);
  });

  it('refuses the callback address opened in another browser (no binding cookie): no login CSRF', async () => {
    const flow = await runGoogleFlow(t.app);
    const elsewhere = await exchangeGoogleCode(t.app, flow, { cookie: null });
    expect(elsewhere.statusCode).toBe(400);
    expect(elsewhere.json()).toEqual(refused);
  });

  it("refuses one browser's code with another sign-in's binding cookie", async () => {
    const victim = await runGoogleFlow(t.app);
    const attacker = await runGoogleFlow(t.app);
    const crossed = await exchangeGoogleCode(t.app, victim, { cookie: attacker.bindingCookie });
    expect(crossed.statusCode).toBe(400);
    // Its own binding still works for its own code... once: the refused try spent nothing.
    expect((await exchangeGoogleCode(t.app, victim)).statusCode).toBe(200);
  });

  it('refuses a forged binding cookie', async () => {
    const flow = await runGoogleFlow(t.app);
    const forged = await exchangeGoogleCode(t.app, flow, {
      cookie: flow.bindingCookie.replace(/.$/, (c) => (c === 'A' ? 'B' : 'A')),
    });
    expect(forged.statusCode).toBe(400);
  });

  it('refuses a code older than 60 seconds', async () => {
    const flow = await runGoogleFlow(t.app);
    now = new Date(TODAY.getTime() + 61_000);
    const late = await exchangeGoogleCode(t.app, flow);
    expect(late.statusCode).toBe(400);
    expect(late.json()).toEqual(refused);
  });

  it('answers 400 in Spanish for a missing or oversized code, never a 500', async () => {
    const flow = await runGoogleFlow(t.app);
    const empty = await exchangeGoogleCode(t.app, flow, { code: '' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json<{ message: string }>().message).toBe('Falta el código de acceso con Google.');
    const long = await exchangeGoogleCode(t.app, flow, { code: 'x'.repeat(201) });
    expect(long.statusCode).toBe(400);
  });

  it('error outcomes still redirect with the spec codes and issue no code', async () => {
    google.people = peopleBirthday(`${TODAY.getUTCFullYear() - 20}-01-01`);
    const flow = await runGoogleFlow(t.app);
    expect(flow.params.get('error')).toBe('underage');
    expect(flow.params.get('code')).toBeNull();
  });
});

describe('Google sign-in without a provider', () => {
  it('without GOOGLE_CLIENT_ID the start goes back to /login with google_auth_failed', async () => {
    const bare = await buildTestApp({ database: t.database, clock: () => now });
    try {
      const start = await bare.app.inject({
        method: 'GET',
        url: '/api/auth/google',
        remoteAddress: randomIp(),
      });
      expect(start.statusCode).toBe(302);
      expect(start.headers.location).toBe('/login?error=google_start_failed');

      const callback = await bare.app.inject({
        method: 'GET',
        url: '/api/auth/google/callback?code=x&state=y',
      });
      expect(callback.statusCode).toBe(302);
      expect(
        errorOf(new URL(String(callback.headers.location), 'http://app.test').searchParams),
      ).toEqual(failed);
    } finally {
      await bare.close();
    }
  });

  it('an unreachable provider sends the start back to /login', async () => {
    const down = await buildTestApp({
      database: t.database,
      clock: () => now,
      env: { ...google.env(), GOOGLE_ISSUER: 'http://127.0.0.1:9/' },
    });
    try {
      const start = await down.app.inject({
        method: 'GET',
        url: '/api/auth/google',
        remoteAddress: randomIp(),
      });
      expect(start.headers.location).toBe('/login?error=google_start_failed');
    } finally {
      await down.close();
    }
  });
});
