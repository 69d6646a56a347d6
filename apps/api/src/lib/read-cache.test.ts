import { describe, expect, it } from 'vitest';
import { createReadCache } from './read-cache';

function clock() {
  let t = 0;
  return { now: () => t, advance: (ms: number) => (t += ms) };
}

describe('read cache', () => {
  it('reuses a read until its time is up, then reads again', async () => {
    const c = clock();
    const cache = createReadCache({ ttlMs: 1000, now: c.now });
    let loads = 0;
    const load = async () => ++loads;
    expect(await cache.get('k', load)).toBe(1);
    c.advance(999);
    expect(await cache.get('k', load)).toBe(1);
    c.advance(1);
    expect(await cache.get('k', load)).toBe(2);
  });

  it('shares one load among concurrent misses', async () => {
    const cache = createReadCache({ ttlMs: 1000, now: clock().now });
    let loads = 0;
    const load = () => new Promise<number>((resolve) => setTimeout(() => resolve(++loads), 5));
    const values = await Promise.all([
      cache.get('k', load),
      cache.get('k', load),
      cache.get('k', load),
    ]);
    expect(values).toEqual([1, 1, 1]);
    expect(loads).toBe(1);
  });

  it('shares a load slower than the TTL until it ends, then keeps it a TTL', async () => {
    const c = clock();
    const cache = createReadCache({ ttlMs: 1000, now: c.now });
    let loads = 0;
    let finish = () => {};
    const slow = () =>
      new Promise<number>((resolve) => {
        loads += 1;
        finish = () => resolve(loads);
      });
    const first = cache.get('k', slow);
    c.advance(2500);
    const second = cache.get('k', slow);
    expect(loads).toBe(1);
    finish();
    expect(await Promise.all([first, second])).toEqual([1, 1]);
    c.advance(999);
    expect(await cache.get('k', slow)).toBe(1);
    c.advance(1);
    const third = cache.get('k', slow);
    finish();
    expect(await third).toBe(2);
  });

  it('does not keep a failed read', async () => {
    const cache = createReadCache({ ttlMs: 1000, now: clock().now });
    await expect(cache.get('k', () => Promise.reject(new Error('db down')))).rejects.toThrow(
      'db down',
    );
    expect(await cache.get('k', async () => 'ok')).toBe('ok');
  });

  it('forgets everything on clear', async () => {
    const cache = createReadCache({ ttlMs: 1000, now: clock().now });
    await cache.get('k', async () => 'old');
    cache.clear();
    expect(await cache.get('k', async () => 'new')).toBe('new');
  });

  it('reads through when turned off', async () => {
    const cache = createReadCache({ ttlMs: 0 });
    let loads = 0;
    await cache.get('k', async () => ++loads);
    await cache.get('k', async () => ++loads);
    expect(loads).toBe(2);
    expect(cache.enabled).toBe(false);
  });

  it('drops the oldest key when full', async () => {
    const cache = createReadCache({ ttlMs: 1000, maxEntries: 2, now: clock().now });
    await cache.get('a', async () => 'a1');
    await cache.get('b', async () => 'b1');
    await cache.get('c', async () => 'c1');
    expect(await cache.get('a', async () => 'a2')).toBe('a2');
    expect(await cache.get('c', async () => 'c2')).toBe('c1');
  });
});
