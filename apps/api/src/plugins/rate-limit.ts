import { createHash } from 'node:crypto';
import { ERROR_CODES } from '@magotips/contracts/http-errors';
import type {
  FastifyBaseLogger,
  FastifyRequest,
  onResponseAsyncHookHandler,
  preHandlerAsyncHookHandler,
} from 'fastify';
import type { Redis as RedisClient } from 'ioredis';
import { AppError } from '../lib/app-error';

export type HitResult = { count: number; resetInMs: number };

/** Where the counters live: in memory for a single instance, in Redis when several instances
 * must share them (otherwise each would allow its own quota and N instances N times as much). */
export type RateLimitStore = {
  /** Counts one more attempt in the fixed window of `key`, opening it if needed. */
  hit(key: string, windowMs: number): Promise<HitResult>;
  /** Gives one attempt back (a request that turned out not to count). */
  undo(key: string): Promise<void>;
  /** Whether a shared store answers (only stores behind a network, i.e. Redis, have it). */
  ping?(): Promise<boolean>;
  close(): Promise<void>;
};

export function createMemoryStore(now: () => number = Date.now): RateLimitStore {
  const windows = new Map<string, { count: number; resetAt: number }>();
  let hitsSinceSweep = 0;
  function sweep(at: number) {
    for (const [key, w] of windows) if (w.resetAt <= at) windows.delete(key);
  }
  return {
    async hit(key, windowMs) {
      const at = now();
      // Expired windows are dropped now and then, so the map cannot grow without bound.
      if (++hitsSinceSweep >= 1000) {
        hitsSinceSweep = 0;
        sweep(at);
      }
      let w = windows.get(key);
      if (!w || w.resetAt <= at) {
        w = { count: 0, resetAt: at + windowMs };
        windows.set(key, w);
      }
      w.count += 1;
      return { count: w.count, resetInMs: w.resetAt - at };
    },
    async undo(key) {
      const w = windows.get(key);
      if (w && w.count > 0) w.count -= 1;
    },
    async close() {
      windows.clear();
    },
  };
}

// One round trip, atomic across instances: the first hit of a window sets its expiry.
const HIT_SCRIPT = `
local c = redis.call('INCR', KEYS[1])
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
  ttl = tonumber(ARGV[1])
end
return {c, ttl}`;
const UNDO_SCRIPT = `
local c = tonumber(redis.call('GET', KEYS[1]) or '0')
if c > 0 then return redis.call('DECR', KEYS[1]) end
return 0`;

/** Counters in Redis. Commands fail fast while Redis is unreachable (no offline queue, short
 * timeouts) and the limiter then lets requests through: an outage of the counters must not
 * take sign-in down with it. */
export async function createRedisStore(
  url: string,
  log: FastifyBaseLogger,
  opts: { prefix?: string } = {},
): Promise<RateLimitStore> {
  const prefix = opts.prefix ?? 'magotips:rl:';
  // Loaded only with REDIS_URL: ioredis costs ~90 ms and ~25 MB at start for nothing otherwise.
  const { Redis } = await import('ioredis');
  const redis: RedisClient = new Redis(url, {
    lazyConnect: true,
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    connectTimeout: 3_000,
    commandTimeout: 1_000,
  });
  redis.on('error', (err: Error) =>
    log.warn({ err }, 'Redis (límites de peticiones) no disponible'),
  );
  try {
    await redis.connect();
  } catch (err) {
    // ioredis keeps reconnecting in the background; until then the limiter fails open.
    log.error(
      { err },
      'No se pudo conectar a REDIS_URL; los límites de peticiones no se aplicarán hasta que vuelva',
    );
  }
  return {
    async hit(key, windowMs) {
      const result: unknown = await redis.eval(HIT_SCRIPT, 1, prefix + key, String(windowMs));
      if (!Array.isArray(result) || result.length !== 2) throw new Error('unexpected Redis reply');
      return { count: Number(result[0]), resetInMs: Number(result[1]) };
    },
    async undo(key) {
      await redis.eval(UNDO_SCRIPT, 1, prefix + key);
    },
    async ping() {
      // Fails at once while disconnected (no offline queue), else within commandTimeout.
      try {
        return (await redis.ping()) === 'PONG';
      } catch {
        return false;
      }
    },
    async close() {
      redis.disconnect();
    },
  };
}

export type RateLimitRule = {
  /** Names the counter, e.g. `login:ip`; rules with the same name share it. */
  name: string;
  max: number;
  windowMs: number;
  /** Who is counted (an IP, an e-mail, a user id); null skips the rule for this request. */
  subject: (request: FastifyRequest) => string | null;
  /** Count only attempts that fail: a response under 400 gives its slot back, so a person
   * who signs in successfully many times (or a shared office IP) is never locked out, while
   * a burst is still cut off before any expensive work because every attempt counts first. */
  failuresOnly?: boolean;
};

export type RateLimitHooks = {
  preHandler: preHandlerAsyncHookHandler;
  onResponse: onResponseAsyncHookHandler;
};

export type RateLimiter = {
  /** Route hooks enforcing `rules` in order; spread them into the route options. */
  hooks(rules: RateLimitRule[]): RateLimitHooks;
  /** Present when the counters live in Redis (REDIS_URL): whether it answers, for /api/health. */
  ping?: () => Promise<boolean>;
  close(): Promise<void>;
};

/** Subjects are hashed: the store never holds an e-mail address or an IP in clear. */
function counterKey(rule: RateLimitRule, subject: string): string {
  const digest = createHash('sha256').update(subject).digest('base64url').slice(0, 32);
  return `${rule.name}:${digest}`;
}

export function createRateLimiter(store: RateLimitStore, log: FastifyBaseLogger): RateLimiter {
  const ping = store.ping?.bind(store);
  // Counters this request took, to give back on success; keyed by request, never leaked.
  const taken = new WeakMap<FastifyRequest, string[]>();

  return {
    hooks(rules) {
      const preHandler: preHandlerAsyncHookHandler = async (request, reply) => {
        for (const rule of rules) {
          const subject = rule.subject(request);
          if (subject === null) continue;
          const key = counterKey(rule, subject);
          let hit: HitResult;
          try {
            hit = await store.hit(key, rule.windowMs);
          } catch (err) {
            request.log.warn({ err, rule: rule.name }, 'rate limit store failed; request allowed');
            continue;
          }
          if (rule.failuresOnly) taken.set(request, [...(taken.get(request) ?? []), key]);
          if (hit.count > rule.max) {
            reply.header('retry-after', String(Math.max(1, Math.ceil(hit.resetInMs / 1000))));
            throw new AppError(ERROR_CODES.rateLimited, 429);
          }
        }
      };
      const onResponse: onResponseAsyncHookHandler = async (request, reply) => {
        const keys = taken.get(request);
        if (!keys || reply.statusCode >= 400) return;
        for (const key of keys) {
          await store
            .undo(key)
            .catch((err: unknown) => log.warn({ err }, 'rate limit undo failed'));
        }
      };
      return { preHandler, onResponse };
    },
    ...(ping ? { ping } : {}),
    close: () => store.close(),
  };
}

/** Redis when REDIS_URL is set, so every instance shares the counters; memory otherwise. */
export async function createRateLimiterFromConfig(
  config: { redisUrl: string | undefined },
  log: FastifyBaseLogger,
): Promise<RateLimiter> {
  const store = config.redisUrl
    ? await createRedisStore(config.redisUrl, log)
    : createMemoryStore();
  return createRateLimiter(store, log);
}

/** The caller's address (as Fastify resolves it, honouring the app's trustProxy setting). */
export const byIp = (request: FastifyRequest): string => request.ip;

/** The e-mail of a JSON body, normalised as the unique index compares it (lower case). */
export const byBodyEmail = (request: FastifyRequest): string | null => {
  const body: unknown = request.body;
  if (typeof body !== 'object' || body === null || !('email' in body)) return null;
  const email = (body as { email: unknown }).email;
  return typeof email === 'string' ? email.trim().toLowerCase() : null;
};

/** The signed-in user; use behind `authenticate`. */
export const byUser = (request: FastifyRequest): string | null => request.auth?.userId ?? null;
