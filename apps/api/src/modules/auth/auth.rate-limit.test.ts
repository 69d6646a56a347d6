import { mkdtempSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import {
  login,
  PASSWORD,
  post,
  randomIp,
  registerVerified,
  registration,
  uniqueEmail,
} from '../../../test/auth';
import { buildTestApp, createTestDatabase, type TestApp } from '../../../test/test-app';
import type { Database } from '../../db/database';

const TOO_MANY =
  'Demasiadas peticiones. Por favor, espera un momento antes de intentar nuevamente.';
// `npm test` needs no server: the shared-counter test runs where a Redis is given (CI's
// PostgreSQL pass sets REDIS_URL; the scale-out test shares counters between real processes).
const REDIS_URL = process.env.REDIS_URL;

function expectLimited(res: LightMyRequestResponse) {
  expect(res.statusCode).toBe(429);
  expect(res.json()).toEqual({ success: false, code: 'RATE_LIMITED', message: TOO_MANY });
  expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
}

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

describe('rate limits in memory (one instance)', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'magotips-auth-rl-'));
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ database, env: { DATA_DIR: dataDir } });
  });
  afterAll(() => t.close());

  it('login: 10 failed attempts a minute per IP, then 429 even with the right password', async () => {
    const { email } = await registerVerified(t.app, dataDir);
    const ip = randomIp();
    for (let i = 0; i < 10; i++) {
      expect((await login(t.app, uniqueEmail('x'), 'mal-clave', ip)).status).toBe(401);
    }
    expectLimited(await post(t.app, '/api/auth/login', { email, password: PASSWORD }, { ip }));
    // Another address is not affected.
    expect((await login(t.app, email, PASSWORD)).status).toBe(200);
  });

  it('login: 5 failed attempts per e-mail in 15 minutes, from any address', async () => {
    const { email } = await registerVerified(t.app, dataDir);
    for (let i = 0; i < 5; i++) expect((await login(t.app, email, 'mal-clave')).status).toBe(401);
    expectLimited(
      await post(t.app, '/api/auth/login', { email: email.toUpperCase(), password: PASSWORD }),
    );
  });

  it('login: successful sign-ins do not count', async () => {
    const { email } = await registerVerified(t.app, dataDir);
    const ip = randomIp();
    for (let i = 0; i < 12; i++) expect((await login(t.app, email, PASSWORD, ip)).status).toBe(200);
    // The failures still count as usual afterwards.
    for (let i = 0; i < 5; i++)
      expect((await login(t.app, email, 'mal-clave', ip)).status).toBe(401);
    expectLimited(await post(t.app, '/api/auth/login', { email, password: PASSWORD }, { ip }));
  });

  it('register: 10 sign-ups an hour per IP', async () => {
    const ip = randomIp();
    for (let i = 0; i < 10; i++) {
      expect((await post(t.app, '/api/auth/register', registration(), { ip })).statusCode).toBe(
        201,
      );
    }
    expectLimited(await post(t.app, '/api/auth/register', registration(), { ip }));
  });

  it('register: 5 attempts an hour per e-mail', async () => {
    const body = registration();
    expect((await post(t.app, '/api/auth/register', body)).statusCode).toBe(201);
    for (let i = 0; i < 4; i++)
      expect((await post(t.app, '/api/auth/register', body)).statusCode).toBe(201);
    expectLimited(await post(t.app, '/api/auth/register', body));
  });

  it('forgot-password: 3 per e-mail and 10 per IP in 15 minutes, the same for unknown e-mails', async () => {
    const { email } = await registerVerified(t.app, dataDir);
    for (let i = 0; i < 3; i++)
      expect((await post(t.app, '/api/auth/forgot-password', { email })).statusCode).toBe(200);
    expectLimited(await post(t.app, '/api/auth/forgot-password', { email }));

    const ghost = uniqueEmail('fantasma');
    for (let i = 0; i < 3; i++) await post(t.app, '/api/auth/forgot-password', { email: ghost });
    expectLimited(await post(t.app, '/api/auth/forgot-password', { email: ghost }));

    const ip = randomIp();
    for (let i = 0; i < 10; i++) {
      expect(
        (await post(t.app, '/api/auth/forgot-password', { email: uniqueEmail('f') }, { ip }))
          .statusCode,
      ).toBe(200);
    }
    expectLimited(
      await post(t.app, '/api/auth/forgot-password', { email: uniqueEmail('f') }, { ip }),
    );
  });

  it('resend-verification: 3 per e-mail and 10 per IP in 15 minutes', async () => {
    const body = registration();
    await post(t.app, '/api/auth/register', body);
    for (let i = 0; i < 3; i++) {
      expect(
        (await post(t.app, '/api/auth/resend-verification', { email: body.email })).statusCode,
      ).toBe(200);
    }
    expectLimited(await post(t.app, '/api/auth/resend-verification', { email: body.email }));

    const ip = randomIp();
    for (let i = 0; i < 10; i++) {
      expect(
        (await post(t.app, '/api/auth/resend-verification', { email: uniqueEmail('r') }, { ip }))
          .statusCode,
      ).toBe(200);
    }
    expectLimited(
      await post(t.app, '/api/auth/resend-verification', { email: uniqueEmail('r') }, { ip }),
    );
  });

  it('change-password: 5 wrong current passwords per user, then 429', async () => {
    const { email } = await registerVerified(t.app, dataDir);
    const { token } = await login(t.app, email, PASSWORD);
    const attempt = (currentPassword: string) =>
      post(
        t.app,
        '/api/auth/change-password',
        { currentPassword, newPassword: 'nueva-clave' },
        { authorization: `Bearer ${token}` },
      );
    for (let i = 0; i < 5; i++) expect((await attempt('mal-clave')).statusCode).toBe(400);
    expectLimited(await attempt(PASSWORD));
  });
});

/** A port nothing listens on. */
async function closedPort(): Promise<number> {
  return new Promise((resolve) => {
    const srv = createServer();
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      const port = typeof address === 'object' && address ? address.port : 1;
      srv.close(() => resolve(port));
    });
  });
}

describe('rate limits in Redis (several instances)', () => {
  it.runIf(REDIS_URL)('two instances share the counters', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'magotips-auth-rl-redis-'));
    const env = { DATA_DIR: dataDir, REDIS_URL: REDIS_URL ?? '' };
    const a = await buildTestApp({ database, env });
    const b = await buildTestApp({ database, env });
    try {
      const { email } = await registerVerified(a.app, dataDir);
      // Failures spread over both instances add up: 3 on one and 2 on the other.
      for (let i = 0; i < 3; i++) expect((await login(a.app, email, 'mal-clave')).status).toBe(401);
      for (let i = 0; i < 2; i++) expect((await login(b.app, email, 'mal-clave')).status).toBe(401);
      expectLimited(await post(b.app, '/api/auth/login', { email, password: PASSWORD }));
      expectLimited(await post(a.app, '/api/auth/login', { email, password: PASSWORD }));

      const ip = randomIp();
      for (let i = 0; i < 10; i++) {
        const app = i % 2 === 0 ? a.app : b.app;
        expect((await login(app, uniqueEmail('x'), 'mal-clave', ip)).status).toBe(401);
      }
      expectLimited(
        await post(
          a.app,
          '/api/auth/login',
          { email: uniqueEmail('x'), password: PASSWORD },
          { ip },
        ),
      );
    } finally {
      await a.close();
      await b.close();
    }
  });

  it('lets requests through when Redis is unreachable, rather than locking everyone out', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'magotips-auth-rl-down-'));
    const t = await buildTestApp({
      database,
      env: { DATA_DIR: dataDir, REDIS_URL: `redis://127.0.0.1:${await closedPort()}` },
    });
    try {
      const { email } = await registerVerified(t.app, dataDir);
      for (let i = 0; i < 7; i++) expect((await login(t.app, email, 'mal-clave')).status).toBe(401);
      expect((await login(t.app, email, PASSWORD)).status).toBe(200);
    } finally {
      await t.close();
    }
  });
});
