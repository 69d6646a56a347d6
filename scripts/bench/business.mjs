// Issue 33's done-when on PostgreSQL: the owner's business dashboard (GET /api/admin/business,
// decision 0117) answers in ≤ 300 ms p99 with 100,000 readers and 1,000,000 transactions
// (business-seed.mjs), for the last 30 days, 90 days, a year and the whole 24 months.
//
// The service keeps no cache (business.service.ts runs its ten or so queries on every request),
// so each request under load is the query work itself; each period's first answer after the load
// is reported too. Load: BUSINESS_CONNECTIONS (4) connections, not the public reads' 50: the
// dashboard is read by the owner and a few admins, and 50 of them at once on a 2-core machine
// measure the queue in front of the database, not the answer. The bare Fastify's ceiling is
// measured right before each period with the same connections, as the other reads quote it.
import { measure, signIn } from './load.mjs';
import { startProduct } from './processes.mjs';
import { BUSINESS_MONTHS, businessCounts, removeBusinessData, seedBusiness } from './business-seed.mjs';

export const BUSINESS_CONNECTIONS = Number(process.env.BENCH_BUSINESS_CONNECTIONS ?? 4);
export const BUSINESS_REQUESTS = Number(process.env.BENCH_BUSINESS_REQUESTS ?? 40);

const DAY = 86_400_000;
const isoDay = (ms) => new Date(ms).toISOString().slice(0, 10);

/** The periods measured, all ending today (UTC), both days included. */
function periods(now = Date.now()) {
  const today = Date.parse(`${isoDay(now)}T00:00:00Z`);
  const back = (days) => isoDay(today - (days - 1) * DAY);
  const start = new Date(today);
  start.setUTCMonth(start.getUTCMonth() - BUSINESS_MONTHS);
  return [
    ['últimos 30 días', back(30)],
    ['últimos 90 días', back(90)],
    ['un año', back(365)],
    [`${BUSINESS_MONTHS} meses`, isoDay(start.getTime())],
  ].map(([name, from]) => ({ name, path: `/api/admin/business?from=${from}&to=${isoDay(today)}` }));
}

/** One timed request, its body read to the end. */
async function timed(url, headers) {
  const started = performance.now();
  const res = await fetch(url, { headers });
  const body = await res.json();
  if (!res.ok) throw new Error(`${url} answered ${res.status}: ${JSON.stringify(body)}`);
  return { ms: Math.round(performance.now() - started), body };
}

/** Seeds (unless BENCH_BUSINESS_REUSE=1 finds the same data already there), measures every
 * period and, unless BENCH_BUSINESS_KEEP=1, removes the data: the other PostgreSQL steps of a
 * later run would otherwise read a hundred thousand readers they did not expect. */
export async function businessBench(env, ceiling) {
  console.log('\n▸ Negocio: 100 000 lectores y 1 000 000 de transacciones en PostgreSQL');
  // Started first: it brings the schema up to date (and the demo's admin in) before the seed.
  const product = await startProduct({ ...env, LOG_LEVEL: 'warn' });
  // A fixed number of requests (BUSINESS_REQUESTS per run, warm-up and measure), not a duration:
  // an answer of seconds would otherwise still be running in the database when the next run
  // starts, and a run of 10 s would end before any of its answers. autocannon's own 10 s timeout
  // would count a slow answer as an error with no latency: a slow dashboard shows its time.
  const load = { connections: BUSINESS_CONNECTIONS, amount: BUSINESS_REQUESTS, timeout: 300 };
  try {
    const before = await businessCounts(env.DATABASE_URL);
    let seed;
    if (process.env.BENCH_BUSINESS_REUSE === '1' && before.readers > 0) {
      seed = { ...before, reused: true };
      console.log(`  datos de una ejecución anterior: ${before.readers} lectores, ${before.transactions} transacciones`);
    } else {
      seed = await seedBusiness(env.DATABASE_URL);
      console.log(`  ${seed.readers} lectores y ${seed.transactions} transacciones en ${(seed.insertMs / 1000).toFixed(1)} s (+ ${(seed.analyzeMs / 1000).toFixed(1)} s de vacuum analyze; ${(seed.removedMs / 1000).toFixed(1)} s borrando la anterior)`);
    }
    const admin = await signIn(product.url, 'admin@example.com');
    const list = periods();
    const out = [];
    // Each period's first answer, in order, before any load: what one request costs alone.
    for (const p of list) {
      const first = await timed(`${product.url}${p.path}`, admin);
      p.firstMs = first.ms;
      p.active = first.body.activeSubscribers;
      console.log(`  primera respuesta ${p.name}: ${first.ms} ms (${first.body.activeSubscribers} suscriptores activos, MRR ${first.body.mrr} USD)`);
    }
    for (const p of list) {
      const c = await measure(`${ceiling.url}/`, {}, ceiling.pid, { connections: BUSINESS_CONNECTIONS });
      const m = await measure(`${product.url}${p.path}`, admin, product.pid, load);
      out.push({ ...p, ...m, ceilingRps: c.rps, ceilingCpuUs: c.cpuUsPerRequest });
      console.log(`  ${p.name} ${p.path}: ${m.requests} peticiones, ${m.rps} req/s (techo ${c.rps}), p50 ${m.p50} ms, p99 ${m.p99} ms`);
    }
    return { ...seed, connections: BUSINESS_CONNECTIONS, periods: out };
  } finally {
    await product.stop();
    if (process.env.BENCH_BUSINESS_KEEP !== '1') await removeBusinessData(env.DATABASE_URL);
  }
}
