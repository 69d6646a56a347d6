import pg from 'pg';

// The product's advisory lock keys, copied here because the test holds them from outside to
// force the interesting interleavings. If one changes in the product, the test that holds it
// times out waiting for the instances to block on it, with a message naming the key.
/** apps/api/src/db/database.ts: migrations. */
export const MIGRATION_LOCK_KEY = 7_242_001;
/** apps/api/src/modules/payments/payment-jobs.ts: the periodic payment job. */
export const PAYMENT_JOB_LOCK_KEY = 7_242_010;

/** A session-level advisory lock held on a connection of its own until `release`. */
export type HeldLock = { release(): Promise<void> };

export async function holdAdvisoryLock(databaseUrl: string, key: number): Promise<HeldLock> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  await client.query('select pg_advisory_lock($1)', [key]);
  let released = false;
  return {
    async release() {
      if (released) return;
      released = true;
      try {
        await client.query('select pg_advisory_unlock($1)', [key]);
      } finally {
        await client.end();
      }
    },
  };
}

/** Sessions of the current database waiting for the advisory lock `key` (not granted yet). */
export async function advisoryWaiters(databaseUrl: string, key: number): Promise<number> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    // A bigint key below 2^32 is stored as classid 0, objid key, objsubid 1.
    const res = await client.query<{ n: number }>(
      `select count(*)::int as n from pg_locks
        where locktype = 'advisory' and classid = 0 and objid = $1 and objsubid = 1 and not granted
          and database = (select oid from pg_database where datname = current_database())`,
      [key],
    );
    return res.rows[0]?.n ?? 0;
  } finally {
    await client.end();
  }
}
