import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { migrationsDir } from '../lib/paths';
import { countApplied, type Database, isUpToDate, pingDb, type Query } from './database';
import * as schema from './schema';

// Any constant works as long as every instance uses the same one.
const MIGRATION_LOCK_KEY = 7_242_001;

export function openPostgres(url: string, max = 10): Database {
  const pool = new pg.Pool({ connectionString: url, max });
  // An idle client that loses its server must not crash the process.
  pool.on('error', () => undefined);
  const db = drizzle(pool, { schema });
  return {
    db,
    kind: 'postgres',
    async migrate() {
      // Lock and migrate on one connection: several instances may start together.
      const client = await pool.connect();
      const query: Query = (text, params) => client.query<Record<string, unknown>>(text, params);
      try {
        // Nothing to apply: no lock to wait for (the usual restart of an existing database).
        if (await isUpToDate(query)) return { applied: 0, waitedMs: 0 };
        const asked = Date.now();
        await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
        const waitedMs = Date.now() - asked;
        try {
          // Counted under the lock, so the difference is this instance's work alone.
          const before = await countApplied(query);
          await migrate(drizzle(client, { schema }), { migrationsFolder: migrationsDir() });
          return { applied: (await countApplied(query)) - before, waitedMs };
        } finally {
          await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]);
        }
      } finally {
        client.release();
      }
    },
    ping: () => pingDb(db),
    close: () => pool.end(),
  };
}
