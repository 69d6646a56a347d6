import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/database';
import { buildTestApp, createTestDatabase } from '../../../test/test-app';

// `npm test` needs no server: the tests that talk to a live Redis run where one is given
// (CI's PostgreSQL pass sets REDIS_URL; the scale-out test covers Redis between instances).
const REDIS_URL = process.env.REDIS_URL;
// Nothing listens on port 1: connections are refused at once.
const UNREACHABLE_REDIS_URL = 'redis://127.0.0.1:1';

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

async function health(env: Record<string, string>) {
  const t = await buildTestApp({ database, env });
  try {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    return { statusCode: res.statusCode, body: res.json() as Record<string, unknown> };
  } finally {
    await t.close();
  }
}

describe('GET /api/health and Redis', () => {
  it('leaves redis out without REDIS_URL', async () => {
    const res = await health({});
    expect(res.statusCode).toBe(200);
    expect(res.body).toStrictEqual({ status: 'ok', db: 'ok' });
    expect(res.body).not.toHaveProperty('redis');
  });

  it.runIf(REDIS_URL)('reports redis ok when REDIS_URL answers', async () => {
    const res = await health({ REDIS_URL: REDIS_URL ?? '' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toStrictEqual({ status: 'ok', db: 'ok', redis: 'ok' });
  });

  it('answers 503 with redis error, quickly, when REDIS_URL is unreachable', async () => {
    const started = Date.now();
    const res = await health({ REDIS_URL: UNREACHABLE_REDIS_URL });
    expect(res.statusCode).toBe(503);
    expect(res.body).toStrictEqual({ status: 'error', db: 'ok', redis: 'error' });
    // Building the app, asking and closing must not wait on ioredis retries.
    expect(Date.now() - started).toBeLessThan(5_000);
  });
});
