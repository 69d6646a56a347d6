import { randomUUID } from 'node:crypto';
import compress from '@fastify/compress';
import { useSpanishZodMessages } from '@magotips/contracts/zod-locale';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { AppConfig } from './config/config';
import type { Database } from './db/database';
import { type Clock, systemClock } from './lib/clock';
import { REDACT_PATHS, serializeError, serializeRequest } from './lib/log-redaction';
import { createReadCache } from './lib/read-cache';
import { RequestLog } from './lib/request-log';
import { createTokenService } from './lib/tokens';
import type { ModuleDeps } from './module-deps';
import { accountPauseRoutes } from './modules/account-pause/account-pause.routes';
import { adminRoutes } from './modules/admin/admin.routes';
import { businessRoutes } from './modules/business/business.routes';
import { alertsRoutes } from './modules/alerts/alerts.routes';
import { authRoutes } from './modules/auth/auth.routes';
import { createCallerIdentity } from './modules/auth/caller-identity';
import { createCallerRepository } from './modules/auth/caller.repository';
import { googleAuthRoutes } from './modules/auth/google-auth.routes';
import { giftCodesRoutes } from './modules/gift-codes/gift-codes.routes';
import { giftsRoutes } from './modules/gifts/gifts.routes';
import { healthRoutes } from './modules/health/health.routes';
import { pushRoutes } from './modules/alerts/push.routes';
import { createEventBus } from './modules/events/event-bus';
import type { PaymentEvent } from './modules/events/payment-events';
import type { ReaderEvent } from './modules/events/reader-events';
import { createJobRunner, type JobRunner } from './modules/jobs/job-runner';
import { readLedgerHead } from './modules/ledger/ledger-head';
import { ledgerRoutes } from './modules/ledger/ledger.routes';
import { createMailer } from './modules/mail/mailer';
import { messagesRoutes } from './modules/messages/messages.routes';
import { packsRoutes } from './modules/packs/packs.routes';
import { packPurchasesRoutes } from './modules/pack-purchases/pack-purchases.routes';
import { createPaymentsKit, type PaymentsKit } from './modules/payments/payments-kit';
import { paymentsRoutes } from './modules/payments/payments.routes';
import { plansRoutes } from './modules/plans/plans.routes';
import { createReferralDiscounts } from './modules/referrals/referral-discounts';
import { referralsRoutes } from './modules/referrals/referrals.routes';
import { subscriptionsRoutes } from './modules/subscriptions/subscriptions.routes';
import { telegramRoutes } from './modules/telegram/telegram.routes';
import { createTestClock, testClockRoutes } from './modules/test-clock/test-clock';
import type { TipEvent } from './modules/tips/tip-events';
import { tipsRoutes } from './modules/tips/tips.routes';
import { trackRecordRoutes } from './modules/track-record/track-record.routes';
import { createUsersRepository } from './modules/users/users.repository';
import { verificationRoutes } from './modules/verification/verification.routes';
import { vipGroupRoutes } from './modules/vip-group/vip-group.routes';
import { createAuthGuards } from './plugins/auth';
import { frameworkErrorHandler, registerErrorHandler } from './plugins/error-handler';
import { cacheControlHeaders } from './plugins/cache-headers';
import { registerOpenApi } from './plugins/openapi';
import { createRateLimiterFromConfig } from './plugins/rate-limit';
import { acceptJsonBodiesOnly, registerSecurity } from './plugins/security';
import { registerWebClient } from './plugins/web-client';
import { registerAttribution } from './plugins/attribution';

export type AppDeps = {
  config: AppConfig;
  database: Database;
  clock?: Clock;
};

useSpanishZodMessages();

declare module 'fastify' {
  interface FastifyInstance {
    /** The job queue's worker for this instance (server.ts starts it once listening). */
    jobs: JobRunner;
    /** The payments port (server.ts runs its periodic job on it). */
    payments: PaymentsKit;
  }
}

type CompilersFactory = NonNullable<
  NonNullable<FastifyServerOptions['schemaController']>['compilersFactory']
>;
// Fastify types the factories with Ajv's compile signature; at run time it calls what they
// return exactly as it calls the compiler given to setValidatorCompiler / setSerializerCompiler.
const ZOD_COMPILERS = {
  buildValidator: () => validatorCompiler,
  buildSerializer: () => serializerCompiler,
} as unknown as CompilersFactory;

/** Builds the whole service without listening: server.ts listens, tests use inject(). */
export async function buildApp(input: AppDeps): Promise<FastifyInstance> {
  const { config, database } = input;
  // TEST_CLOCK (browser journeys only): a clock PUT /api/test/clock can move forward.
  const testClock = config.testClock ? createTestClock(input.clock ?? systemClock) : null;
  const clock = testClock?.now ?? input.clock ?? systemClock;

  const app = Fastify({
    logger: {
      level: config.logLevel,
      // One cleaning for every line (decision 0085): secret fields by name, and each `err`
      // through serializeError, whichever module logs it.
      redact: { paths: REDACT_PATHS, censor: '[redactado]' },
      serializers: { req: serializeRequest, err: serializeError },
      // Readable lines for a person at a terminal in development; JSON everywhere else.
      ...(config.nodeEnv === 'development' && process.stdout.isTTY
        ? {
            transport: {
              target: 'pino-pretty',
              options: { translateTime: 'HH:MM:ss', ignore: 'pid,hostname' },
            },
          }
        : {}),
    },
    genReqId: (req) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && /^[\w-]{8,64}$/.test(given) ? given : randomUUID();
    },
    bodyLimit: 100 * 1024,
    logController: new RequestLog(),
    frameworkErrors: frameworkErrorHandler,
    // Only the configured load-balancer hops: a client must not pick its own IP (rate limits).
    trustProxy: (_address: string, hop: number) => hop < config.trustProxyHops,
    // Every route validates and serialises with Zod. Handing Fastify the Zod compilers here
    // (not only through setValidatorCompiler below) keeps it from loading and building Ajv and
    // fast-json-stringify's compiler at start, work every cold start did for nothing (decision 0059).
    schemaController: { compilersFactory: ZOD_COMPILERS },
  });
  // Before any route: bodies are JSON only (415 otherwise), see plugins/security.ts.
  acceptJsonBodiesOnly(app);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  registerErrorHandler(app);
  // Callback-style hooks on the hot path: an async hook costs a promise on every request.
  registerSecurity(app, { isProduction: config.isProduction });
  // The first visit's origin in a first-party cookie (decision 0118), on page requests only.
  registerAttribution(app, { isProduction: config.isProduction });
  // Reads have no body to decompress: without this, every GET ran @fastify/compress's
  // request-decompression step (a preParsing hook) for nothing.
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    if (route.decompress === undefined && methods.every((m) => m === 'GET' || m === 'HEAD'))
      route.decompress = false;
  });
  await app.register(compress, { threshold: 1024 });

  app.decorateRequest('auth', null);
  const tokens = createTokenService(config.jwtSecret);
  const users = createUsersRepository(database.db);
  const readCache = createReadCache({ ttlMs: config.readCacheTtlMs });
  // One onSend for both: a write through this instance shows on the very next read (cleared
  // before the answer leaves; other instances see it when their copy expires,
  // READ_CACHE_TTL_MS), and every /api answer gets its Cache-Control.
  const cacheControl = cacheControlHeaders({ readCacheTtlMs: config.readCacheTtlMs });
  app.addHook('onSend', (request, reply, payload, done) => {
    const write = request.method !== 'GET' && request.method !== 'HEAD';
    if (write && reply.statusCode < 400 && !request.routeOptions.config.leavesReadsAlone)
      readCache.clear();
    cacheControl(request, reply);
    done(null, payload);
  });
  const guards = createAuthGuards({
    tokens,
    clock,
    identify: createCallerIdentity({
      callers: createCallerRepository(database.db),
      readCache,
    }),
  });
  // Before any route, which it must see to describe; after the guards, which may stand before it.
  await registerOpenApi(app, {
    appUrl: config.appUrl,
    ...(config.apiDocs === 'admin' ? { guard: guards.requireAnyRole(['admin']) } : {}),
  });
  const mailer = createMailer(config, app.log);
  const rateLimiter = await createRateLimiterFromConfig(config, app.log);
  const jobs = createJobRunner({
    db: database.db,
    log: app.log,
    clock,
    leaseMs: config.jobLeaseMs,
  });
  app.decorate('jobs', jobs);
  // Payments emits on it and asks the discount port; referrals subscribes and fills the port,
  // so payments never imports referrals (decision 0119).
  const paymentEvents = createEventBus<PaymentEvent>(jobs);
  const payments = createPaymentsKit({
    config,
    db: database.db,
    clock,
    jobs,
    mailer,
    users,
    readCache,
    log: app.log,
    events: paymentEvents,
    discounts: createReferralDiscounts({ db: database.db, clock }),
  });
  app.decorate('payments', payments);
  app.addHook('onClose', async () => {
    // Jobs in flight finish (and send their mail) before the mailer closes.
    await jobs.stop();
    await mailer.close();
    await rateLimiter.close();
  });
  // Everything a feature module may need; each module takes what it uses.
  const modules: ModuleDeps = {
    config,
    db: database.db,
    clock,
    tokens,
    users,
    guards,
    mailer,
    rateLimiter,
    readCache,
    jobs,
    tipEvents: createEventBus<TipEvent>(jobs),
    readerEvents: createEventBus<ReaderEvent>(jobs),
    paymentEvents,
    ledgerHead: () => readLedgerHead(database.db),
    payments,
  };

  await app.register(healthRoutes, { ping: () => database.ping(), redisPing: rateLimiter.ping });
  // Feature modules: one line each.
  await app.register(authRoutes, modules);
  await app.register(googleAuthRoutes, modules);
  await app.register(accountPauseRoutes, modules);
  await app.register(adminRoutes, modules);
  await app.register(messagesRoutes, modules);
  await app.register(tipsRoutes, modules);
  await app.register(trackRecordRoutes, modules);
  await app.register(ledgerRoutes, modules);
  await app.register(packsRoutes, modules);
  await app.register(plansRoutes, modules);
  await app.register(paymentsRoutes, modules);
  await app.register(packPurchasesRoutes, modules);
  await app.register(subscriptionsRoutes, modules);
  await app.register(verificationRoutes, modules);
  await app.register(businessRoutes, modules);
  await app.register(alertsRoutes, modules);
  await app.register(pushRoutes, modules);
  await app.register(telegramRoutes, modules);
  await app.register(giftCodesRoutes, modules);
  await app.register(giftsRoutes, modules);
  await app.register(referralsRoutes, modules);
  await app.register(vipGroupRoutes, modules);
  if (testClock) await app.register(testClockRoutes, { clock: testClock });

  await registerWebClient(app, {
    webDistDir: config.webDistDir,
    settings: { supportEmail: config.supportEmail },
  });
  return app;
}
