import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { advisoryWaiters, holdAdvisoryLock, MIGRATION_LOCK_KEY } from './advisory-locks';
import { type InstanceInfo, READ_CACHE_TTL_MS } from './context';
import {
  freePort,
  type Instance,
  isRunning,
  repoRoot,
  startInstance,
  stopInstance,
  waitHealthy,
} from './instances';
import { until } from './poll';
import {
  createScratchDatabase,
  dropScratchDatabase,
  flushRedis,
  REDIS_URL,
} from './scratch-stores';

// Short enough that a test sees several rounds of both instances within seconds.
const PAYMENT_JOB_INTERVAL_MS = 1_000;
// The public address behind the (absent) load balancer: links in e-mails and checkout URLs
// point here; tests send each path to the instance they choose, as the balancer would.
const APP_URL = 'http://magotips-scale-out.invalid';

/**
 * Builds the product if stale, then starts two instances of the built server at the same time on
 * one fresh PostgreSQL database and one Redis database, with the same configuration. Both are
 * held at the migration lock until both wait there, so they race for an empty schema.
 * Teardown stops whatever still runs, drops the database and empties Redis.
 */
export default async function setup(project: TestProject) {
  const build = spawnSync(process.execPath, [path.join(repoRoot, 'scripts/build.mjs')], {
    stdio: 'inherit',
  });
  if (build.status !== 0) throw new Error('La compilación falló');

  const workDir = mkdtempSync(path.join(tmpdir(), 'magotips-scale-'));
  console.log(`▸ Escalado: registros y DATA_DIR de las instancias en ${workDir}`);
  const undo: (() => Promise<void>)[] = [];
  const cleanUp = async () => {
    for (const step of undo.reverse()) {
      await step().catch((err: unknown) => console.error('✖ limpieza del escalado:', err));
    }
    undo.length = 0;
    // Kept on request, to read the instances' logs after a failure.
    if (process.env.SCALE_OUT_KEEP_LOGS) console.log(`▸ Registros conservados en ${workDir}`);
    else rmSync(workDir, { recursive: true, force: true });
  };

  try {
    await flushRedis();
    undo.push(() => flushRedis());
    const database = await createScratchDatabase();
    undo.push(() => dropScratchDatabase(database.name));

    const gate = await holdAdvisoryLock(database.url, MIGRATION_LOCK_KEY);
    undo.push(() => gate.release());

    const shared: NodeJS.ProcessEnv = {
      ...process.env,
      // Development, as the browser journeys run: production refuses the demo seed, which
      // test 01 checks is loaded once. Every variable the server reads is set here, so that
      // nothing from the caller's shell differs between the two.
      NODE_ENV: 'development',
      HOST: '127.0.0.1',
      APP_URL,
      DATABASE_URL: database.url,
      REDIS_URL,
      JWT_SECRET: randomBytes(48).toString('base64url'),
      // One deployment, one ledger key: both instances append to one signed chain.
      LEDGER_PRIVATE_KEY: randomBytes(32).toString('base64url'),
      SEED_DEMO: 'true',
      SMTP_URL: '',
      MAIL_FROM: 'MagoTips <no-reply@magotips.com>',
      STRIPE_SECRET_KEY: '',
      STRIPE_WEBHOOK_SECRET: '',
      STRIPE_API_URL: '',
      SIMULATED_PAYMENTS: 'true',
      GOOGLE_CLIENT_ID: '',
      GOOGLE_CLIENT_SECRET: '',
      GOOGLE_ISSUER: '',
      GOOGLE_PEOPLE_API_URL: '',
      // Behind one load balancer: tests give each scenario its own client address.
      TRUST_PROXY: '1',
      PAYMENT_JOB_INTERVAL_MS: String(PAYMENT_JOB_INTERVAL_MS),
      // The default, spelled out: test 03 checks another instance's change shows within it.
      READ_CACHE_TTL_MS: String(READ_CACHE_TTL_MS),
      // Debug shows the payment job's lock attempts.
      LOG_LEVEL: 'debug',
      // A killed instance's jobs are taken over within seconds, not the default two minutes
      // (test 07 kills one in the middle of an alert fan-out).
      JOB_LEASE_MS: '3000',
      WEB_DIST_DIR: '',
    };
    const names = ['A', 'B'] as const;
    const ports = [await freePort(), await freePort()];
    const envOf = (name: 'A' | 'B') => ({
      ...shared,
      DATA_DIR: path.join(workDir, `data-${name.toLowerCase()}`),
    });
    // Started back to back, no await between them.
    const instances: Instance[] = names.map((name, i) =>
      startInstance(
        envOf(name),
        ports[i] ?? 0,
        path.join(workDir, `instance-${name.toLowerCase()}.log`),
      ),
    );
    undo.push(async () => {
      await Promise.all(instances.map((instance) => stopInstance(instance)));
    });

    await until(
      `las dos instancias esperando el cerrojo de migraciones (${MIGRATION_LOCK_KEY})`,
      async () => {
        const dead = instances.find((instance) => !isRunning(instance.child));
        if (dead) throw new Error(`Una instancia terminó al arrancar; ver ${dead.logFile}`);
        return (await advisoryWaiters(database.url, MIGRATION_LOCK_KEY)) === 2;
      },
      { timeoutMs: 60_000 },
    );
    await gate.release();
    await Promise.all(instances.map((instance) => waitHealthy(instance)));

    const info = instances.map((instance, i): InstanceInfo => {
      const name = names[i] ?? 'A';
      const pid = instance.child.pid;
      if (pid === undefined) throw new Error(`La instancia ${name} no tiene pid`);
      return {
        name,
        url: instance.url,
        pid,
        logFile: instance.logFile,
        dataDir: path.join(workDir, `data-${name.toLowerCase()}`),
        port: ports[i] ?? 0,
        // Strings only (the provided context is serialised): what a restart needs.
        env: Object.fromEntries(
          Object.entries(envOf(name)).filter((e): e is [string, string] => e[1] !== undefined),
        ),
      };
    });
    const [a, b] = info;
    if (!a || !b) throw new Error('faltan instancias');
    project.provide('scaleOut', {
      instances: [a, b],
      databaseUrl: database.url,
      redisUrl: REDIS_URL,
      appUrl: APP_URL,
      paymentJobIntervalMs: PAYMENT_JOB_INTERVAL_MS,
    });
  } catch (err) {
    await cleanUp();
    throw err;
  }
  return cleanUp;
}
