import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { migrationsDir } from '../lib/paths';
import * as schema from './schema';

export type Schema = typeof schema;
/** Both drivers give this type, so services never know which database runs below them. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

/** What `migrate` did, for the start-up log: with several instances starting together, one
 * applies the migrations and the others wait for its lock and find nothing left to do. */
export type MigrationReport = {
  /** Migrations this call applied (0 when the schema was already up to date). */
  applied: number;
  /** Time spent waiting for another instance's migration lock. */
  waitedMs: number;
};

export type Database = {
  db: Db;
  kind: 'pglite' | 'postgres';
  migrate(): Promise<MigrationReport>;
  ping(): Promise<boolean>;
  close(): Promise<void>;
};

// Any constant works as long as every instance uses the same one.
const MIGRATION_LOCK_KEY = 7_242_001;

type Query = (text: string, params?: unknown[]) => Promise<{ rows: Record<string, unknown>[] }>;

/** Rows in drizzle's journal table (schema `drizzle`, its default), 0 before the first run. */
async function countApplied(query: Query): Promise<number> {
  const exists = await query(
    `select to_regclass('drizzle.__drizzle_migrations') is not null as present`,
  );
  if (exists.rows[0]?.present !== true) return 0;
  const counted = await query('select count(*)::int as n from drizzle.__drizzle_migrations');
  return Number(counted.rows[0]?.n ?? 0);
}

export function openPglite(client: PGlite): Database {
  const db = drizzlePglite(client, { schema });
  return {
    db,
    kind: 'pglite',
    async migrate() {
      const query: Query = (text, params) => client.query<Record<string, unknown>>(text, params);
      const before = await countApplied(query);
      await migratePglite(db, { migrationsFolder: migrationsDir() });
      return { applied: (await countApplied(query)) - before, waitedMs: 0 };
    },
    ping: () => pingDb(db),
    close: () => client.close(),
  };
}

export function openPostgres(url: string, max = 10): Database {
  const pool = new pg.Pool({ connectionString: url, max });
  // An idle client that loses its server must not crash the process.
  pool.on('error', () => undefined);
  const db = drizzlePg(pool, { schema });
  return {
    db,
    kind: 'postgres',
    async migrate() {
      // Lock and migrate on one connection: several instances may start together.
      const client = await pool.connect();
      const query: Query = (text, params) => client.query<Record<string, unknown>>(text, params);
      try {
        const asked = Date.now();
        await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
        const waitedMs = Date.now() - asked;
        try {
          // Counted under the lock, so the difference is this instance's work alone.
          const before = await countApplied(query);
          await migratePg(drizzlePg(client, { schema }), { migrationsFolder: migrationsDir() });
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

export async function openDatabase(opts: {
  databaseUrl: string | undefined;
  dataDir: string;
}): Promise<Database> {
  if (opts.databaseUrl) return openPostgres(opts.databaseUrl);
  const client = await PGlite.create(`${opts.dataDir}/pglite`);
  return openPglite(client);
}

async function pingDb(db: Db): Promise<boolean> {
  try {
    await db.execute(sql`select 1`);
    return true;
  } catch {
    return false;
  }
}
