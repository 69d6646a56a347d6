import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import type { FastifyInstance } from 'fastify';
// The mailer loads nodemailer with its first message, not at start; tests that read the outbox
// a few milliseconds after an answer need it loaded already, as a running server soon has it.
import 'nodemailer';
import pino from 'pino';
import { inject } from 'vitest';
import { buildApp } from '../src/app';
import { type AppConfig, loadConfig } from '../src/config/config';
import type { Database } from '../src/db/database';
import { openPglite } from '../src/db/pglite-database';
import { openPostgres } from '../src/db/postgres-database';
import type { Clock } from '../src/lib/clock';
import { adminUrl, templateDb, withAdminClient } from './postgres-urls';

const here = path.dirname(fileURLToPath(import.meta.url));
export const FIXTURE_WEB_DIST = path.join(here, 'fixtures', 'web-dist');

/**
 * What a test file opened and has not closed yet. The API project runs its files one after
 * another in long-lived workers (`isolate: false`, decision 0079), so a database or an app a file
 * forgets to close would outlive it: its job runner would keep polling and a PGlite instance
 * keeps ~150 MB. test/setup.ts closes what is left after each file, apps before databases.
 */
const openApps = new Set<FastifyInstance>();
const openDatabases = new Set<Database>();

export async function closeLeftovers(): Promise<void> {
  for (const app of [...openApps]) await app.close();
  for (const database of [...openDatabases]) await database.close();
}

/** `close` forgets the database once it really is closed, however many times a test calls it. */
function tracked(database: Database): Database {
  const entry: Database = {
    ...database,
    async close() {
      openDatabases.delete(entry);
      await database.close();
    },
  };
  openDatabases.add(entry);
  return entry;
}

/** A fresh, migrated database for one test file: PGlite by default, PostgreSQL with DATABASE_URL. */
export async function createTestDatabase(): Promise<Database> {
  return tracked(await openTestDatabase());
}

async function openTestDatabase(): Promise<Database> {
  const postgresUrl = inject('postgresUrl');
  if (postgresUrl) {
    const name = `magotips_t_${randomBytes(6).toString('hex')}`;
    await withAdminClient(postgresUrl, (c) =>
      c.query(`create database ${name} template ${templateDb(postgresUrl)}`),
    );
    const database = openPostgres(adminUrl(postgresUrl, name), 4);
    return {
      ...database,
      async close() {
        await database.close();
        await withAdminClient(postgresUrl, (c) =>
          c.query(`drop database if exists ${name} with (force)`),
        );
      },
    };
  }
  const client = await PGlite.create({ loadDataDir: migratedSnapshot(), startParams: SMALL });
  return openPglite(client);
}

/**
 * The product's PGlite settings (createPglite in src/db/pglite-database.ts): PGlite's default
 * 128 MB of shared buffers cost ~0.2 s of CPU to set up on each of the ~110 instances a run opens
 * (0.5 s against 0.7 s a start). And two settings only a test database may take: a test's
 * database lives in memory and dies with the worker, so the crash safety that
 * `synchronous_commit` and `full_page_writes` pay for on every commit protects nothing here;
 * without them PGlite's write path costs 20–30 % less CPU (decision 0079). What a query answers
 * is the same.
 */
const SMALL = [
  ...PGlite.defaultStartParams,
  '-c',
  'shared_buffers=8MB',
  '-c',
  'max_connections=8',
  '-c',
  'synchronous_commit=off',
  '-c',
  'full_page_writes=off',
];

let snapshot: Blob | undefined;

/** The migrated data directory, read from disk once per worker rather than once per file. */
function migratedSnapshot(): Blob {
  snapshot ??= new Blob([readFileSync(inject('pgliteSnapshot'))]);
  return snapshot;
}

export function testConfig(env: Record<string, string> = {}): AppConfig {
  return loadConfig(
    {
      NODE_ENV: 'test',
      DATA_DIR: mkdtempSync(path.join(tmpdir(), 'magotips-data-')),
      JWT_SECRET: 'test-secret-that-is-long-enough-for-hs256-signing',
      SEED_DEMO: 'false',
      // Tests write straight to the database between calls: reads are not reused unless a
      // test turns the cache on (read-cache.test.ts).
      READ_CACHE_TTL_MS: '0',
      WEB_DIST_DIR: FIXTURE_WEB_DIST,
      ...env,
    },
    { webDistDir: FIXTURE_WEB_DIST },
  );
}

export type TestApp = { app: FastifyInstance; database: Database; close(): Promise<void> };

export async function buildTestApp(
  opts: {
    database?: Database;
    clock?: Clock;
    env?: Record<string, string>;
    /** Receives every log line (JSON) at `info` and above, for tests of what gets logged. */
    logStream?: { write(line: string): void };
  } = {},
): Promise<TestApp> {
  const database = opts.database ?? (await createTestDatabase());
  const env = opts.logStream ? { LOG_LEVEL: 'info', ...opts.env } : opts.env;
  const app = await buildApp({ config: testConfig(env), database, clock: opts.clock });
  // buildApp owns the logger's options; pino reads its destination through this symbol on every
  // write (request loggers are children that inherit it), so swapping it captures everything.
  if (opts.logStream) Reflect.set(app.log, pino.symbols.streamSym, opts.logStream);
  openApps.add(app);
  app.addHook('onClose', async () => {
    openApps.delete(app);
  });
  await app.ready();
  return {
    app,
    database,
    async close() {
      await app.close();
      if (!opts.database) await database.close();
    },
  };
}
