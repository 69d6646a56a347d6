// Where a signed-in read spends its time with the read cache off (issue 28 item 6, decision
// 0090). Not part of `npm run bench`; on PostgreSQL only:
//   DATABASE_URL=postgres://… [BENCH_TIPS=…] [BENCH_PROFILE_REQUESTS=200] node scripts/bench/read-profile.mjs
// Starts the built product with READ_CACHE_TTL_MS=0 (and again with the cache on, for the
// cached figure) and sends each read one after another, one connection, so that each figure is
// one request's own cost rather than a queue's:
// - database work per request: committed transactions (pg_stat_database; each statement outside
//   a transaction is one) and each table's scans (pg_stat_user_tables), over the run, less what
//   the idle server does in as long (its job queue polls)
// - wall time per request (median), with Chromium's accept-encoding and without any (what
//   compressing each fresh answer costs when nothing is cached), and the server's CPU per request
// - the answer's size, raw and as sent
import { mkdtempSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { BROWSER_HEADERS, cpuUs, signIn } from './load.mjs';
import { oneTipPath } from './management.mjs';
import { seedBenchData, startProduct } from './processes.mjs';

const N = Number(process.env.BENCH_PROFILE_REQUESTS ?? 200);
const TIPS = Number(process.env.BENCH_TIPS ?? 100_000);

/** One GET, its body's bytes as sent and its wall time in ms. */
function get(url, headers) {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const req = request(url, { headers }, (res) => {
      let bytes = 0;
      res.on('data', (c) => (bytes += c.length));
      res.on('end', () => resolve({ status: res.statusCode, bytes, ms: performance.now() - started }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const round = (x, d = 2) => Math.round(x * 10 ** d) / 10 ** d;

/** Committed transactions and each table's scans (sequential and by index) on this database
 * so far, stats flushed first: a query reading three tables scans each of them once. */
async function counters(client) {
  // A backend reports its counts at most once a second: waited for, then read afresh.
  await new Promise((r) => setTimeout(r, 1100));
  await client.query('select pg_stat_clear_snapshot()');
  const { rows: [db] } = await client.query('select xact_commit::bigint as n from pg_stat_database where datname = current_database()');
  const { rows } = await client.query('select relname, (seq_scan + coalesce(idx_scan, 0))::bigint as scans from pg_stat_user_tables');
  return { at: performance.now(), xact: Number(db.n), tables: new Map(rows.map((r) => [r.relname, Number(r.scans)])) };
}

/** Per request from `a` to `b`, less the idle server's own rate (`idle`, per ms) over as long. */
function perRequest(a, b, idle, n) {
  const ms = b.at - a.at;
  const tables = [];
  for (const [name, scans] of b.tables) {
    const own = (scans - (a.tables.get(name) ?? 0) - (idle?.tables.get(name) ?? 0) * ms) / n;
    if (own >= 0.05) tables.push(`${name} ${round(own, 1)}`);
  }
  return { xact: round((b.xact - a.xact - (idle?.xact ?? 0) * ms) / n, 1), tables: tables.join(', ') };
}

async function sequential(url, headers, pid) {
  const times = [];
  let bytes = 0;
  const cpuBefore = cpuUs(pid);
  for (let i = 0; i < N; i += 1) {
    const r = await get(url, headers);
    if (r.status !== 200) throw new Error(`${url} answered ${r.status}`);
    times.push(r.ms);
    bytes = r.bytes;
  }
  const cpuAfter = cpuUs(pid);
  return { ms: round(median(times)), bytes, cpuUs: cpuBefore !== null ? Math.round((cpuAfter - cpuBefore) / N) : null };
}

async function profile(env, cacheOn, client) {
  const product = await startProduct({ ...env, ...(cacheOn ? {} : { READ_CACHE_TTL_MS: '0' }), LOG_LEVEL: 'warn' });
  try {
    const user = await signIn(product.url, 'usuario@example.com');
    const vip = await signIn(product.url, 'vip@example.com');
    const reads = [
      ['salud (sin sesión ni consultas)', '/api/health', {}],
      ['sesiones del usuario (comprobación de sesión + 1 consulta)', '/api/auth/sessions', user],
      ['tips-gratis (usuario)', '/api/packs/tips-gratis', user],
      ['tips-vips (suscriptor)', '/api/packs/tips-vips', vip],
      ['un tip VIP por id (suscriptor)', await oneTipPath(product.url, vip), vip],
      ['historial (visitante)', '/api/track-record', {}],
    ];
    // What the idle server does by itself (its job queue polls), per ms.
    const idleFrom = await counters(client);
    await new Promise((r) => setTimeout(r, 5000));
    const idleTo = await counters(client);
    const idleDiff = perRequest(idleFrom, idleTo, null, 1);
    const span = idleTo.at - idleFrom.at;
    const idle = {
      xact: (idleTo.xact - idleFrom.xact) / span,
      tables: new Map([...idleTo.tables].map(([k, v]) => [k, (v - (idleFrom.tables.get(k) ?? 0)) / span])),
    };
    console.log(`  en reposo, en ${Math.round(span)} ms: ${idleDiff.xact} transacciones; ${idleDiff.tables}`);
    const out = [];
    for (const [name, p, headers] of reads) {
      const url = `${product.url}${p}`;
      for (let i = 0; i < 20; i += 1) await get(url, { ...BROWSER_HEADERS, ...headers }); // warm JIT
      const from = await counters(client);
      const compressed = await sequential(url, { ...BROWSER_HEADERS, ...headers }, product.pid);
      const db = perRequest(from, await counters(client), idle, N);
      const raw = await sequential(url, headers, product.pid);
      const row = { cache: cacheOn ? 'on' : 'off', name, path: p, xactPerRequest: db.xact, scansPerRequest: db.tables, msBrotli: compressed.ms, cpuUsBrotli: compressed.cpuUs, bytesSent: compressed.bytes, msRaw: raw.ms, cpuUsRaw: raw.cpuUs, bytesRaw: raw.bytes };
      console.log(JSON.stringify(row));
      out.push(row);
    }
    return out;
  } finally {
    await product.stop();
  }
}

async function main() {
  if (!process.env.DATABASE_URL) throw new Error('DATABASE_URL (PostgreSQL) is required');
  // As the bench runs it: a data directory of its own (the dev JWT secret and ledger key).
  const dataDir = mkdtempSync(path.join(tmpdir(), 'magotips-profile-'));
  const env = { ...process.env, DATA_DIR: dataDir, SEED_DEMO: 'true' };
  seedBenchData(env, TIPS);
  const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await client.connect();
  try {
    const rows = [...(await profile(env, false, client)), ...(await profile(env, true, client))];
    console.log('\n| caché | lectura | transacciones/pet. | lecturas de tabla/pet. | ms (br) | CPU µs (br) | bytes (br) | ms (sin comprimir) | CPU µs (sin comprimir) | bytes |');
    console.log('|---|---|---|---|---|---|---|---|---|---|');
    for (const r of rows) console.log(`| ${r.cache} | ${r.name} | ${r.xactPerRequest} | ${r.scansPerRequest} | ${r.msBrotli} | ${r.cpuUsBrotli} | ${r.bytesSent} | ${r.msRaw} | ${r.cpuUsRaw} | ${r.bytesRaw} |`);
  } finally {
    await client.end();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
