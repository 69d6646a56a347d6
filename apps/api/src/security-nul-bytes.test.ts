import { MSG } from '@magotips/contracts/messages';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomIp, registration } from '../test/auth';
import { buildTestApp, type TestApp } from '../test/test-app';
import { createTestUser, type TestUser } from '../test/users';

// PostgreSQL refuses "\u0000" in text, so any string carrying it that reached a query answered 500.
let t: TestApp;
let admin: TestUser;
beforeAll(async () => {
  t = await buildTestApp();
  admin = await createTestUser(t.database.db, { roles: ['editor', 'admin'] });
});
afterAll(() => t.close());

const NUL = 'a\u0000b';
const inFuture = () => new Date(Date.now() + 86_400_000).toISOString();

const CASES: { name: string; request: () => InjectOptions; staff?: boolean }[] = [
  {
    name: 'login e-mail',
    request: () => ({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: `an${NUL}@example.com`, password: 'secreta1' },
    }),
  },
  {
    name: 'forgot-password',
    request: () => ({
      method: 'POST',
      url: '/api/auth/forgot-password',
      payload: { email: `an${NUL}@example.com` },
    }),
  },
  {
    name: 'register names',
    request: () => ({
      method: 'POST',
      url: '/api/auth/register',
      payload: registration({ firstName: `An${NUL}`, lastName: `Ló${NUL}` }),
    }),
  },
  {
    name: 'admin search (query)',
    staff: true,
    request: () => ({ method: 'GET', url: '/api/admin/all-users?search=an%00a' }),
  },
  {
    name: 'path parameter',
    staff: true,
    request: () => ({ method: 'GET', url: '/api/tips/a%00b' }),
  },
  {
    name: 'tip',
    staff: true,
    request: () => ({
      method: 'POST',
      url: '/api/tips',
      payload: {
        icon: 'tennis',
        title: `Nadal ${NUL}`,
        matchDate: inFuture(),
        analisis: `Análisis ${NUL}`,
        category: 'premium',
      },
    }),
  },
  {
    name: 'nested string in an array',
    staff: true,
    request: () => ({
      method: 'POST',
      url: '/api/packs',
      payload: { nombre: 'Pack', descripcion: 'x', precio: 9.99, tips: [NUL], activo: true },
    }),
  },
];

describe('a NUL character in any input is a 400 in Spanish, never a 500', () => {
  it.each(CASES.map((c) => [c.name, c] as const))('%s', async (_name, c) => {
    const req = c.request();
    const res = await t.app.inject({
      ...req,
      remoteAddress: randomIp(),
      headers: c.staff ? { authorization: admin.authorization } : {},
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toMatchObject({ success: false, message: MSG.nulCharacter });
  });

  it('is checked after the route guards: a visitor still gets 401 on an admin route', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/admin/all-users?search=a%00b',
      remoteAddress: randomIp(),
    });
    expect(res.statusCode).toBe(401);
  });
});
