// Issue 17 item 3: "With 1M tips, every page the panel offers answers within 1.3× of the same
// page at 1k." Run alone (not part of `npm run bench`: it builds its own 1M-tip database):
//
//   node scripts/bench/editor-keyset.mjs            # PostgreSQL at postgres://postgres@127.0.0.1:5432
//   BENCH_KEYSET_ADMIN_URL=postgres://… BENCH_KEYSET_LARGE=1000000 BENCH_SECONDS=5 node …
//
// It (re)creates two scratch databases, `magotips_keyset_bench_1000` and `…_1000000`, loads the
// demo and the bench tips into each (apps/api/src/cli/bench-tips.ts: one INSERT … SELECT
// generate_series, then VACUUM ANALYZE), starts the built server on each with the read cache OFF
// (READ_CACHE_TTL_MS=0: every request reaches the database, so the figures are the queries' and
// the count's, not the cache's), and times each page the panel offers: the first page, a date
// jump to the middle of the list, "Siguientes" from there (a deep keyset page) and "Anteriores"
// back. PostgreSQL only: PGlite takes too long to load a million rows for a bench run.
// Per page: the median and p90 of 400 sequential requests (one client: each answer's own time),
// the two sizes in alternating rounds of 40 so the shared machine's moving load weighs on both
// alike; then autocannon's throughput (50 connections) beside the bare-Fastify ceiling. Writes
// bench/results/editor-keyset.json and exits 1 when a median ratio is above 1.3.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildIfStale, root } from '../build-steps.mjs';
import { measure, signIn } from './load.mjs';
import { seedBenchData, startCeiling, startProduct } from './processes.mjs';

const ADMIN_URL =
  process.env.BENCH_KEYSET_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const DB_PREFIX = 'magotips_keyset_bench';
const SMALL = 1_000;
const LARGE = Number(process.env.BENCH_KEYSET_LARGE ?? 1_000_000);
const SEQUENTIAL = 400;
const ROUNDS = 10;
const LIMIT = 1.3;

const require = createRequire(path.join(root, 'apps/api/package.json'));
const { Client } = require('pg');

async function withClient(url, work) {
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** The instant half-way down the list by match date: where the date jump lands. */
async function middleDate(url) {
  return withClient(url, async (c) => {
    const { rows } = await c.query(
      'select match_date from tips order by match_date desc, id desc offset (select count(*) / 2 from tips) limit 1',
    );
    return rows[0].match_date.toISOString();
  });
}

// The repository's keyset queries (tips-by-match.repository.ts), at a cursor mid-list.
const QUERIES = {
  siguientes: `select * from tips where (match_date, id) < ($1::timestamptz, $2::uuid)
    order by match_date desc nulls last, id desc nulls last limit 11`,
  anteriores: `select * from tips where (match_date, id) > ($1::timestamptz, $2::uuid)
    order by match_date asc nulls first, id asc nulls first limit 11`,
  sonda: `select 1 from tips where (match_date, id) >= ($1::timestamptz, $2::uuid)
    order by match_date asc nulls first, id asc nulls first limit 1`,
};

/** The oldest match: a jump there gives the list's last page. */
async function oldestDate(url) {
  return withClient(url, async (c) => {
    const { rows } = await c.query('select min(match_date) as at from tips');
    return rows[0].at.toISOString();
  });
}

/** How PostgreSQL runs the deep pages' queries: the index each walks and its execution time. */
async function deepPlan(url, cursorAt) {
  return withClient(url, async (c) => {
    const plans = {};
    for (const [name, text] of Object.entries(QUERIES)) {
      const { rows } = await c.query(`explain (analyze, format json) ${text}`, [
        cursorAt.date,
        cursorAt.id,
      ]);
      const plan = rows[0]['QUERY PLAN'][0];
      const nodes = JSON.stringify(plan.Plan);
      plans[name] = {
        executionMs: plan['Execution Time'],
        node: /"Node Type":"(Index[^"]*)"/.exec(nodes)?.[1] ?? 'sin índice',
        index: /"Index Name":"([^"]+)"/.exec(nodes)?.[1] ?? null,
      };
    }
    return plans;
  });
}

/** One round of `n` sequential requests (one client: each answer's own time, in ms). */
async function round(url, headers, n) {
  const times = [];
  for (let i = 0; i < n; i += 1) {
    const started = performance.now();
    const res = await fetch(url, { headers });
    await res.arrayBuffer();
    if (!res.ok) throw new Error(`${url} answered ${res.status}`);
    times.push(performance.now() - started);
  }
  return times;
}

function summary(times) {
  const sorted = [...times].sort((a, b) => a - b);
  const at = (q) => Math.round(sorted[Math.floor(q * (sorted.length - 1))] * 100) / 100;
  return { medianMs: at(0.5), p90Ms: at(0.9) };
}

/** Both sizes in alternating rounds, so that the shared machine's load, which moves from minute
 * to minute, weighs on both alike. */
async function interleaved(small, large) {
  await round(small.url, small.headers, 30);
  await round(large.url, large.headers, 30);
  const times = { small: [], large: [] };
  for (let i = 0; i < ROUNDS; i += 1) {
    times.small.push(...(await round(small.url, small.headers, SEQUENTIAL / ROUNDS)));
    times.large.push(...(await round(large.url, large.headers, SEQUENTIAL / ROUNDS)));
  }
  return { small: summary(times.small), large: summary(times.large) };
}

async function pagesOf(base, headers, url) {
  const get = async (query) => {
    const res = await fetch(`${base}/api/tips?management=true&${query}`, { headers });
    if (!res.ok) throw new Error(`${query} answered ${res.status}`);
    return res.json();
  };
  const from = await middleDate(url);
  const top = await get('order=match');
  const oldest = await oldestDate(url);
  const jump = await get(`from=${encodeURIComponent(from)}`);
  const deep = await get(`after=${jump.pagination.next}`);
  const last = deep.tips.at(-1);
  return {
    total: jump.pagination.total,
    plan: await deepPlan(url, { date: last.matchDate, id: last._id }),
    pages: [
      `order=match`,
      `from=${encodeURIComponent(from)}`,
      `after=${jump.pagination.next}`,
      `before=${deep.pagination.previous}`,
      `after=${top.pagination.next}`,
      `from=${encodeURIComponent(oldest)}`,
    ],
  };
}

const PAGE_NAMES = [
  'primera página',
  'salto a una fecha (mitad de la lista)',
  'Siguientes desde la mitad',
  'Anteriores desde la mitad',
  'Siguientes desde la primera (página 2)',
  'salto al final (el partido más antiguo)',
];

async function prepare(tips) {
  const name = `${DB_PREFIX}_${tips}`;
  const dbUrl = new URL(ADMIN_URL);
  dbUrl.pathname = `/${name}`;
  await withClient(ADMIN_URL, async (c) => {
    await c.query(`drop database if exists ${name} with (force)`);
    await c.query(`create database ${name}`);
  });
  const dataDir = mkdtempSync(path.join(tmpdir(), 'magotips-keyset-'));
  const env = {
    ...process.env,
    DATABASE_URL: dbUrl.toString(),
    DATA_DIR: dataDir,
    SEED_DEMO: 'true',
    READ_CACHE_TTL_MS: '0',
    LOG_LEVEL: 'warn',
  };
  console.log(`▸ ${tips} tips de bench…`);
  const seeded = seedBenchData(env, tips);
  console.log(`  carga ${seeded.insertMs} ms`);
  const server = await startProduct(env);
  const headers = await signIn(server.url, 'editor@example.com');
  const { total, plan, pages } = await pagesOf(server.url, headers, dbUrl.toString());
  console.log(`  ${total} tips en la lista`);
  for (const [query, p] of Object.entries(plan)) {
    console.log(`  plan ${query}: ${p.node} ${p.index ?? ''}, ${p.executionMs} ms`);
  }
  return {
    tips,
    total,
    plan,
    pages,
    headers,
    url: server.url,
    async stop() {
      await server.stop();
      rmSync(dataDir, { recursive: true, force: true });
      if (!process.env.BENCH_KEYSET_KEEP) {
        await withClient(ADMIN_URL, (c) => c.query(`drop database if exists ${name} with (force)`));
      }
    },
  };
}

async function main() {
  buildIfStale();
  const ceiling = await startCeiling();
  const sizes = [];
  try {
    sizes.push(await prepare(SMALL));
    sizes.push(await prepare(LARGE));
    const [small, large] = sizes;
    const rows = [];
    for (const [i, name] of PAGE_NAMES.entries()) {
      const target = (size) => ({
        url: `${size.url}/api/tips?management=true&${size.pages[i]}`,
        headers: size.headers,
      });
      const seq = await interleaved(target(small), target(large));
      const load = {};
      for (const [key, size] of [
        ['small', small],
        ['large', large],
      ]) {
        const c = await measure(`${ceiling.url}/`);
        const m = await measure(target(size).url, size.headers);
        load[key] = { rps: m.rps, p99: m.p99, ceilingRps: c.rps };
      }
      const row = {
        name,
        small: { ...seq.small, ...load.small },
        large: { ...seq.large, ...load.large },
        medianRatio: Math.round((seq.large.medianMs / seq.small.medianMs) * 100) / 100,
        p90Ratio: Math.round((seq.large.p90Ms / seq.small.p90Ms) * 100) / 100,
        rpsRatio: Math.round((load.small.rps / load.large.rps) * 100) / 100,
      };
      rows.push(row);
      console.log(
        `  ${name}: ${SMALL} → mediana ${row.small.medianMs} ms, p90 ${row.small.p90Ms} ms, ${row.small.rps} req/s (techo ${row.small.ceilingRps}); ` +
          `${LARGE} → mediana ${row.large.medianMs} ms, p90 ${row.large.p90Ms} ms, ${row.large.rps} req/s (techo ${row.large.ceilingRps})`,
      );
    }
    console.log(`\n▸ ${LARGE} frente a ${SMALL} (≤ ${LIMIT}x en la mediana)`);
    for (const r of rows) {
      console.log(
        `  ${r.medianRatio <= LIMIT ? 'OK   ' : 'FALLA'} ${r.name}: mediana ${r.medianRatio}x, p90 ${r.p90Ratio}x, req/s ${r.rpsRatio}x`,
      );
    }
    const out = path.join(root, 'bench/results');
    mkdirSync(out, { recursive: true });
    const result = {
      date: new Date().toISOString(),
      database: 'postgres',
      readCache: 'off',
      sizes: sizes.map(({ tips, total, plan }) => ({ tips, total, plan })),
      rows,
    };
    writeFileSync(path.join(out, 'editor-keyset.json'), JSON.stringify(result, null, 2));
    if (rows.some((r) => r.medianRatio > LIMIT)) process.exitCode = 1;
  } finally {
    for (const size of sizes) await size.stop();
    await ceiling.stop();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
