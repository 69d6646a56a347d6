// `npm run bench`: measures the built product. Never part of `npm test`.
// - landing: the JavaScript Chromium downloads to show `/`, gzip-compressed (target ≤ 120 KB)
// - autocannon (50 connections) on public reads of a freshly started server
// - autocannon on the editors' tip list (GET /api/tips?management=true) over BENCH_TIPS tips
//   (default 100000), loaded before the server starts by apps/api/src/cli/bench-tips.ts
// Writes bench/results/bench.json and bench/results/bench.md and prints the table.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import autocannon from 'autocannon';
import { buildIfStale, root } from './build-steps.mjs';

const LANDING_JS_BUDGET = 120 * 1024;
const DURATION = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = 50;
const BENCH_TIPS = Number(process.env.BENCH_TIPS ?? 100_000);

function freePort() {
  return new Promise((resolve) => {
    const srv = createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });
}

/** Migrates, seeds the demo and adds BENCH_TIPS tips through the api's own database code, on
 * the DATA_DIR (or DATABASE_URL) the server then opens: PGlite allows one process at a time. */
function seedBenchTips(env) {
  console.log(`▸ Cargando ${BENCH_TIPS} tips para el bench…`);
  const res = spawnSync(process.execPath, ['--import', 'tsx', path.join(root, 'apps/api/src/cli/bench-tips.ts')], {
    cwd: root,
    env: { ...env, BENCH_TIPS: String(BENCH_TIPS) },
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  if (res.status !== 0) throw new Error('bench-tips failed');
  return JSON.parse(res.stdout.trim().split('\n').at(-1));
}

async function startServer() {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'magotips-bench-'));
  const url = `http://127.0.0.1:${port}`;
  const env = { ...process.env, PORT: String(port), HOST: '127.0.0.1', APP_URL: url, DATA_DIR: process.env.DATABASE_URL ? dataDir : dataDir, LOG_LEVEL: 'warn', SEED_DEMO: process.env.DATABASE_URL ? (process.env.SEED_DEMO ?? 'true') : 'true' };
  const seeded = BENCH_TIPS > 0 ? seedBenchTips(env) : null;
  const child = spawn(process.execPath, [path.join(root, 'apps/api/dist/server.js')], {
    env,
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (Date.now() > deadline) throw new Error('server did not start');
    try {
      if ((await fetch(`${url}/api/health`)).ok) break;
    } catch {
      /* not yet */
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  return {
    url,
    seeded,
    async stop() {
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

function chromiumPath() {
  return [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'].find((p) => p && existsSync(p));
}

/** What a browser really loads for `/`: every JS response, gzip-sized as the server sends it. */
async function landingJs(url) {
  const exe = chromiumPath();
  if (!exe) return staticLandingJs();
  const { chromium } = await import('playwright-core');
  const profile = mkdtempSync(path.join(tmpdir(), 'magotips-bench-chromium-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: exe,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
  const files = [];
  const page = context.pages()[0] ?? (await context.newPage());
  page.on('response', async (res) => {
    if (res.request().resourceType() === 'script') files.push(res);
  });
  await page.goto(`${url}/`, { waitUntil: 'networkidle' });
  const sizes = [];
  for (const res of files) {
    const body = await res.body();
    sizes.push({ file: new URL(res.url()).pathname, raw: body.length, gzip: gzipSync(body).length });
  }
  await context.close();
  rmSync(profile, { recursive: true, force: true });
  return { method: 'chromium', files: sizes, gzip: sizes.reduce((a, s) => a + s.gzip, 0) };
}

function staticLandingJs() {
  const dist = path.join(root, 'apps/web/dist');
  const html = readFileSync(path.join(dist, 'index.html'), 'utf8');
  const refs = [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+\.js)"/g)].map((m) => m[1]);
  const sizes = refs.map((file) => {
    const body = readFileSync(path.join(dist, file));
    return { file, raw: body.length, gzip: gzipSync(body).length };
  });
  return { method: 'static (index.html references)', files: sizes, gzip: sizes.reduce((a, s) => a + s.gzip, 0) };
}

function load(url, headers = {}) {
  return new Promise((resolve, reject) => {
    autocannon({ url, headers, connections: CONNECTIONS, duration: DURATION }, (err, r) => (err ? reject(err) : resolve(r)));
  });
}

/** The demo editor's session: signed in through the API, or (before the login route exists)
 * the token bench-tips signed with the same secret. */
async function editorToken(url, fallback) {
  try {
    const res = await fetch(`${url}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'editor@example.com', password: 'demo1234' }),
    });
    const body = await res.json();
    if (res.ok && typeof body.token === 'string') return { token: body.token, via: 'POST /api/auth/login' };
  } catch {
    /* fall back below */
  }
  return { token: fallback, via: 'token firmado con el secreto de DATA_DIR' };
}

const kb = (n) => `${(n / 1024).toFixed(1)} KB`;

async function main() {
  buildIfStale();
  const server = await startServer();
  const results = { date: new Date().toISOString(), database: process.env.DATABASE_URL ? 'postgres' : 'pglite', connections: CONNECTIONS, seconds: DURATION, endpoints: [] };
  try {
    results.landing = await landingJs(server.url);
    for (const [name, p] of [
      ['tip preview (visitor)', '/api/tips/preview'],
      ['health', '/api/health'],
      ['landing HTML', '/'],
    ]) {
      const r = await load(`${server.url}${p}`);
      results.endpoints.push({ name, path: p, rps: Math.round(r.requests.average), p50: r.latency.p50, p99: r.latency.p99, non2xx: r.non2xx, errors: r.errors });
    }
    if (server.seeded) {
      const session = await editorToken(server.url, server.seeded.editorToken);
      results.tipsSeeded = { count: server.seeded.tips, insertMs: server.seeded.insertMs, session: session.via };
      const deep = Math.floor(BENCH_TIPS / 20);
      for (const [name, p] of [
        ['tips management p1 (editor)', '/api/tips?management=true&page=1'],
        ['tips management p50 (editor)', '/api/tips?management=true&page=50'],
        [`tips management p${deep} (editor)`, `/api/tips?management=true&page=${deep}`],
        ['tips management premium p1 (editor)', '/api/tips?management=true&category=premium&page=1'],
      ]) {
        const headers = { authorization: `Bearer ${session.token}` };
        // One request first: the very first list of a fresh database analyses the table once
        // (docs/decisions/0010), a one-off that would otherwise sit in every percentile.
        await fetch(`${server.url}${p}`, { headers });
        const r = await load(`${server.url}${p}`, headers);
        results.endpoints.push({ name, path: p, rps: Math.round(r.requests.average), p50: r.latency.p50, p99: r.latency.p99, non2xx: r.non2xx, errors: r.errors });
      }
    }
  } finally {
    await server.stop();
  }

  const lines = [
    `# MagoTips bench (${results.date}, ${results.database})`,
    '',
    `Landing initial JavaScript (${results.landing.method}): **${kb(results.landing.gzip)} gzip** — budget ${kb(LANDING_JS_BUDGET)}: ${results.landing.gzip <= LANDING_JS_BUDGET ? 'OK' : 'OVER'}`,
    '',
    '| file | raw | gzip |',
    '|---|---|---|',
    ...results.landing.files.map((f) => `| ${f.file} | ${kb(f.raw)} | ${kb(f.gzip)} |`),
    '',
    `autocannon, ${CONNECTIONS} connections, ${DURATION} s each${results.tipsSeeded ? ` (${results.tipsSeeded.count} extra tips loaded in ${results.tipsSeeded.insertMs} ms; editor session: ${results.tipsSeeded.session})` : ''}:`,
    '',
    '| endpoint | req/s | p50 ms | p99 ms | non-2xx | errors |',
    '|---|---|---|---|---|---|',
    ...results.endpoints.map((e) => `| ${e.name} \`${e.path}\` | ${e.rps} | ${e.p50} | ${e.p99} | ${e.non2xx} | ${e.errors} |`),
    '',
  ];
  const md = lines.join('\n');
  const out = path.join(root, 'bench/results');
  mkdirSync(out, { recursive: true });
  writeFileSync(path.join(out, 'bench.json'), JSON.stringify(results, null, 2));
  writeFileSync(path.join(out, 'bench.md'), md);
  console.log(md);
  if (results.landing.gzip > LANDING_JS_BUDGET) process.exitCode = 1;
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
