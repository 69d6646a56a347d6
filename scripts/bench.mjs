// `npm run bench`: measures the built product. Never part of `npm test`.
// - landing: the JavaScript Chromium downloads to show `/`, gzip-compressed (target ≤ 120 KB)
// - autocannon (50 connections) on public reads of a freshly started server
// Writes bench/results/bench.json and bench/results/bench.md and prints the table.
import { spawn } from 'node:child_process';
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

function freePort() {
  return new Promise((resolve) => {
    const srv = createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });
}

async function startServer() {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'magotips-bench-'));
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, [path.join(root, 'apps/api/dist/server.js')], {
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', APP_URL: url, DATA_DIR: process.env.DATABASE_URL ? dataDir : dataDir, LOG_LEVEL: 'warn', SEED_DEMO: process.env.DATABASE_URL ? (process.env.SEED_DEMO ?? 'true') : 'true' },
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

function load(url) {
  return new Promise((resolve, reject) => {
    autocannon({ url, connections: CONNECTIONS, duration: DURATION }, (err, r) => (err ? reject(err) : resolve(r)));
  });
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
    `autocannon, ${CONNECTIONS} connections, ${DURATION} s each:`,
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
