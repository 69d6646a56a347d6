// autocannon runs and the sessions the authenticated reads are made with.
import { readFileSync } from 'node:fs';
import { request } from 'node:http';
import autocannon from 'autocannon';

export const CONNECTIONS = 50;
export const DURATION = Number(process.env.BENCH_SECONDS ?? 10);
// A short unmeasured run first: JIT, connection pools and caches warm up as in a live server.
const WARMUP_SECONDS = Math.min(2, DURATION);

/** What Chromium sends with every request, asked of every read: a browser never takes an
 * uncompressed page or JSON, and the visitor's `/` is 17 KB raw but 3.4 KB in Brotli since it
 * carries the landing (decision 0061). The ceiling's hello is below the 1 KB compression
 * threshold. */
export const BROWSER_HEADERS = { 'accept-encoding': 'gzip, deflate, br, zstd' };

/** `options`: more of autocannon's own (the distinct readers' `requests`, readers.mjs). */
function run(url, headers, duration, options = {}) {
  return new Promise((resolve, reject) => {
    autocannon(
      { url, headers: { ...BROWSER_HEADERS, ...headers }, connections: CONNECTIONS, duration, ...options },
      (err, r) => (err ? reject(err) : resolve(r)),
    );
  });
}

// Linux counts a process's CPU time in clock ticks of 10 ms (USER_HZ 100).
const TICK_US = 10_000;

/** CPU time (user + system) the process `pid` has used so far, in µs; null off Linux. */
export function cpuUs(pid) {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(fields[11]) + Number(fields[12])) * TICK_US;
  } catch {
    return null;
  }
}

/** req/s, p50 and p99 of `url`; a run with any non-2xx answer or error is flagged, never
 * silently counted as throughput. With `pid` (the server's process), also the server's CPU time
 * per request, reported beside req/s but not a verdict: it too moves with the machine's load (2x
 * on a busy machine, matching standalone runs on a quiet one: decisions 0060, 0062). */
export async function measure(url, headers = {}, pid = null, options = {}) {
  const probe = await fetch(url, { headers });
  if (!probe.ok) throw new Error(`${url} answered ${probe.status} before the load`);
  await run(url, headers, WARMUP_SECONDS, options);
  const before = pid ? cpuUs(pid) : null;
  const r = await run(url, headers, DURATION, options);
  const after = pid ? cpuUs(pid) : null;
  return {
    rps: Math.round(r.requests.average),
    // Whole requests over the run's seconds: a read of seconds has an rps that rounds to 0.
    requests: r.requests.total,
    p50: r.latency.p50,
    p99: r.latency.p99,
    non2xx: r.non2xx,
    errors: r.errors + r.timeouts,
    ...(before !== null && after !== null && r.requests.total > 0
      ? { cpuUsPerRequest: Math.round(((after - before) / r.requests.total) * 10) / 10 }
      : {}),
  };
}

/** Signs a demo account in through the product's own login route. */
export async function signIn(baseUrl, email) {
  const res = await fetch(`${baseUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: 'demo1234' }),
  });
  const body = await res.json();
  if (!res.ok || typeof body.token !== 'string') throw new Error(`login ${email}: ${res.status} ${JSON.stringify(body)}`);
  return { authorization: `Bearer ${body.token}` };
}

// Set by Node or by Fastify for each answer, not part of what the product chose to send.
const HOP_HEADERS = new Set(['date', 'connection', 'keep-alive', 'content-length', 'transfer-encoding']);

/** The raw answer to one GET with `headers` (and BROWSER_HEADERS, as autocannon asks), as the
 * bytes left the server: status, headers and body, nothing decoded. */
export function captureResponse(url, headers = {}) {
  return new Promise((resolve, reject) => {
    const req = request(url, { headers: { ...BROWSER_HEADERS, ...headers } }, (res) => {
      const chunks = [];
      res.on('data', (c) => chunks.push(c));
      res.on('end', () => {
        const kept = Object.fromEntries(
          Object.entries(res.headers).filter(([name]) => !HOP_HEADERS.has(name)),
        );
        resolve({ statusCode: res.statusCode, headers: kept, body: Buffer.concat(chunks) });
      });
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

/** Runs every url for `seconds` each, unmeasured: a freshly started server serves its first
 * measured read with the same warm code and caches as its last. */
export async function warmUp(targets, seconds = 1) {
  for (const { url, headers, options } of targets) await run(url, headers ?? {}, seconds, options);
}
