import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  login,
  PASSWORD,
  post,
  randomIp,
  registerVerified,
  registration,
  uniqueEmail,
} from '../test/auth';
import { buildTestApp, type TestApp } from '../test/test-app';
import { createTestUser } from '../test/users';
import { tips } from './db/schema';
import { hashPassword } from './lib/password';

// Every line the app logs, parsed. pino levels: 30 info, 40 warn.
type LogLine = Record<string, unknown> & {
  level: number;
  reqId?: string;
  msg?: string;
  event?: string;
};
const raw: string[] = [];
const dataDir = mkdtempSync(path.join(tmpdir(), 'magotips-security-logging-'));
let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp({
    env: { DATA_DIR: dataDir },
    logStream: { write: (line) => void raw.push(line) },
  });
});
afterAll(() => t.close());
beforeEach(() => {
  raw.length = 0;
});

const lines = (): LogLine[] => raw.map((l) => JSON.parse(l) as LogLine);
const event = (name: string) => lines().filter((l) => l.event === name);

/** The one line of `name` for the request that answered with `reqId`, asserted unique. */
function lineOf(name: string, reqId: unknown): LogLine {
  const found = event(name).filter((l) => l.reqId === reqId);
  expect(found, `${name} for ${String(reqId)} in ${raw.join('')}`).toHaveLength(1);
  return found[0]!;
}

/** Neither the secret nor the e-mail in clear appears in any line logged so far. */
function expectNowhere(...secrets: string[]) {
  const all = raw.join('\n');
  for (const secret of secrets) expect(all).not.toContain(secret);
}

describe('failed sign-ins are logged with the request id, without the password or the e-mail', () => {
  it('wrong password: warn, with the account and a hashed e-mail', async () => {
    const { email } = await registerVerified(t.app, dataDir);
    // The development outbox logs its mails (address and link); only the sign-in is under test.
    raw.length = 0;
    const guess = 'la-clave-equivocada-71';
    const res = await post(t.app, '/api/auth/login', { email, password: guess });
    expect(res.statusCode).toBe(401);

    const line = lineOf('login_failed', res.headers['x-request-id']);
    expect(line).toMatchObject({ level: 40, reason: 'wrong_password', msg: 'login failed' });
    expect(line.userId).toEqual(expect.any(String));
    expect(line.emailRef).toMatch(/^[0-9a-f]{24}$/);
    expectNowhere(guess, email, email.split('@')[0]!);
    // The sign-in line replaces the generic one for the same 401.
    expect(event('access_denied')).toHaveLength(0);
  });

  it('unknown e-mail: same answer, its own reason, and the same hash for the same address', async () => {
    const email = uniqueEmail('nadie');
    const first = await post(t.app, '/api/auth/login', { email, password: 'no-importa-99' });
    const second = await post(t.app, '/api/auth/login', {
      email: email.toUpperCase(),
      password: 'no-importa-98',
    });
    expect([first.statusCode, second.statusCode]).toEqual([401, 401]);

    const a = lineOf('login_failed', first.headers['x-request-id']);
    const b = lineOf('login_failed', second.headers['x-request-id']);
    expect(a).toMatchObject({ level: 40, reason: 'unknown_email', userId: null });
    expect(b.emailRef).toBe(a.emailRef);
    expectNowhere('no-importa-99', 'no-importa-98', email, email.toUpperCase());
  });

  it('an unconfirmed account: reason email_not_verified on the 403', async () => {
    const body = registration();
    expect((await post(t.app, '/api/auth/register', body)).statusCode).toBe(201);
    raw.length = 0;
    const res = await post(t.app, '/api/auth/login', {
      email: body.email,
      password: body.password,
    });
    expect(res.statusCode).toBe(403);

    expect(lineOf('login_failed', res.headers['x-request-id'])).toMatchObject({
      level: 40,
      reason: 'email_not_verified',
    });
    expectNowhere(body.password, body.email);
  });

  it('rate limited: the refused attempt is logged as such', async () => {
    const email = uniqueEmail('fuerza');
    const ip = randomIp();
    let res = await post(t.app, '/api/auth/login', { email, password: 'intento-0' }, { ip });
    for (let i = 1; res.statusCode !== 429 && i < 20; i++) {
      res = await post(t.app, '/api/auth/login', { email, password: `intento-${i}` }, { ip });
    }
    expect(res.statusCode).toBe(429);

    expect(lineOf('login_failed', res.headers['x-request-id'])).toMatchObject({
      level: 40,
      reason: 'rate_limited',
    });
    expectNowhere('intento-1', email);
  });

  it('a malformed body is no sign-in attempt, and a good one logs nothing of the kind', async () => {
    const bad = await post(t.app, '/api/auth/login', { email: 'no-es-un-email', password: 'x' });
    expect(bad.statusCode).toBe(400);
    const { email } = await registerVerified(t.app, dataDir);
    raw.length = 0;
    expect((await login(t.app, email, PASSWORD)).status).toBe(200);
    expect(event('login_failed')).toHaveLength(0);
    expectNowhere(PASSWORD);
  });

  it('a wrong current password on change-password is logged, without either password', async () => {
    const { email } = await registerVerified(t.app, dataDir);
    const { token } = await login(t.app, email, PASSWORD);
    raw.length = 0;
    const res = await post(
      t.app,
      '/api/auth/change-password',
      { currentPassword: 'no-es-la-mia-5', newPassword: 'caballo-grapa-bateria' },
      { authorization: `Bearer ${token}` },
    );
    expect(res.statusCode).toBe(400);

    expect(lineOf('password_check_failed', res.headers['x-request-id'])).toMatchObject({
      level: 40,
      reason: 'wrong_password',
      userId: expect.any(String),
    });
    expectNowhere('no-es-la-mia-5', 'caballo-grapa-bateria', token);
  });
});

describe('every 401 and 403 is logged with the request id, never the token', () => {
  it('401 without a token: info, the route pattern and no caller', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/admin/all-users',
      headers: { 'x-request-id': 'req-sin-token-01' },
    });
    expect(res.statusCode).toBe(401);

    expect(lineOf('access_denied', 'req-sin-token-01')).toMatchObject({
      level: 30,
      status: 401,
      code: 'UNAUTHORIZED',
      method: 'GET',
      route: '/api/admin/all-users',
      userId: null,
      hadToken: false,
    });
  });

  it('401 with a forged or expired token: the token is not logged', async () => {
    const forged = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ4In0.firma-falsa-123';
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/refresh',
      headers: { authorization: `Bearer ${forged}` },
    });
    expect(res.statusCode).toBe(401);

    expect(lineOf('access_denied', res.headers['x-request-id'])).toMatchObject({
      status: 401,
      hadToken: true,
    });
    expectNowhere(forged, 'firma-falsa-123');
  });

  it('403 for a missing role: warn, with who asked', async () => {
    const user = await createTestUser(t.database.db);
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/admin/all-users',
      headers: { authorization: user.authorization },
    });
    expect(res.statusCode).toBe(403);

    expect(lineOf('access_denied', res.headers['x-request-id'])).toMatchObject({
      level: 40,
      status: 403,
      code: 'FORBIDDEN',
      route: '/api/admin/all-users',
      userId: user.id,
    });
    expectNowhere(user.token);
  });

  it('403 a route sends itself (a locked VIP tip) is logged too', async () => {
    const [tip] = await t.database.db
      .insert(tips)
      .values({
        icon: 'golf',
        title: 'VIP bloqueado',
        matchDate: new Date(Date.now() + 86_400_000),
        analisis: 'x',
        category: 'premium',
      })
      .returning({ id: tips.id });
    const user = await createTestUser(t.database.db, {
      passwordHash: await hashPassword('irrelevante-1'),
    });
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/tips/${tip!.id}`,
      headers: { authorization: user.authorization },
    });
    expect(res.statusCode).toBe(403);

    expect(lineOf('access_denied', res.headers['x-request-id'])).toMatchObject({
      status: 403,
      route: '/api/tips/:id',
      userId: user.id,
    });
  });

  it('logs nothing of the kind for an allowed call', async () => {
    const user = await createTestUser(t.database.db);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/refresh',
      headers: { authorization: user.authorization },
    });
    expect(res.statusCode).toBe(200);
    expect(event('access_denied')).toHaveLength(0);
    expectNowhere(user.token);
  });
});

describe('a failed query is logged by its SQLSTATE and a redacted message, never its parameters', () => {
  it('a constraint the code does not expect: 500, one error line without the e-mail or the hash', async () => {
    // A check the service knows nothing about: its insert fails with SQLSTATE 23514.
    await t.database.db.execute(
      sql`ALTER TABLE users ADD CONSTRAINT test_no_rechazada CHECK (first_name <> 'Rechazada')`,
    );
    try {
      const email = uniqueEmail('rechazada');
      const res = await post(
        t.app,
        '/api/auth/register',
        registration({ email, firstName: 'Rechazada' }),
      );
      expect(res.statusCode).toBe(500);
      const errors = lines().filter((l) => l.level >= 50);
      expect(errors, raw.join('')).toHaveLength(1);
      expect(errors[0]).toMatchObject({ reqId: res.headers['x-request-id'], sqlState: '23514' });
      expect(JSON.stringify(errors[0])).toContain('test_no_rechazada');
      expectNowhere(email, 'Rechazada', '$argon2', 'scrypt', PASSWORD);
    } finally {
      await t.database.db.execute(sql`ALTER TABLE users DROP CONSTRAINT test_no_rechazada`);
    }
  });
});
