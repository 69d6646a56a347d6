import { type ChildProcess, spawn } from 'node:child_process';
import { closeSync, openSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const addr = srv.address();
      srv.close(() =>
        typeof addr === 'object' && addr ? resolve(addr.port) : reject(new Error('no port')),
      );
    });
  });
}

export type Instance = { child: ChildProcess; url: string; logFile: string };

/** Starts `node apps/api/dist/server.js` (what `npm start` runs once built) with its output
 * written straight to `logFile`: the file outlives the process, even a SIGKILLed one. */
export function startInstance(env: NodeJS.ProcessEnv, port: number, logFile: string): Instance {
  const fd = openSync(logFile, 'a');
  try {
    const child = spawn(process.execPath, [path.join(repoRoot, 'apps/api/dist/server.js')], {
      cwd: repoRoot,
      env: { ...env, PORT: String(port) },
      stdio: ['ignore', fd, fd],
    });
    return { child, url: `http://127.0.0.1:${port}`, logFile };
  } finally {
    // The child holds its own copy of the descriptor.
    closeSync(fd);
  }
}

export const isRunning = (child: ChildProcess): boolean =>
  child.exitCode === null && child.signalCode === null;

/** Resolves once /api/health answers 200 and reports both PostgreSQL and Redis as ok. */
export async function waitHealthy(instance: Instance, timeoutMs = 90_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let last = 'no answer';
  while (Date.now() < deadline) {
    if (!isRunning(instance.child)) {
      throw new Error(`La instancia ${instance.url} terminó al arrancar; ver ${instance.logFile}`);
    }
    try {
      const res = await fetch(`${instance.url}/api/health`);
      last = `${res.status} ${await res.text()}`;
      const body: unknown = JSON.parse(last.slice(last.indexOf(' ') + 1));
      if (
        res.ok &&
        typeof body === 'object' &&
        body !== null &&
        'redis' in body &&
        body.redis === 'ok'
      )
        return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(
    `La instancia ${instance.url} no quedó sana a tiempo (${last}); ver ${instance.logFile}`,
  );
}

/** SIGTERM (graceful shutdown), then SIGKILL if it hangs; a dead instance is left alone. */
export async function stopInstance(instance: Instance, graceMs = 15_000): Promise<void> {
  const { child } = instance;
  if (!isRunning(child)) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
  await exited;
  clearTimeout(timer);
}
