import type { Database } from './database';

// Apart from database.ts, which both drivers import for their shared helpers: the opener loads
// the drivers, so in one file they would import each other (a circle, decision 0063).

/** Opens the configured database. Each driver is loaded only when used: PGlite's runtime or
 * pg (and their Drizzle adapters) cost a cold start that the other kind never needs. */
export async function openDatabase(opts: {
  databaseUrl: string | undefined;
  dataDir: string;
}): Promise<Database> {
  if (opts.databaseUrl) {
    const { openPostgres } = await import('./postgres-database');
    return openPostgres(opts.databaseUrl);
  }
  const { createPglite, openPglite } = await import('./pglite-database');
  return openPglite(await createPglite(`${opts.dataDir}/pglite`));
}
