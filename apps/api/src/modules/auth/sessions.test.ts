import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ZAuthResponse } from '@magotips/contracts/auth';
import { SESSION_MESSAGES, ZSessionsResponse } from '@magotips/contracts/sessions';
import { eq } from 'drizzle-orm';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailedToken, PASSWORD, registerVerified } from '../../../test/auth';
import { buildTestApp, type TestApp, testConfig } from '../../../test/test-app';
import { sessions } from '../../db/schema';

const DAY = 86_400_000;
let now = new Date('2026-06-01T12:00:00Z');
const dataDir = mkdtempSync(path.join(tmpdir(), 'magotips-sessions-'));
let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp({
    clock: () => now,
    env: { DATA_DIR: dataDir, APP_URL: 'https://magotips.test' },
  });
});
afterAll(() => t.close());

const CHROME_LINUX =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36';
const FIREFOX_WIN =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:131.0) Gecko/20100101 Firefox/131.0';

function call(
  method: 'GET' | 'POST' | 'DELETE',
  url: string,
  token?: string,
  payload?: object,
  userAgent?: string,
) {
  return t.app.inject({
    method,
    url,
    ...(payload ? { payload } : {}),
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(userAgent ? { 'user-agent': userAgent } : {}),
    },
    remoteAddress: '10.1.2.3',
  });
}

async function signIn(email: string, password: string, userAgent = CHROME_LINUX): Promise<string> {
  const res = await call('POST', '/api/auth/login', undefined, { email, password }, userAgent);
  expect(res.statusCode, res.body).toBe(200);
  return ZAuthResponse.parse(res.json()).token;
}

const list = async (token: string) =>
  ZSessionsResponse.parse((await call('GET', '/api/auth/sessions', token)).json()).sessions;
const me = async (token: string) => (await call('POST', '/api/auth/me_verify', token)).statusCode;

describe('server-side sessions', () => {
  it('lists each sign-in with its device, flags the current one, and closing one ends it', async () => {
    const { email } = await registerVerified(t.app, dataDir);
    const first = await signIn(email, PASSWORD, CHROME_LINUX);
    const second = await signIn(email, PASSWORD, FIREFOX_WIN);

    const seen = await list(second);
    expect(seen).toHaveLength(2);
    const mine = seen.find((s) => s.current);
    const other = seen.find((s) => !s.current);
    expect(mine?.userAgent).toBe(FIREFOX_WIN);
    expect(other?.userAgent).toBe(CHROME_LINUX);
    expect(other?.ip).toBe('10.1.2.3');

    const closed = await call('DELETE', `/api/auth/sessions/${other?.id}`, second);
    expect(closed.statusCode).toBe(200);
    expect(closed.json()).toMatchObject({ message: SESSION_MESSAGES.sessionEnded });
    // The first device's next call, and its renewal, are refused.
    expect(await me(first)).toBe(401);
    expect((await call('POST', '/api/auth/refresh', first)).statusCode).toBe(401);
    expect(await me(second)).toBe(200);
    expect(await list(second)).toHaveLength(1);
  });

  it("answers 404 for another person's session, and 400 for an id that is not a UUID", async () => {
    const a = await registerVerified(t.app, dataDir);
    const b = await registerVerified(t.app, dataDir);
    const tokenA = await signIn(a.email, PASSWORD);
    const tokenB = await signIn(b.email, PASSWORD);
    const [sessionA] = await list(tokenA);
    const res = await call('DELETE', `/api/auth/sessions/${sessionA?.id}`, tokenB);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ success: false, message: SESSION_MESSAGES.sessionNotFound });
    expect(await me(tokenA)).toBe(200);
    expect((await call('DELETE', '/api/auth/sessions/no-uuid', tokenB)).statusCode).toBe(400);
  });

  it('logout ends the current session on the server, and a second logout changes nothing', async () => {
    const { email } = await registerVerified(t.app, dataDir);
    const keep = await signIn(email, PASSWORD);
    const token = await signIn(email, PASSWORD);
    const out = await call('POST', '/api/auth/logout', token);
    expect(out.statusCode).toBe(200);
    expect(out.json()).toMatchObject({ success: true, message: SESSION_MESSAGES.loggedOut });
    expect(await me(token)).toBe(401);
    expect((await call('POST', '/api/auth/refresh', token)).statusCode).toBe(401);
    expect((await call('POST', '/api/auth/logout', token)).statusCode).toBe(200);
    expect(await me(keep)).toBe(200);
    expect((await call('POST', '/api/auth/logout')).statusCode).toBe(401);
  });

  it('"close all the others" keeps only the caller', async () => {
    const { email } = await registerVerified(t.app, dataDir);
    const a = await signIn(email, PASSWORD);
    const b = await signIn(email, PASSWORD);
    const c = await signIn(email, PASSWORD);
    const res = await call('POST', '/api/auth/sessions/revoke-others', c);
    expect(res.json()).toMatchObject({ success: true, ended: 2 });
    expect(await me(a)).toBe(401);
    expect(await me(b)).toBe(401);
    expect(await me(c)).toBe(200);
  });

  it('refresh keeps the session and its sign-in time, and refuses after 7 days idle or 30 days in all', async () => {
    const { email } = await registerVerified(t.app, dataDir);
    const token = await signIn(email, PASSWORD);
    const [before] = await list(token);
    const started = now;
    now = new Date(started.getTime() + 5 * 60_000);
    try {
      const renewed = ZAuthResponse.parse(
        (await call('POST', '/api/auth/refresh', token)).json(),
      ).token;
      const [after] = await list(renewed);
      expect(after?.id).toBe(before?.id);
      expect(after?.createdAt).toBe(started.toISOString());
      expect(after?.lastSeenAt).toBe(now.toISOString());
      const id = after?.id ?? '';

      // Not renewed for more than 7 days.
      await t.database.db
        .update(sessions)
        .set({ lastSeenAt: new Date(now.getTime() - 7 * DAY - 1) })
        .where(eq(sessions.id, id));
      expect((await call('POST', '/api/auth/refresh', renewed)).statusCode).toBe(401);
      // Renewed a minute ago, but signed in more than 30 days ago.
      await t.database.db
        .update(sessions)
        .set({
          lastSeenAt: new Date(now.getTime() - 60_000),
          createdAt: new Date(now.getTime() - 30 * DAY - 1),
        })
        .where(eq(sessions.id, id));
      expect((await call('POST', '/api/auth/refresh', renewed)).statusCode).toBe(401);
    } finally {
      now = started;
    }
  });

  it('a password change ends the other sessions and keeps this one; a reset ends them all', async () => {
    const { email } = await registerVerified(t.app, dataDir);
    const other = await signIn(email, PASSWORD);
    const mine = await signIn(email, PASSWORD);
    const [current] = (await list(mine)).filter((s) => s.current);
    const changed = await call('POST', '/api/auth/change-password', mine, {
      currentPassword: PASSWORD,
      newPassword: 'Otra-clave-2026',
    });
    expect(changed.statusCode, changed.body).toBe(200);
    const next = ZAuthResponse.parse(changed.json()).token;
    expect(await me(other)).toBe(401);
    const left = await list(next);
    expect(left.map((s) => s.id)).toEqual([current?.id]);

    await call('POST', '/api/auth/forgot-password', undefined, { email });
    const reset = await mailedToken(dataDir, email, 'reset-password');
    const done = await call('POST', '/api/auth/reset-password', undefined, {
      token: reset,
      password: 'Tercera-2026',
    });
    expect(done.statusCode).toBe(200);
    expect(await me(next)).toBe(401);
    const rows = await t.database.db.select().from(sessions);
    expect(rows.filter((r) => r.id === current?.id)).toHaveLength(0);
  });
});

describe('the 7-day idle rule is the real one (decision 0084)', () => {
  const HOUR = 3_600_000;
  const refresh = (token: string) => call('POST', '/api/auth/refresh', token);
  const renewedToken = async (token: string) => {
    const res = await refresh(token);
    expect(res.statusCode, res.body).toBe(200);
    return ZAuthResponse.parse(res.json()).token;
  };

  it('a session unused for days renews with its expired token, until 7 days unused', async () => {
    const started = now;
    try {
      const { email } = await registerVerified(t.app, dataDir);
      const token = await signIn(email, PASSWORD);
      // A night and more later: the 15-minute token has expired; other routes refuse it...
      now = new Date(started.getTime() + 6 * 24 * HOUR);
      expect((await call('GET', '/api/auth/sessions', token)).statusCode).toBe(401);
      // ...but the session is 6 days idle, so renewing it works, and the list shows its last use.
      const renewed = await renewedToken(token);
      const [row] = await list(renewed);
      expect(row?.lastSeenAt).toBe(now.toISOString());
      expect(row?.createdAt).toBe(started.toISOString());
      // The start-up check (me_verify) renews it the same way.
      now = new Date(now.getTime() + 2 * HOUR);
      expect(await me(renewed)).toBe(200);

      // Then 7 days and a minute without use: refused by both, and gone from the list.
      now = new Date(now.getTime() + 7 * 24 * HOUR + 60_000);
      expect((await refresh(renewed)).statusCode).toBe(401);
      expect(await me(renewed)).toBe(401);
      const other = await signIn(email, PASSWORD, FIREFOX_WIN);
      const left = await list(other);
      expect(left.map((s) => s.userAgent)).toEqual([FIREFOX_WIN]);
    } finally {
      now = started;
    }
  });

  it('an expired token renews only if it is the session’s latest: an older copy is refused', async () => {
    const started = now;
    try {
      const { email } = await registerVerified(t.app, dataDir);
      const first = await signIn(email, PASSWORD);
      now = new Date(started.getTime() + 10 * 60_000);
      // Renewed while still valid: the browser now holds a newer token of the same session.
      const latest = await renewedToken(first);
      now = new Date(started.getTime() + 5 * HOUR);
      // Both have expired. The first (left in a log, a backup…) no longer renews anything...
      expect((await refresh(first)).statusCode).toBe(401);
      expect(await me(first)).toBe(401);
      // ...and the browser's own renews the session as before.
      const again = await renewedToken(latest);
      expect(await list(again)).toHaveLength(1);
    } finally {
      now = started;
    }
  });

  it('signing out with an expired token closes the session: not listed, not renewable', async () => {
    const started = now;
    try {
      const { email } = await registerVerified(t.app, dataDir);
      const closing = await signIn(email, PASSWORD, CHROME_LINUX);
      const staying = await signIn(email, PASSWORD, FIREFOX_WIN);
      now = new Date(started.getTime() + 3 * HOUR);
      const out = await call('POST', '/api/auth/logout', closing);
      expect(out.statusCode, out.body).toBe(200);
      expect((await refresh(closing)).statusCode).toBe(401);
      const seen = await list(await renewedToken(staying));
      expect(seen.map((s) => s.userAgent)).toEqual([FIREFOX_WIN]);
      expect(seen[0]).toMatchObject({ current: true, lastSeenAt: now.toISOString() });
    } finally {
      now = started;
    }
  });

  it('an expired token renews nothing after a password change, nor once past 30 days', async () => {
    const started = now;
    try {
      const { email } = await registerVerified(t.app, dataDir);
      const old = await signIn(email, PASSWORD);
      const mine = await signIn(email, PASSWORD);
      const changed = await call('POST', '/api/auth/change-password', mine, {
        currentPassword: PASSWORD,
        newPassword: 'Otra-clave-2026',
      });
      expect(changed.statusCode, changed.body).toBe(200);
      const next = ZAuthResponse.parse(changed.json()).token;
      now = new Date(started.getTime() + HOUR);
      expect((await refresh(old)).statusCode).toBe(401);
      // Renewed every 6 days, the session still ends 30 days after sign-in.
      let token = next;
      for (let day = 6; day < 30; day += 6) {
        now = new Date(started.getTime() + day * 24 * HOUR);
        token = await renewedToken(token);
      }
      now = new Date(started.getTime() + 30 * 24 * HOUR + 60_000);
      expect((await refresh(token)).statusCode).toBe(401);
    } finally {
      now = started;
    }
  });
});

describe('tokens the server signed but must not trust', () => {
  const key = new TextEncoder().encode(testConfig().jwtSecret);
  const iat = () => Math.floor(now.getTime() / 1000);

  it('answers 401, not 500, for a sub that is not a UUID, and refuses a token without exp', async () => {
    const noUuid = await new SignJWT({ ver: 0 })
      .setProtectedHeader({ alg: 'HS256' })
      .setIssuer('magotips')
      .setSubject('admin')
      .setIssuedAt(iat())
      .setExpirationTime(iat() + 600)
      .sign(key);
    expect(await me(noUuid)).toBe(401);
    const { email } = await registerVerified(t.app, dataDir);
    const token = await signIn(email, PASSWORD);
    const sub = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString())
      .sub as string;
    const forever = await new SignJWT({ ver: 0 })
      .setProtectedHeader({ alg: 'HS256' })
      .setIssuer('magotips')
      .setSubject(sub)
      .setIssuedAt(iat())
      .sign(key);
    expect(await me(forever)).toBe(401);
  });
});

describe('a token without a session id (decision 0085)', () => {
  it('is a 401 everywhere, and renewing it opens no session', async () => {
    const { email } = await registerVerified(t.app, dataDir);
    const token = await signIn(email, PASSWORD);
    const { sub, ver } = JSON.parse(
      Buffer.from(token.split('.')[1] ?? '', 'base64url').toString(),
    ) as { sub: string; ver: number };
    await call('POST', '/api/auth/logout', token);
    const sessionsOf = () => t.database.db.select().from(sessions).where(eq(sessions.userId, sub));
    expect(await sessionsOf()).toEqual([]);
    // Well signed, unexpired, the account's current version: only the `sid` is missing.
    const iat = Math.floor(now.getTime() / 1000);
    const legacy = await new SignJWT({ ver })
      .setProtectedHeader({ alg: 'HS256' })
      .setIssuer('magotips')
      .setSubject(sub)
      .setIssuedAt(iat)
      .setExpirationTime(iat + 600)
      .sign(new TextEncoder().encode(testConfig().jwtSecret));
    for (const [method, url] of [
      ['POST', '/api/auth/refresh'],
      ['POST', '/api/auth/me_verify'],
      ['GET', '/api/auth/sessions'],
      ['POST', '/api/auth/logout'],
    ] as const) {
      const res = await call(method, url, legacy);
      expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(401);
      expect(res.json()).not.toHaveProperty('token');
    }
    expect(await sessionsOf()).toEqual([]);
  });
});
