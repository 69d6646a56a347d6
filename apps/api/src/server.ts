import nodeModule from 'node:module';
import { ConfigError, loadConfig } from './config/config';
import { openDatabase } from './db/open-database';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, seedDemo } from './seed/demo-seed';
import { defaultWebDistDir } from './lib/paths';
import { importLedgerHistory } from './modules/ledger/ledger-import';
import { loadLedgerKey } from './modules/ledger/ledger-key';
import { type PaymentJobs, startPaymentJobs } from './modules/payments/payment-jobs';

/** Node ≥ 22.1 keeps V8's compiled code of the modules loaded from here on (the app's chunk, the
 * database driver) on disk and reuses it on the next start; Node 20 has no such call and skips it
 * (issue 28 item 7). Its types are Node 20's, hence the optional lookup. */
const compileCache = nodeModule as { enableCompileCache?: () => unknown };
compileCache.enableCompileCache?.();

async function main() {
  let config;
  try {
    config = loadConfig(process.env, { webDistDir: defaultWebDistDir() });
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(`✖ ${err.message}`);
      process.exit(1);
    }
    throw err;
  }

  // The app (Fastify, every route and its schemas) loads while the database opens: PGlite's
  // WebAssembly compiles on V8's background threads, and the main thread would otherwise wait.
  const appModule = import('./app');
  // Reported where it is awaited; this keeps a failure while the database is still opening
  // from also surfacing as an unhandled rejection.
  void appModule.catch(() => undefined);
  const database = await openDatabase(config);
  const migrations = await database.migrate();
  // A migration that changed what the day summaries hold empties them (0014): refilled once.
  // Loaded here, like the app, so that the database opens first.
  const { ensureTrackRecord } = await import('./modules/track-record/track-record-days');
  const recordRebuilt = await ensureTrackRecord(database.db);
  const seeded = config.seedDemo ? await seedDemo(database.db) : null;
  // The proof issue: history from before the ledger (the demo's included) enters it once.
  const ledgerImport = await importLedgerHistory(
    database.db,
    loadLedgerKey(config.ledgerPrivateKey),
    new Date(),
  );

  const { buildApp } = await appModule;
  const app = await buildApp({ config, database });
  // Logged once the logger exists. With several instances starting together these lines say
  // which one migrated and seeded, and that the others found the work done.
  app.log.info(
    { migrations },
    migrations.applied > 0
      ? `Migraciones aplicadas: ${migrations.applied}`
      : 'Esquema al día: ninguna migración pendiente',
  );
  if (ledgerImport !== null) {
    app.log.info(
      { ledgerImport },
      `Historial anterior anotado en el registro público: ${ledgerImport} entradas`,
    );
  }
  if (recordRebuilt) app.log.info('Historial reconstruido a partir de los tips');
  if (seeded !== null) {
    app.log.info(
      { demoSeed: seeded ? 'loaded' : 'present' },
      seeded ? 'Datos de demostración cargados' : 'Datos de demostración ya presentes',
    );
  }

  let closing = false;
  let paymentJobs: PaymentJobs | null = null;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    // Stop accepting, let requests in flight finish, then release the database.
    const timer = setTimeout(() => process.exit(1), 10_000).unref();
    try {
      await paymentJobs?.stop();
      await app.close();
      await database.close();
    } finally {
      clearTimeout(timer);
      process.exit(0);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ port: config.port, host: config.host });
  // Expiring subscriptions and stale pending payments; one instance runs it (advisory lock).
  paymentJobs = startPaymentJobs({
    kit: app.payments,
    db: database.db,
    intervalMs: config.paymentJobIntervalMs,
  });
  // The durable queue (alerts, payment and gift e-mails); every instance works it, each job runs
  // once (decisions 0042 and 0064).
  app.jobs.start();
  app.log.info(
    `MagoTips en ${config.appUrl} (base de datos: ${database.kind === 'pglite' ? `PGlite en ${config.dataDir}` : 'PostgreSQL'})`,
  );
  if (config.seedDemo) {
    app.log.info(
      `Cuentas de demostración (contraseña ${DEMO_PASSWORD}): ${DEMO_ACCOUNTS.map((a) => a.email).join(', ')}`,
    );
  }
}

main().catch((err: unknown) => {
  console.error('✖ No se pudo iniciar MagoTips:', err);
  process.exit(1);
});
