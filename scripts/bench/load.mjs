// autocannon runs and the sessions the authenticated reads are made with.
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
