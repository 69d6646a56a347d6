import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createPglite } from './pglite-database';

// The embedded default's memory (issue 28 item 7, decision 0088): PostgreSQL zeroes its whole
// shared memory at start, so the buffers it is given are resident from the first second. The
// product's instance must start with the small settings, not PGlite's server-sized defaults.
describe('createPglite', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'magotips-pglite-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('starts PostgreSQL with 8 MB of shared buffers and room for 8 connections', async () => {
    const client = await createPglite(path.join(dir, 'pglite'));
    try {
      const setting = async (name: string) =>
        (
          await client.query<{ setting: string; unit: string | null }>(
            'select setting, unit from pg_settings where name = $1',
            [name],
          )
        ).rows[0];
      // shared_buffers is counted in 8 kB pages: 1024 of them are 8 MB.
      expect(await setting('shared_buffers')).toEqual({ setting: '1024', unit: '8kB' });
      expect(await setting('max_connections')).toEqual({ setting: '8', unit: null });
    } finally {
      await client.close();
    }
  }, 60_000);
});
