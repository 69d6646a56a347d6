import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { TestProject } from 'vitest/node';
import { openPglite } from '../src/db/pglite-database';
import { openPostgres } from '../src/db/postgres-database';
import { adminUrl, templateDb, withAdminClient } from './postgres-urls';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteSnapshot: string;
    postgresUrl: string;
  }
}

/** Migrate once for the whole run; every test file then starts from that state. */
export default async function setup(project: TestProject) {
  const url = process.env.DATABASE_URL;
  if (url) {
    const template = templateDb(url);
    await withAdminClient(url, async (admin) => {
      await admin.query(`drop database if exists ${template} with (force)`);
      await admin.query(`create database ${template}`);
    });
    const migrated = openPostgres(adminUrl(url, template), 1);
    await migrated.migrate();
    await migrated.close();
    project.provide('postgresUrl', url);
    project.provide('pgliteSnapshot', '');
    return;
  }

  const dir = mkdtempSync(path.join(tmpdir(), 'magotips-test-'));
  const client = await PGlite.create();
  const database = openPglite(client);
  await database.migrate();
  const dump = await client.dumpDataDir('none');
  const file = path.join(dir, 'migrated.tar');
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  await database.close();
  project.provide('pgliteSnapshot', file);
  project.provide('postgresUrl', '');
  return () => rmSync(dir, { recursive: true, force: true });
}
