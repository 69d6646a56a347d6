import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { AUTH_MESSAGES, ZAuthResponse, ZChangePasswordResponse } from '@magotips/contracts/auth';
import { waitForEmailLink } from '../support/outbox';
import { READ_CACHE_TTL_MS, scaleOut } from './context';
import { call, randomIp } from './http';
import { until } from './poll';

// A session is a signed token plus the account's token version in PostgreSQL: any instance with
// the same JWT_SECRET accepts it, and a password change on one ends it on all: at once on that
// one, and on the other as soon as its copy of the account expires (READ_CACHE_TTL_MS).

describe('sessions across two instances', () => {
  const { a, b } = scaleOut();
  const ip = randomIp();
  const email = `sesion-${randomUUID().slice(0, 8)}@example.com`;
  const password = `Sesion-${randomUUID()}`;
  const newPassword = `Cambio-${randomUUID()}`;

  const me = (instance: typeof a, token: string) =>
    call(instance, 'POST', '/api/auth/me_verify', { ip, token });

  it('registers on A, confirms the e-mail on B, signs in on B and is recognised on A', async () => {
    const registered = await call(a, 'POST', '/api/auth/register', {
      ip,
      json: { firstName: 'Sara', lastName: 'Escala', email, password, dateOfBirth: '1990-05-04' },
    });
    expect(registered.status, JSON.stringify(registered.body)).toBe(201);

    // A sent the e-mail (into its own outbox); the person's click may land on either instance.
    const link = await waitForEmailLink(a.dataDir, email, '/verify-email');
    const token = new URL(link).searchParams.get('token') ?? '';
    const verified = await call(b, 'POST', '/api/auth/verify-email', { ip, json: { token } });
    expect(verified.status).toBe(200);
    // No sign-up cookie came along: confirmed, signed in with the password (decision 0082).
    expect(verified.body).toMatchObject({ signedIn: false, message: AUTH_MESSAGES.emailVerifiedSignIn });

    const login = await call(b, 'POST', '/api/auth/login', { ip, json: { email, password } });
    expect(login.status).toBe(200);
    const session = ZAuthResponse.parse(login.body);

    const onA = await me(a, session.token);
    expect(onA.status).toBe(200);
    expect(ZAuthResponse.parse(onA.body).user.email).toBe(email);
  });

  it('refreshes on B a token A issued, and A accepts the refreshed one; a password change on A ends every other session on B', async () => {
    const login = ZAuthResponse.parse(
      (await call(a, 'POST', '/api/auth/login', { ip, json: { email, password } })).body,
    );

    const refreshed = await call(b, 'POST', '/api/auth/refresh', { ip, token: login.token });
    expect(refreshed.status).toBe(200);
    const renewed = ZAuthResponse.parse(refreshed.body).token;
    expect((await me(a, renewed)).status).toBe(200);
    expect((await call(a, 'GET', '/api/packs/tips-gratis', { ip, token: renewed })).status).toBe(
      200,
    );
    // B now holds the account (token version included) in its read cache.
    expect((await call(b, 'GET', '/api/packs/tips-gratis', { ip, token: renewed })).status).toBe(
      200,
    );

    const changed = await call(a, 'POST', '/api/auth/change-password', {
      ip,
      token: renewed,
      json: { currentPassword: password, newPassword },
    });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    const current = ZChangePasswordResponse.parse(changed.body).token;

    const changedAt = Date.now();
    // A, where the change was made, refuses the older tokens at once.
    for (const old of [login.token, renewed]) {
      expect((await call(a, 'GET', '/api/packs/tips-gratis', { ip, token: old })).status).toBe(401);
    }
    // B reads the new token version from PostgreSQL once its copy expires: within the TTL.
    await until(
      'B refuses the token from before the password change',
      async () => (await call(b, 'GET', '/api/packs/tips-gratis', { ip, token: renewed })).status === 401,
      { timeoutMs: READ_CACHE_TTL_MS + 1_000, everyMs: 100 },
    );
    expect(Date.now() - changedAt).toBeLessThanOrEqual(READ_CACHE_TTL_MS + 1_000);
    for (const old of [login.token, renewed]) {
      expect((await me(b, old)).status).toBe(401);
      expect((await call(b, 'GET', '/api/packs/tips-gratis', { ip, token: old })).status).toBe(401);
    }
    expect((await me(b, current)).status).toBe(200);

    // And the new password is the one both instances know.
    expect(
      (await call(b, 'POST', '/api/auth/login', { ip, json: { email, password } })).status,
    ).toBe(401);
    expect(
      (await call(b, 'POST', '/api/auth/login', { ip, json: { email, password: newPassword } }))
        .status,
    ).toBe(200);
  });
});
