import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import pg from 'pg';

// The run's PostgreSQL and Redis. Overridable for machines where they live elsewhere; CI and the
// development machines have both on 127.0.0.1 (PostgreSQL user postgres, trust auth).
const ADMIN_URL =
  process.env.SCALE_OUT_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
// Rate-limit keys carry no per-database prefix, so the run takes a Redis database of its own and
// empties it before and after; other suites use database 0.
export const REDIS_URL = process.env.SCALE_OUT_REDIS_URL ?? 'redis://127.0.0.1:6379/5';

/** Creates an empty database for this run and returns its URL. */
export async function createScratchDatabase(): Promise<{ name: string; url: string }> {
  const name = `magotips_scale_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect().catch((err: unknown) => {
    throw new Error(`PostgreSQL no responde en ${ADMIN_URL} (¿está en marcha?): ${String(err)}`);
  });
  try {
    // The name is ours (hex), so quoting is enough.
    await admin.query(`create database "${name}"`);
  } finally {
    await admin.end();
  }
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  return { name, url: url.toString() };
}

export async function dropScratchDatabase(name: string): Promise<void> {
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  try {
    // FORCE: a SIGKILLed instance's sessions may still be closing on the server side.
    await admin.query(`drop database if exists "${name}" with (force)`);
  } finally {
    await admin.end();
  }
}

/** Empties the run's Redis database; fails clearly when Redis is not there. */
export async function flushRedis(url = REDIS_URL): Promise<void> {
  const redis = new Redis(url, {
    lazyConnect: true,
    maxRetriesPerRequest: 1,
    connectTimeout: 3_000,
    retryStrategy: () => null,
  });
  // The failure is reported by connect() below; no background reconnects or unhandled events.
  redis.on('error', () => undefined);
  try {
    await redis.connect().catch((err: unknown) => {
      throw new Error(`Redis no responde en ${url} (¿está en marcha?): ${String(err)}`);
    });
    await redis.flushdb();
  } finally {
    redis.disconnect();
  }
}
