import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TestProject } from 'vitest/node';
import { findChromium } from './chromium';
import { startGoogleDoubles } from './google-doubles';
import { seedJourneyAccounts } from './journey-accounts';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    chromiumPath: string;
    /** The server's DATA_DIR: e-mails land in its outbox/ as .eml files. */
    dataDir: string;
    /** POST here who the local Google signs in next (support/google.ts). */
    googleControlUrl: string;
  }
}

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.listen(0, '127.0.0.1', () => {
      const addr = srv.address();
      srv.close(() => (typeof addr === 'object' && addr ? resolve(addr.port) : reject(new Error('no port'))));
    });
  });
}

async function waitForHealth(url: string, child: ChildProcess): Promise<void> {
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`El servidor terminó con código ${child.exitCode}`);
    try {
      const res = await fetch(`${url}/api/health`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error('El servidor no respondió a /api/health a tiempo');
}

/** Builds the product as `npm start` would and runs it on a fresh embedded database. */
export default async function setup(project: TestProject) {
  const chromiumPath = findChromium();
  const build = spawnSync(process.execPath, [path.join(root, 'scripts/build.mjs')], { stdio: 'inherit' });
  if (build.status !== 0) throw new Error('La compilación falló');

  // A local OpenID provider and People API stand in for Google (support/google-doubles.ts).
  const google = await startGoogleDoubles();
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'magotips-e2e-'));
  // Accounts the demo seed lacks, written before the server opens the database (journey-accounts.ts).
  await seedJourneyAccounts(dataDir).catch(async (err: unknown) => {
    await google.close();
    throw err;
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, [path.join(root, 'apps/api/dist/server.js')], {
    env: {
      ...process.env,
      NODE_ENV: 'development',
      PORT: String(port),
      HOST: '127.0.0.1',
      APP_URL: baseUrl,
      DATA_DIR: dataDir,
      SEED_DEMO: 'true',
      DATABASE_URL: '',
      // In-memory rate-limit counters: a shared Redis would carry them from one run to the next.
      REDIS_URL: '',
      // One proxy hop, as in production behind a load balancer (docs/deploy.md): the browser's
      // requests carry no X-Forwarded-For and count against 127.0.0.1 as before, while the
      // journeys' API preconditions (support/api.ts) each name an address of their own, so
      // accounts made for one journey never use up the per-IP sign-up limit (10 an hour) that
      // the journeys registering through the form need.
      TRUST_PROXY: '1',
      // The track-record journey moves the server's clock past a kick-off (support/clock.ts).
      TEST_CLOCK: 'true',
      LOG_LEVEL: 'warn',
      ...google.env,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  try {
    await waitForHealth(baseUrl, child);
  } catch (err) {
    await google.close();
    throw err;
  }
  project.provide('baseUrl', baseUrl);
  project.provide('chromiumPath', chromiumPath);
  project.provide('dataDir', dataDir);
  project.provide('googleControlUrl', google.controlUrl);

  return async () => {
    child.kill('SIGTERM');
    await new Promise((r) => child.once('exit', r));
    await google.close();
    rmSync(dataDir, { recursive: true, force: true });
  };
}
