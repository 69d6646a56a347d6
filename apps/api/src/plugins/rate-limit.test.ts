import { randomUUID } from 'node:crypto';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { createMemoryStore, createRedisStore, type RateLimitStore } from './rate-limit';

const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const log = pino({ level: 'silent' });

async function exercise(store: RateLimitStore, advance: (ms: number) => Promise<void>) {
  const key = `test:${randomUUID()}`;
  expect((await store.hit(key, 1_000)).count).toBe(1);
  expect((await store.hit(key, 1_000)).count).toBe(2);
  const third = await store.hit(key, 1_000);
  expect(third.count).toBe(3);
  expect(third.resetInMs).toBeGreaterThan(0);
  expect(third.resetInMs).toBeLessThanOrEqual(1_000);
  await store.undo(key);
  expect((await store.hit(key, 1_000)).count).toBe(3);
  // A new window starts from zero once the old one is over.
  await advance(1_100);
  expect((await store.hit(key, 1_000)).count).toBe(1);
  // Giving back more than was taken never goes below zero.
  await store.undo(key);
  await store.undo(key);
  expect((await store.hit(key, 1_000)).count).toBe(1);
}

describe('rate-limit stores', () => {
  it('memory: fixed windows, undo, expiry', async () => {
    let now = 1_000_000;
    const store = createMemoryStore(() => now);
    await exercise(store, async (ms) => {
      now += ms;
    });
    await store.close();
  });

  it('redis: the same behaviour, with the window as the key TTL', async () => {
    const store = await createRedisStore(REDIS_URL, log, {
      prefix: `magotips:test:${randomUUID()}:`,
    });
    try {
      await exercise(store, (ms) => new Promise((r) => setTimeout(r, ms)));
    } finally {
      await store.close();
    }
  });
});
