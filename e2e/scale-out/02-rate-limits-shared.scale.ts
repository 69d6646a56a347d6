import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { ERROR_CODES, STATUS_DEFAULTS } from '@magotips/contracts/http-errors';
import { type InstanceInfo, scaleOut } from './context';
import { call, randomIp, type Reply } from './http';

// The sign-in limits (apps/api/src/modules/auth/auth.routes.ts): 5 failed attempts per e-mail in
// 15 minutes, 10 failed attempts per client address a minute; the next one answers 429.
const PER_EMAIL = 5;
const PER_IP = 10;

function expectLimited(reply: Reply) {
  expect(reply.status).toBe(429);
  expect(reply.body).toEqual({
    success: false,
    code: ERROR_CODES.rateLimited,
    message: STATUS_DEFAULTS[429],
  });
  expect(Number(reply.headers.get('retry-after'))).toBeGreaterThan(0);
}

/** Failed sign-ins sent alternately to A and B; returns each reply with how many requests of
 * the burst that instance had received so far (itself included). */
async function alternate(
  instances: InstanceInfo[],
  total: number,
  attempt: (instance: InstanceInfo, i: number) => Promise<Reply>,
): Promise<{ reply: Reply; instance: InstanceInfo; seenByInstance: number }[]> {
  const seen = new Map<string, number>();
  const out = [];
  for (let i = 0; i < total; i++) {
    const instance = instances[i % instances.length];
    if (!instance) throw new Error('no instance');
    seen.set(instance.name, (seen.get(instance.name) ?? 0) + 1);
    out.push({
      reply: await attempt(instance, i),
      instance,
      seenByInstance: seen.get(instance.name) ?? 0,
    });
  }
  return out;
}

describe('rate limits with two instances and REDIS_URL', () => {
  const { a, b, redisUrl } = scaleOut();
  const redis = new Redis(redisUrl, { lazyConnect: true, maxRetriesPerRequest: 1 });
  afterAll(() => redis.disconnect());

  it('per e-mail: the 6th failed sign-in overall is refused, though each instance saw only 3', async () => {
    const ip = randomIp();
    const email = `limite-${randomUUID().slice(0, 8)}@example.com`;
    const burst = await alternate([a, b], PER_EMAIL + 2, (instance) =>
      call(instance, 'POST', '/api/auth/login', {
        ip,
        json: { email, password: 'no-es-la-clave' },
      }),
    );
    for (const { reply } of burst.slice(0, PER_EMAIL)) expect(reply.status).toBe(401);

    const tripped = burst[PER_EMAIL];
    if (!tripped) throw new Error('burst too short');
    expectLimited(tripped.reply);
    // Counted per instance, this request would have been that instance's 3rd (of 5 allowed).
    expect(tripped.seenByInstance).toBeLessThanOrEqual(PER_EMAIL);
    // The other instance refuses too: the counter is the same one.
    const next = burst[PER_EMAIL + 1];
    expect(next?.instance.name).not.toBe(tripped.instance.name);
    if (next) expectLimited(next.reply);
  });

  it('per address: the 11th failed sign-in overall is refused, though each instance saw only 6', async () => {
    const ip = randomIp();
    // A different e-mail each time, so only the per-address counter can trip.
    const burst = await alternate([b, a], PER_IP + 1, (instance) =>
      call(instance, 'POST', '/api/auth/login', {
        ip,
        json: { email: `ip-${randomUUID().slice(0, 8)}@example.com`, password: 'no-es-la-clave' },
      }),
    );
    for (const { reply } of burst.slice(0, PER_IP)) expect(reply.status).toBe(401);
    const tripped = burst[PER_IP];
    if (!tripped) throw new Error('burst too short');
    expectLimited(tripped.reply);
    expect(tripped.seenByInstance).toBeLessThanOrEqual(PER_IP / 2 + 1);
    // A client elsewhere is not affected (the counter is per address, not global).
    const other = await call(a, 'POST', '/api/auth/login', {
      ip: randomIp(),
      json: { email: `otro-${randomUUID().slice(0, 8)}@example.com`, password: 'no-es-la-clave' },
    });
    expect(other.status).toBe(401);
  });

  it('keeps the counters in the shared Redis, not in the processes', async () => {
    await redis.connect();
    const keys: string[] = [];
    let cursor = '0';
    do {
      const [next, batch] = await redis.scan(cursor, 'MATCH', 'magotips:rl:login:*', 'COUNT', 1000);
      cursor = next;
      keys.push(...batch);
    } while (cursor !== '0');
    expect(keys.some((key) => key.startsWith('magotips:rl:login:email:'))).toBe(true);
    expect(keys.some((key) => key.startsWith('magotips:rl:login:ip:'))).toBe(true);
  });
});
