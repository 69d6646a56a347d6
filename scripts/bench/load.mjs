// autocannon runs and the sessions the authenticated reads are made with.
import { request } from 'node:http';
import autocannon from 'autocannon';

export const CONNECTIONS = 50;
export const DURATION = Number(process.env.BENCH_SECONDS ?? 10);
// A short unmeasured run first: JIT, connection pools and caches warm up as in a live server.
const WARMUP_SECONDS = Math.min(2, DURATION);

function run(url, headers, duration) {
  return new Promise((resolve, reject) => {
    autocannon({ url, headers, connections: CONNECTIONS, duration }, (err, r) => (err ? reject(err) : resolve(r)));
  });
}

/** req/s, p50 and p99 of `url`; a run with any non-2xx answer or error is flagged, never
 * silently counted as throughput. */
export async function measure(url, headers = {}) {
  const probe = await fetch(url, { headers });
  if (!probe.ok) throw new Error(`${url} answered ${probe.status} before the load`);
  await run(url, headers, WARMUP_SECONDS);
  const r = await run(url, headers, DURATION);
  return {
    rps: Math.round(r.requests.average),
    p50: r.latency.p50,
    p99: r.latency.p99,
    non2xx: r.non2xx,
    errors: r.errors + r.timeouts,
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

/** The raw answer to one GET with `headers` (autocannon's request: no accept-encoding), as the
 * bytes left the server: status, headers and body, nothing decoded. */
export function captureResponse(url, headers = {}) {
  return new Promise((resolve, reject) => {
    const req = request(url, { headers }, (res) => {
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
  for (const { url, headers } of targets) await run(url, headers ?? {}, seconds);
}
