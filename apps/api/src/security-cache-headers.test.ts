import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD, randomIp, registerVerified } from '../test/auth';
import { buildTestApp, type TestApp } from '../test/test-app';
import { createTestUser, type TestUser } from '../test/users';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { tips } from './db/schema';

// Personal or paid answers must never sit in a shared or browser cache; public reads may, for
// as long as the server's own read cache keeps them (READ_CACHE_TTL_MS = 3000 here: 3 s).
const dataDir = mkdtempSync(path.join(tmpdir(), 'magotips-cache-headers-'));
let t: TestApp;
let subscriber: TestUser;
let admin: TestUser;
let tipId: string;
beforeAll(async () => {
  t = await buildTestApp({ env: { DATA_DIR: dataDir, READ_CACHE_TTL_MS: '3000' } });
  subscriber = await createTestUser(t.database.db, { subscriber: true });
  admin = await createTestUser(t.database.db, { roles: ['editor', 'admin'] });
  const [tip] = await t.database.db
    .insert(tips)
    .values({
      icon: 'tennis',
      title: 'Nadal vs. Djokovic',
      matchDate: new Date(Date.now() + 86_400_000),
      analisis: 'Análisis',
      category: 'premium',
    })
    .returning({ id: tips.id });
  tipId = tip!.id;
});
afterAll(() => t.close());

async function get(url: string, authorization?: string, method: 'GET' | 'POST' = 'GET') {
  return t.app.inject({
    method,
    url,
    remoteAddress: randomIp(),
    headers: authorization ? { authorization } : {},
  });
}

describe('Cache-Control on API answers', () => {
  it('login, refresh and me_verify: no-store', async () => {
    const { email } = await registerVerified(t.app, dataDir);
    const signedIn = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email, password: PASSWORD },
      remoteAddress: randomIp(),
    });
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.headers['cache-control']).toBe('no-store');
    expect(
      (await get('/api/auth/refresh', subscriber.authorization, 'POST')).headers['cache-control'],
    ).toBe('no-store');
    expect(
      (await get('/api/auth/me_verify', subscriber.authorization)).headers['cache-control'],
    ).toBe('no-store');
  });

  it.each([
    ['a tip with its analysis', () => `/api/tips/${tipId}`],
    ['a feed', () => '/api/tips?category=premium'],
    ['mis-packs', () => '/api/packs/mis-packs'],
    ['an admin list', () => '/api/admin/all-users'],
    ['payments', () => '/api/packs/estado-usuario'],
    ['available packs with a token', () => '/api/packs/disponibles'],
  ])('%s: no-store', async (_name, url) => {
    const res = await get(url(), admin.authorization);
    expect(res.statusCode, res.body).toBeLessThan(500);
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('errors: no-store', async () => {
    expect((await get('/api/packs/mis-packs')).headers['cache-control']).toBe('no-store');
  });

  it.each([
    ['plans', '/api/subscriptions/plans'],
    ['tip preview', '/api/tips/preview'],
    ['available packs for a visitor', '/api/packs/disponibles'],
    ['track record', '/api/track-record?period=30d'],
    ['track record tips', '/api/track-record/tips?page=2'],
  ])('%s: public for the read cache time', async (_name, url) => {
    const res = await get(url);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=3');
  });

  it('available packs depend on the token: Vary: Authorization', async () => {
    expect(String((await get('/api/packs/disponibles')).headers.vary)).toMatch(/authorization/i);
  });
});
