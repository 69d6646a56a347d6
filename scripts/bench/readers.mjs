// Issue 28 item 6: signed-in reads as a crowd makes them, and without the read cache.
// - "readers": 1,000 real signed-in readers (apps/api/src/cli/bench-readers.ts: half free users,
//   half subscribers, each with a session and its token), every request carrying the next
//   reader's token, so the server checks a thousand sessions and accounts rather than one; read
//   cache on, as in production
// - "cache-off": the product started again with READ_CACHE_TTL_MS=0, the same signed-in reads by
//   one reader (the demo accounts, as the main bench) and by the 1,000, and the track record:
//   every request does its queries
// Each figure is given beside the bare Fastify hello measured right before it.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { root } from '../build-steps.mjs';
import { endLeftoverFanOuts } from './alerts.mjs';
import { oneTipPath } from './management.mjs';
import { measure, signIn, warmUp } from './load.mjs';
import { seedBenchData, startProduct } from './processes.mjs';

export const DISTINCT_READERS = Number(process.env.BENCH_DISTINCT_READERS ?? 1000);

/** Readers made (or reused) and signed in by bench-readers.ts on `env`'s database, which must
 * not be open elsewhere on PGlite: { free, subscribers } tokens, and the CLI's summary. */
export function seedReaders(env, { kind, count, signed = count }) {
  const dir = mkdtempSync(path.join(tmpdir(), 'magotips-readers-'));
  const out = path.join(dir, 'tokens.json');
  try {
    const res = spawnSync(process.execPath, ['--import', 'tsx', path.join(root, 'apps/api/src/cli/bench-readers.ts')], {
      cwd: root,
      env: {
        ...env,
        BENCH_READERS: String(count),
        BENCH_READERS_KIND: kind,
        BENCH_READERS_SIGNED: String(signed),
        BENCH_READERS_OUT: out,
      },
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    if (res.status !== 0) throw new Error('bench-readers failed');
    const summary = JSON.parse(res.stdout.trim().split('\n').at(-1));
    console.log(`  ${summary.readers} lectores (${kind}), ${summary.signed} con sesión, en ${summary.ms} ms`);
    return { ...JSON.parse(readFileSync(out, 'utf8')), summary };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export const bearer = (token) => ({ authorization: `Bearer ${token}` });

/** autocannon options that give each request the next reader's token, round the list: every
 * connection's requests go to a different reader each time (autocannon's `setupRequest`, which
 * gets a fresh copy of the headers for every request it builds). */
export function rotating(tokens) {
  let next = 0;
  return {
    requests: [
      {
        setupRequest(req) {
          req.headers.authorization = `Bearer ${tokens[next % tokens.length]}`;
          next += 1;
          return req;
        },
      },
    ],
  };
}

/** One figure: the hello first, then the read, by one reader (`tokens` of one) or many. */
async function measureRead(ceiling, product, [name, p, who], base) {
  const c = await measure(`${ceiling.url}/`, {}, ceiling.pid);
  const url = `${product.url}${p}`;
  const m = Array.isArray(who)
    ? await measure(url, bearer(who[0]), product.pid, rotating(who))
    : await measure(url, who ?? {}, product.pid);
  const count = Array.isArray(who) ? who.length : who ? 1 : 0;
  const cpu = m.cpuUsPerRequest ? `; CPU ${m.cpuUsPerRequest} µs/pet. (techo ${c.cpuUsPerRequest})` : '';
  console.log(`  ${name} ${p} (${count || 'sin'} lector${count === 1 ? '' : 'es'}): ${m.rps} req/s (techo ${c.rps}, ${Math.round((m.rps / c.rps) * 100)} %), p50 ${m.p50} ms, p99 ${m.p99} ms${cpu}`);
  return { name, path: p, readers: count, ...m, ceilingRps: c.rps, ceilingCpuUs: c.cpuUsPerRequest, ...base };
}

/** The three signed-in reads, each by the readers it is meant for: [name, path, tokens]. */
async function distinctReads(url, tokens) {
  const tip = await oneTipPath(url, bearer(tokens.subscribers[0]));
  return [
    ['tips-gratis (usuarios)', '/api/packs/tips-gratis', tokens.free],
    ['tips-vips (suscriptores)', '/api/packs/tips-vips', tokens.subscribers],
    ['un tip VIP por id (suscriptores)', tip, tokens.subscribers],
  ];
}

/** The same reads by the demo's one free user and one subscriber (the main bench's callers). */
async function singleReads(url, tipPath) {
  const user = await signIn(url, 'usuario@example.com');
  const vip = await signIn(url, 'vip@example.com');
  return [
    ['tips-gratis (usuario)', '/api/packs/tips-gratis', user],
    ['tips-vips (suscriptor)', '/api/packs/tips-vips', vip],
    ['un tip VIP por id (suscriptor)', tipPath, vip],
  ];
}

async function withServer(env, work) {
  const server = await startProduct(env);
  try {
    return await work(server);
  } finally {
    await server.stop();
  }
}

const warmTargets = (url, reads) =>
  reads.map(([, p, who]) => ({
    url: `${url}${p}`,
    headers: Array.isArray(who) ? bearer(who[0]) : (who ?? {}),
    options: Array.isArray(who) ? rotating(who) : {},
  }));

/** The "readers" and "cache-off" steps (`steps`) on one database, at `tips` bench tips, with the
 * hello server `ceiling` ({ url, pid }) kept running by the caller. Returns report rows. */
export async function readerSteps({ database, env, tips, ceiling, steps }) {
  console.log(`\n▸ Lectores distintos sobre ${database}: ${steps.join(', ')}`);
  seedBenchData(env, tips);
  // An earlier run's unfinished fan-out would be sent by these servers, while they are measured.
  if (env.DATABASE_URL) await endLeftoverFanOuts(env.DATABASE_URL);
  const rows = [];
  const row = (step) => ({ database, step, tips });
  if (steps.includes('readers')) {
    // Signed in right before the server starts: a token lives 15 minutes.
    const tokens = seedReaders(env, { kind: 'mixed', count: DISTINCT_READERS });
    await withServer(env, async (product) => {
      const reads = await distinctReads(product.url, tokens);
      await warmUp(warmTargets(product.url, reads));
      for (const read of reads) rows.push(await measureRead(ceiling, product, read, row('readers')));
    });
  }
  if (steps.includes('cache-off')) {
    const tokens = seedReaders(env, { kind: 'mixed', count: DISTINCT_READERS });
    await withServer({ ...env, READ_CACHE_TTL_MS: '0' }, async (product) => {
      const distinct = await distinctReads(product.url, tokens);
      const reads = [
        ...(await singleReads(product.url, distinct[2][1])),
        ...distinct,
        ['historial', '/api/track-record', null],
      ];
      await warmUp(warmTargets(product.url, reads));
      for (const read of reads) rows.push(await measureRead(ceiling, product, read, row('cache-off')));
    });
  }
  return rows;
}
