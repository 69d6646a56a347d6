// Issue 15 on PostgreSQL: how long one tip's fan-out to 10,000 e-mail readers takes to reach a
// local SMTP sink, and the publish call's p99 while it runs against the same call with nothing
// to fan out. The load publishes VIP tips nobody may be alerted of (the readers only want free
// ones), so the only fan-out under way is the one measured.
import autocannon from 'autocannon';
import pg from 'pg';
import { SMTPServer } from 'smtp-server';
import { signIn } from './load.mjs';
import { startProduct } from './processes.mjs';

export const ALERT_READERS = Number(process.env.BENCH_ALERT_READERS ?? 10_000);
const PUBLISH_SECONDS = 5;
const PUBLISH_CONNECTIONS = 10;

export async function startSink() {
  let received = 0;
  const server = new SMTPServer({
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, _session, callback) {
      stream.on('data', () => undefined);
      stream.on('end', () => {
        received += 1;
        callback();
      });
    },
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `smtp://127.0.0.1:${server.server.address().port}`,
    received: () => received,
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}

export function tipBody(category, title) {
  return JSON.stringify({
    icon: 'football',
    title,
    matchDate: new Date(Date.now() + 48 * 3_600_000).toISOString(),
    analisis: 'Bench de avisos.',
    category,
    isPublished: true,
    pick: 'Gana el local',
    odds: 1.9,
    stake: 1,
  });
}

function publishLoad(url, headers) {
  return new Promise((resolve, reject) => {
    autocannon(
      {
        url: `${url}/api/tips`,
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/json' },
        body: tipBody('premium', 'Bench: publicación VIP'),
        connections: PUBLISH_CONNECTIONS,
        duration: PUBLISH_SECONDS,
      },
      (err, r) =>
        err
          ? reject(err)
          : resolve({ rps: Math.round(r.requests.average), p50: r.latency.p50, p99: r.latency.p99, non2xx: r.non2xx, errors: r.errors + r.timeouts }),
    );
  });
}

export async function sql(databaseUrl, text, params = []) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    return (await client.query(text, params)).rows;
  } finally {
    await client.end();
  }
}

/** Ends what a fan-out left unsent (a bench run stopped, or a match day past its deadline): the
 * next server started on this database would otherwise send it while other figures are taken. */
export async function endLeftoverFanOuts(databaseUrl) {
  await sql(databaseUrl, "update jobs set state = 'dead', last_error = 'bench: envío abandonado' where kind like 'alerts.%' and state in ('queued', 'running')");
  await sql(databaseUrl, "update alert_deliveries set state = 'dead', last_error = 'bench: envío abandonado' where state in ('queued', 'sending')");
}

/** Runs on `env`'s PostgreSQL (already seeded by the reads' bench). */
export async function alertsBench(env) {
  const run = Date.now().toString(36);
  const sink = await startSink();
  // Started first: it brings the schema up to date before the readers are written.
  const product = await startProduct({ ...env, SMTP_URL: sink.url, MAIL_FROM: 'MagoTips <avisos@magotips.bench>', LOG_LEVEL: 'warn' });
  // Only this run's readers want free alerts: earlier runs' and the demo's are switched off.
  await sql(env.DATABASE_URL, 'update alert_preferences set email_free = false, email_vip = false, push_free = false, push_vip = false');
  await sql(
    env.DATABASE_URL,
    `with made as (
       insert into users (first_name, last_name, email, date_of_birth, email_verified_at)
       select 'Lector', 'Bench', 'bench-aviso-' || g || '-' || $1 || '@example.com', '1990-01-01', now()
       from generate_series(1, $2::int) g returning id)
     insert into alert_preferences (user_id, email_free, news_consent_at) select id, true, now() from made`,
    [run, ALERT_READERS],
  );
  try {
    const editor = await signIn(product.url, 'editor@example.com');
    console.log('▸ Avisos: publicar sin nada que avisar');
    const idle = await publishLoad(product.url, editor);
    console.log(`  publicar: p50 ${idle.p50} ms, p99 ${idle.p99} ms (${idle.rps} req/s)`);

    const started = Date.now();
    const res = await fetch(`${product.url}/api/tips`, {
      method: 'POST',
      headers: { ...editor, 'content-type': 'application/json' },
      body: tipBody('free', `Bench ${run}: aviso a ${ALERT_READERS} lectores`),
    });
    if (res.status !== 201) throw new Error(`publish answered ${res.status}`);
    const tipId = (await res.json()).tip._id;
    console.log(`▸ Avisos: ${ALERT_READERS} e-mails en cola; publicar mientras salen`);
    const busy = await publishLoad(product.url, editor);
    console.log(`  publicar: p50 ${busy.p50} ms, p99 ${busy.p99} ms (${busy.rps} req/s)`);

    const deadline = started + 10 * 60_000;
    let sent = 0;
    for (;;) {
      const [row] = await sql(env.DATABASE_URL, "select count(*)::int as n from alert_deliveries where tip_id = $1 and state = 'sent'", [tipId]);
      sent = row.n;
      if (sent >= ALERT_READERS && sink.received() >= ALERT_READERS) break;
      if (Date.now() > deadline) break;
      await new Promise((r) => setTimeout(r, 200));
    }
    const fanOutMs = Date.now() - started;
    const [dead] = await sql(env.DATABASE_URL, "select count(*)::int as n from alert_deliveries where tip_id = $1 and state in ('failed', 'dead')", [tipId]);
    console.log(`  ${sent} enviados, ${sink.received()} recibidos por el SMTP local en ${(fanOutMs / 1000).toFixed(1)} s`);
    return { readers: ALERT_READERS, sent, received: sink.received(), failed: dead.n, fanOutMs, idle, busy };
  } finally {
    await product.stop();
    await sink.close();
  }
}
