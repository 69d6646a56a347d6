import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { migrationsDir } from '../lib/paths';
import { countApplied, type Database, isUpToDate, pingDb, type Query } from './database';
import * as schema from './schema';

/**
 * PGlite's defaults size it like a server: `shared_buffers` 128 MB, which it touches at start,
 * and room for 100 connections it never has (it is one connection). Idle RSS of the product on
 * PGlite went 395 → ~255 MB with 32 MB and 8, ~20 MB lower again with 16 MB (decision 0059), and
 * 10 MB lower again with 8 MB (decision 0088): PostgreSQL zeroes its whole shared memory at start,
 * so every megabyte of buffers is resident whether used or not.
 * Its WebAssembly memory cannot start below the module's own 128 MB minimum (initialMemory
 * smaller than that fails to instantiate), so that stays. A page missing from the buffers is one
 * read from the OS page cache, and the hot answers come from the read cache anyway.
 */
const SMALL_INSTANCE = ['-c', 'shared_buffers=8MB', '-c', 'max_connections=8'];

export function createPglite(dataDir: string): Promise<PGlite> {
  return PGlite.create(dataDir, {
    startParams: [...PGlite.defaultStartParams, ...SMALL_INSTANCE],
  });
}

export function openPglite(client: PGlite): Database {
  const db = drizzle(client, { schema });
  return {
    db,
    kind: 'pglite',
    async migrate() {
      const query: Query = (text, params) => client.query<Record<string, unknown>>(text, params);
      if (await isUpToDate(query)) return { applied: 0, waitedMs: 0 };
      const before = await countApplied(query);
      await migrate(db, { migrationsFolder: migrationsDir() });
      return { applied: (await countApplied(query)) - before, waitedMs: 0 };
    },
    ping: () => pingDb(db),
    close: () => client.close(),
  };
}
