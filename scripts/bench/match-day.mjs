// Issue 28 item 6, match day, on PostgreSQL: one free tip published to 10,000 readers who want
// e-mail alerts (BENCH_ALERT_READERS), and while that fan-out runs, 1,000 of those same readers
// (real sessions and tokens, apps/api/src/cli/bench-readers.ts) open the tip at 50 connections,
// each request as the next reader. Reported: every e-mail handed to a local SMTP sink within
// 60 s, and the tip read's p99. With BENCH_MATCH_DAY_100K=1 also a 100,000-reader fan-out whose
// e-mails must all arrive within 5 minutes (long: off by default).
import autocannon from 'autocannon';
import { ALERT_READERS, endLeftoverFanOuts, sql, startSink, tipBody } from './alerts.mjs';
import { BROWSER_HEADERS, CONNECTIONS, DURATION, signIn, warmUp } from './load.mjs';
import { startProduct } from './processes.mjs';
import { bearer, DISTINCT_READERS, rotating, seedReaders } from './readers.mjs';

// Publish → last e-mail handed to the sink: issue 28's targets.
const LIMIT_MS = 60_000;
const LIMIT_100K_MS = 5 * 60_000;

/** The tip read, measured at once (no warm-up of its own: the fan-out is already under way). */
function readLoad(url, tokens) {
  return new Promise((resolve, reject) => {
    autocannon(
      {
        url,
        headers: { ...BROWSER_HEADERS, ...bearer(tokens[0]) },
        connections: CONNECTIONS,
        duration: DURATION,
        ...rotating(tokens),
      },
      (err, r) =>
        err
          ? reject(err)
          : resolve({ rps: Math.round(r.requests.average), p50: r.latency.p50, p99: r.latency.p99, non2xx: r.non2xx, errors: r.errors + r.timeouts }),
    );
  });
}

async function delivered(databaseUrl, tipId) {
  const [row] = await sql(
    databaseUrl,
    `select count(*) filter (where state = 'sent')::int as sent,
            count(*) filter (where state in ('failed', 'dead'))::int as failed
     from alert_deliveries where tip_id = $1`,
    [tipId],
  );
  return row;
}

/** One match day with `readers` opted-in readers; `limitMs` is the target for the last e-mail. */
async function matchDay(env, readers, limitMs) {
  console.log(`\n▸ Día de partido: ${readers} lectores con avisos por e-mail, ${DISTINCT_READERS} de ellos leen el tip`);
  const sink = await startSink();
  // Started first: it brings the schema up to date (and the demo in) before the readers are written.
  const product = await startProduct({ ...env, SMTP_URL: sink.url, MAIL_FROM: 'MagoTips <avisos@magotips.bench>', LOG_LEVEL: 'warn' });
  try {
    // Only this run's readers want alerts: earlier runs' (alerts.mjs) and the demo's are off.
    await sql(env.DATABASE_URL, 'update alert_preferences set email_free = false, email_vip = false, push_free = false, push_vip = false');
    const tokens = seedReaders(env, { kind: 'alerts', count: readers, signed: Math.min(readers, DISTINCT_READERS) }).free;
    const editor = await signIn(product.url, 'editor@example.com');
    // The readers' sessions and accounts checked once, as they would be from earlier visits.
    await warmUp([{ url: `${product.url}/api/packs/tips-gratis`, headers: bearer(tokens[0]), options: rotating(tokens) }], 2);

    const started = Date.now();
    const res = await fetch(`${product.url}/api/tips`, {
      method: 'POST',
      headers: { ...editor, 'content-type': 'application/json' },
      body: tipBody('free', `Bench día de partido ${started.toString(36)}: ${readers} lectores`),
    });
    if (res.status !== 201) throw new Error(`publish answered ${res.status}`);
    const tipId = (await res.json()).tip._id;
    const tipUrl = `${product.url}/api/tips/${tipId}`;
    const probe = await fetch(tipUrl, { headers: bearer(tokens[0]) });
    if (!probe.ok) throw new Error(`${tipUrl} answered ${probe.status} to a reader`);
    const readFromMs = Date.now() - started;
    const read = await readLoad(tipUrl, tokens);
    const readToMs = Date.now() - started;
    console.log(`  el tip leído por ${tokens.length} lectores de ${(readFromMs / 1000).toFixed(1)} s a ${(readToMs / 1000).toFixed(1)} s: ${read.rps} req/s, p50 ${read.p50} ms, p99 ${read.p99} ms`);

    // Waited for well past the target (10 minutes, as alerts.mjs waits, or twice the target), so
    // that a late run still reports how late.
    const deadline = started + Math.max(2 * limitMs, 10 * 60_000);
    let counts = { sent: 0, failed: 0 };
    let sentAtMs = null;
    for (;;) {
      counts = await delivered(env.DATABASE_URL, tipId);
      if (counts.sent >= readers && sink.received() >= readers) break;
      if (Date.now() > deadline) break;
      await new Promise((r) => setTimeout(r, 200));
    }
    if (counts.sent >= readers && sink.received() >= readers) sentAtMs = Date.now() - started;
    const fanOutMs = sentAtMs ?? Date.now() - started;
    const fanOutRunning = readToMs < fanOutMs;
    console.log(`  ${counts.sent} enviados, ${sink.received()} recibidos por el SMTP local en ${(fanOutMs / 1000).toFixed(1)} s${fanOutRunning ? '' : ' (el envío acabó antes que la lectura)'}`);
    return { readers, limitMs, sent: counts.sent, received: sink.received(), failed: counts.failed, fanOutMs, complete: sentAtMs !== null, readFromMs, readToMs, fanOutRunning, tokens: tokens.length, read };
  } finally {
    await product.stop();
    await sink.close();
    await endLeftoverFanOuts(env.DATABASE_URL);
  }
}

/** 10,000 readers, then 100,000 when BENCH_MATCH_DAY_100K=1. */
export async function matchDayBench(env) {
  const runs = [await matchDay(env, ALERT_READERS, LIMIT_MS)];
  if (process.env.BENCH_MATCH_DAY_100K === '1') runs.push(await matchDay(env, 100_000, LIMIT_100K_MS));
  return runs;
}
