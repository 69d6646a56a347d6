// The proof issue's bench: the public ledger's page read and the verifier a reader runs. On its
// own PGlite database holding ~LEDGER_ENTRIES entries (apps/api/src/cli/bench-ledger.ts), with the
// product started as `npm start` runs it. A full page (1000 entries, ~450 KB) is compared with the
// bare Fastify sending the same bytes ("mismos bytes") measured right before it; the verifier
// (`npm run verify-record`) is timed from a cold server (the first walk fills the page cache) and
// again warm.
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { root } from '../build-steps.mjs';

export const LEDGER_ENTRIES = Number(process.env.LEDGER_ENTRIES ?? 100_000);

function runTsx(script, args, env) {
  const started = performance.now();
  const res = spawnSync(process.execPath, ['--import', 'tsx', path.join(root, script), ...args], {
    cwd: root,
    env,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'],
    maxBuffer: 64 * 1024 * 1024,
  });
  return { status: res.status, stdout: res.stdout, ms: Math.round(performance.now() - started) };
}

/** `measureRead(url)` and `sameBytes(url)` are the bench's own (scripts/bench.mjs). */
export async function ledgerBench({ env, startProduct, measureRead, sameBytes }) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'magotips-ledger-bench-'));
  const { DATABASE_URL: _pgliteOnly, ...base } = env;
  const ledgerEnv = {
    ...base,
    DATA_DIR: dataDir,
    SEED_DEMO: 'false',
    LEDGER_PRIVATE_KEY: randomBytes(32).toString('base64url'),
    LEDGER_ENTRIES: String(LEDGER_ENTRIES),
  };
  try {
    console.log(`▸ Registro público: ~${LEDGER_ENTRIES} entradas`);
    const load = runTsx('apps/api/src/cli/bench-ledger.ts', [], ledgerEnv);
    if (load.status !== 0) throw new Error('bench-ledger failed');
    const loaded = JSON.parse(load.stdout.trim().split('\n').at(-1));
    console.log(`  ${loaded.entries} entradas de ${loaded.bets} apuestas; importadas en ${loaded.importMs} ms`);
    const server = await startProduct(ledgerEnv);
    try {
      const verify = () => {
        const run = runTsx('apps/api/src/cli/verify-record.ts', ['--url', server.url, '--json'], ledgerEnv);
        const report = JSON.parse(run.stdout);
        return { ms: run.ms, ok: run.status === 0 && report.ok, entries: report.entries, checkSeconds: report.seconds };
      };
      // Cold first: the server has no page in memory yet, as after a start.
      const cold = verify();
      const warm = verify();
      console.log(`  verificador: ${cold.entries} entradas en ${cold.ms} ms (frío), ${warm.ms} ms (caliente), ${cold.ok && warm.ok ? 'OK' : 'FALLA'}`);
      const page = `${server.url}/api/track-record/ledger?after=0&limit=1000`;
      const same = await sameBytes(page);
      const read = await measureRead(page, server.pid);
      console.log(`  página de 1000 entradas: ${read.rps} req/s (mismos bytes ${same.rps}), p99 ${read.p99} ms`);
      return { entries: loaded.entries, importMs: loaded.importMs, verifyColdMs: cold.ms, verifyWarmMs: warm.ms, verifyOk: cold.ok && warm.ok, page: { ...read, sameBytesRps: same.rps } };
    } finally {
      await server.stop();
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}
