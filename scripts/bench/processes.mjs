// Starting and stopping what the bench measures: the bare Fastify ceiling and the product.
import { spawn, spawnSync } from 'node:child_process';
import { createServer } from 'node:net';
import path from 'node:path';
import { root, SERVER_ENV, SERVER_NODE_FLAGS } from '../build-steps.mjs';

export function freePort() {
  return new Promise((resolve) => {
    const srv = createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });
}

function stopper(child) {
  return async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    child.kill('SIGTERM');
    await new Promise((r) => child.once('exit', r));
  };
}

export async function startCeiling() {
  const child = spawn(process.execPath, [path.join(root, 'scripts/bench/ceiling.mjs')], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const port = await new Promise((resolve, reject) => {
    let out = '';
    child.stdout.on('data', (chunk) => {
      out += chunk;
      const match = /listening (\d+)/.exec(out);
      if (match) resolve(Number(match[1]));
    });
    child.once('exit', () => reject(new Error('ceiling server exited')));
  });
  return { url: `http://127.0.0.1:${port}`, pid: child.pid, stop: stopper(child) };
}

/** Brings the database to `tips` bench tips (plus the demo and one pack buyer) through the
 * api's own database code, before the server opens it: PGlite allows one process at a time. */
export function seedBenchData(env, tips) {
  const res = spawnSync(process.execPath, ['--import', 'tsx', path.join(root, 'apps/api/src/cli/bench-tips.ts')], {
    cwd: root,
    env: { ...env, BENCH_TIPS: String(tips) },
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  if (res.status !== 0) throw new Error('bench-tips failed');
  return JSON.parse(res.stdout.trim().split('\n').at(-1));
}

/** The built server, started and configured as `npm start` runs it, on `env`'s database. `readyMs`: from
 * spawning the process to the first 200 on /api/health (checked every `pollMs`). */
export async function startProduct(env, { pollMs = 250, serverJs = path.join(root, 'apps/api/dist/server.js') } = {}) {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const spawned = performance.now();
  const child = spawn(process.execPath, [...SERVER_NODE_FLAGS, serverJs], {
    env: { ...SERVER_ENV, ...env, PORT: String(port), HOST: '127.0.0.1', APP_URL: url },
    // The request log is written as in production, to a pipe nobody reads slowly.
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error('server exited during start');
    if (Date.now() > deadline) throw new Error('server did not start');
    try {
      if ((await fetch(`${url}/api/health`)).ok) break;
    } catch {
      /* not yet */
    }
    await new Promise((r) => setTimeout(r, pollMs));
  }
  const readyMs = Math.round(performance.now() - spawned);
  return { url, pid: child.pid, readyMs, stop: stopper(child) };
}
