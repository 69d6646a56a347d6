// Shared by start and build: rebuild the client and the server only when their sources are
// newer than what was built last.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** Node flags the server runs with (`npm start`, the bench, the Dockerfile's CMD). V8 grows the
 * young generation up to 16 MB per semi-space under a steady request load and keeps it: ~30 MB
 * of RSS on PGlite that an idle-to-loaded server never gave back. At 8 MB its loaded RSS stayed
 * near the idle figure with no measurable loss of throughput (decision 0060); at 4 MB the idle
 * server holds ~8 MB less and a cached read costs the same CPU, within the noise (decision 0088). */
export const SERVER_NODE_FLAGS = ['--max-semi-space-size=4', '--v8-pool-size=1'];
// --v8-pool-size=1: V8's background threads (concurrent GC and compilation; Node starts 4) down
// to one. On two cores the others only competed with the main thread, and each kept its own
// glibc malloc arena of freed compiler memory: idle RSS on PGlite 222–267 → 186–201 MB and the
// start's CPU 2.0–2.3 → 1.6–1.7 s (decision 0088).

/** Environment the server runs with, under the caller's own (which wins). glibc raises its mmap
 * threshold to the size of each large block freed (up to 32 MB; PGlite reads its 9 MB
 * WebAssembly file at start), after which large transient buffers (compression, compilation)
 * stay in the malloc heap once freed, fragmented. Fixed at 128 KB, blocks that size and above go back to the system when
 * freed (decision 0088). */
export const SERVER_ENV = { MALLOC_MMAP_THRESHOLD_: '131072', MALLOC_TRIM_THRESHOLD_: '131072' };

function newestMtime(target) {
  if (!existsSync(target)) return 0;
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const entry of readdirSync(target)) {
    if (entry === 'node_modules' || entry === 'dist') continue;
    newest = Math.max(newest, newestMtime(path.join(target, entry)));
  }
  return newest;
}

const targets = [
  {
    name: 'cliente web',
    output: 'apps/web/dist/index.html',
    inputs: ['apps/web/src', 'apps/web/public', 'apps/web/index.html', 'apps/web/vite.config.ts', 'apps/web/vite-plugins', 'packages/contracts/src', 'package-lock.json'],
    command: ['npx', ['vite', 'build', '--logLevel', 'warn'], 'apps/web'],
  },
  {
    name: 'servidor',
    output: 'apps/api/dist/server.js',
    inputs: ['apps/api/src', 'apps/api/build.mjs', 'packages/contracts/src', 'package-lock.json'],
    command: ['node', ['build.mjs'], 'apps/api'],
  },
];

export function buildIfStale({ force = false } = {}) {
  for (const t of targets) {
    const out = path.join(root, t.output);
    const built = existsSync(out) ? statSync(out).mtimeMs : 0;
    const source = Math.max(...t.inputs.map((i) => newestMtime(path.join(root, i))));
    if (!force && built > 0 && built >= source) continue;
    console.log(`▸ Compilando ${t.name}…`);
    const [cmd, args, cwd] = t.command;
    // Always a production build: a caller's NODE_ENV (vitest sets `test`) would otherwise give
    // React's development bundle.
    const res = spawnSync(cmd, args, {
      cwd: path.join(root, cwd),
      stdio: 'inherit',
      env: { ...process.env, NODE_ENV: 'production' },
    });
    if (res.status !== 0) {
      console.error(`✖ Falló la compilación del ${t.name}.`);
      process.exit(res.status ?? 1);
    }
  }
}
