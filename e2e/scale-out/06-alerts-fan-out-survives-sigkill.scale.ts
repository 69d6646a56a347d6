import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { ZAuthResponse } from '@magotips/contracts/auth';
import { afterAll, describe, expect, it } from 'vitest';
import { type InstanceInfo, scaleOut } from './context';
import { answers, call, randomIp } from './http';
import { type Instance, startInstance, stopInstance, waitHealthy } from './instances';
import { until } from './poll';
import { count, query } from './sql';

// Issue 15: the fan-out of one tip to 2,000 readers runs on both instances; one is SIGKILLed
// in the middle and started again; every reader gets exactly one e-mail. Test 05 killed A for
// good, so A is started again here first; both restarted processes are stopped at the end.

const READERS = 2_000;
const RUN = Date.now().toString(36);
const TITLE = `Fanout ${RUN}: Rayo vs. Elche`;

/** Starts a killed instance again, same port, data dir and environment. */
async function restart(info: InstanceInfo): Promise<Instance> {
  const instance = startInstance(info.env, info.port, info.logFile);
  await waitHealthy(instance);
  return instance;
}

/** Every alert e-mail of this run's tip in an instance's outbox, by file: the outbox names a
 * file after the message's Message-ID (`alert-{deliveryId}`), as a mail provider keys it. */
function alertMessages(dataDir: string): { file: string; to: string }[] {
  const dir = path.join(dataDir, 'outbox');
  let files: string[] = [];
  try {
    files = readdirSync(dir).filter((f) => f.endsWith('.eml'));
  } catch {
    return [];
  }
  const out: { file: string; to: string }[] = [];
  for (const file of files) {
    const raw = readFileSync(path.join(dir, file), 'utf8');
    const head = (raw.split(/\r?\n\r?\n/)[0] ?? '').replace(/\r?\n[ \t]+/g, ' ');
    if (!head.includes(RUN)) continue;
    const to = /^To: (.*)$/im.exec(head)?.[1]?.trim() ?? '';
    out.push({ file, to: to.replace(/^.*<|>.*$/g, '') });
  }
  return out;
}

describe('an alert fan-out while an instance dies', () => {
  const { a, b, databaseUrl } = scaleOut();
  const started: Instance[] = [];
  afterAll(async () => {
    await Promise.all(started.map((instance) => stopInstance(instance)));
  });

  it(`reaches each of ${READERS} readers exactly once after B is SIGKILLed mid-way and started again`, async () => {
    if (!(await answers(a))) started.push(await restart(a));

    // The readers: verified, with free e-mail alerts on (as the sign-up consent leaves them).
    await query(
      databaseUrl,
      `with made as (
         insert into users (first_name, last_name, email, date_of_birth, email_verified_at)
         select 'Lector', 'Fan', 'fan-' || g || '-' || $1 || '@example.com', '1990-01-01', now()
         from generate_series(1, $2::int) g
         returning id)
       insert into alert_preferences (user_id, email_free, news_consent_at)
       select id, true, now() from made`,
      [RUN, READERS],
    );
    const expected = await count(
      databaseUrl,
      `select u.email from users u join alert_preferences p on p.user_id = u.id
       where p.email_free and u.email_verified_at is not null`,
    );
    expect(expected).toBeGreaterThanOrEqual(READERS);

    const ip = randomIp();
    const login = await call(a, 'POST', '/api/auth/login', {
      ip,
      json: { email: 'editor@example.com', password: 'demo1234' },
    });
    expect(login.status).toBe(200);
    const { token } = ZAuthResponse.parse(login.body);
    const created = await call(a, 'POST', '/api/tips', {
      ip,
      token,
      json: {
        icon: 'football',
        title: TITLE,
        matchDate: new Date(Date.now() + 6 * 3_600_000).toISOString(),
        analisis: 'Los dos llegan en racha.',
        category: 'free',
        isPublished: true,
        pick: 'Más de 2,5 goles',
        odds: 1.9,
        stake: 2,
      },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const tipId = (created.body as { tip: { _id: string } }).tip._id;
    const sent = () =>
      count(
        databaseUrl,
        `select 1 from alert_deliveries where tip_id = $1 and channel = 'email' and state = 'sent'`,
        [tipId],
      );

    // Mid-way: some sent, most not.
    await until('the fan-out to be under way', async () => (await sent()) >= 100, {
      timeoutMs: 60_000,
      everyMs: 20,
    });
    process.kill(b.pid, 'SIGKILL');
    const atKill = await sent();
    expect(atKill).toBeLessThan(expected);
    await until('B to stop answering', async () => !(await answers(b)));
    started.push(await restart(b));

    await until(
      `all ${expected} alerts sent`,
      async () => (await sent()) === expected,
      { timeoutMs: 120_000, everyMs: 250 },
    );
    expect(
      await count(databaseUrl, `select 1 from alert_deliveries where tip_id = $1 and channel = 'email'`, [
        tipId,
      ]),
    ).toBe(expected);
    expect(await count(databaseUrl, `select 1 from jobs where state = 'dead'`)).toBe(0);

    // Every reader of this run has exactly one e-mail in the two instances' outboxes together,
    // counted as their mailbox counts it: by Message-ID. A message B handed over in the instant
    // before it died, without recording it, is handed over again by A with the same Message-ID,
    // which the receiving provider drops (decision 0042: no send and database write are one act).
    // A second fan-out or delivery row would be a new Message-ID, and fail here.
    const handedOver = [...alertMessages(a.dataDir), ...alertMessages(b.dataDir)];
    const messages = new Map(handedOver.map((m) => [m.file, m.to]));
    const perReader = new Map<string, number>();
    for (const to of messages.values()) perReader.set(to, (perReader.get(to) ?? 0) + 1);
    const ours = [...perReader.entries()].filter(([to]) => to.startsWith('fan-'));
    expect(ours).toHaveLength(READERS);
    expect(ours.filter(([, n]) => n !== 1)).toEqual([]);
    expect(messages.size).toBe(expected);
    // Handed over twice: only what was in flight on B when it died (10 jobs at a time).
    const repeats = handedOver.length - messages.size;
    expect(repeats).toBeLessThanOrEqual(10);
    console.log(
      `  fan-out: ${atKill} de ${expected} enviados cuando B murió; ${messages.size} e-mails al final` +
        ` (${repeats} entregados de nuevo con el mismo Message-ID)`,
    );
  });
});
