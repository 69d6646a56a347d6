import type { AppConfig } from './config/config';
import type { Db } from './db/database';
import type { Clock } from './lib/clock';
import type { ReadCache } from './lib/read-cache';
import type { TokenService } from './lib/tokens';
import type { PaymentEventBus } from './modules/events/payment-events';
import type { ReaderEventBus } from './modules/events/reader-events';
import type { JobRunner } from './modules/jobs/job-runner';
import type { TipEventBus } from './modules/tips/tip-events';
import type { Mailer } from './modules/mail/mailer';
import type { PaymentsKit } from './modules/payments/payments-kit';
import type { UserAccount, UsersRepository } from './modules/users/users.repository';
import type { AuthGuards } from './plugins/auth';
import type { RateLimiter } from './plugins/rate-limit';

/** What app.ts hands every feature module. Modules build their services from it, so tests
 * can swap an edge (clock, mailer, payment provider) without touching the database. */
export type ModuleDeps = {
  config: AppConfig;
  db: Db;
  clock: Clock;
  tokens: TokenService;
  users: UsersRepository;
  guards: AuthGuards<UserAccount>;
  mailer: Mailer;
  /** Shared counters (Redis with REDIS_URL) for routes that need per-IP or per-e-mail limits. */
  rateLimiter: RateLimiter;
  /** Short-lived reads shared by the requests of this instance (lib/read-cache.ts). */
  readCache: ReadCache;
  /** The durable job queue (modules/jobs): modules register handlers and enqueue work that
   * must not run on the request path. server.ts starts it; tests call `runDue()`. */
  jobs: JobRunner;
  /** What tips publish (published, changed, hidden, deleted, kicked off, settled): tips emits,
   * alerts and the ledger subscribe, so tips imports neither (issue 28 item 2). */
  tipEvents: TipEventBus;
  /** A pack bought, a Telegram account linked: pack purchases and telegram emit, alerts
   * subscribes (the bot's late copies of VIP tips, decision 0110). */
  readerEvents: ReaderEventBus;
  /** A payment completed (first payments and renewals): payments emits inside the fulfilment,
   * referrals subscribes to record a referred reader's first payment (decision 0119). */
  paymentEvents: PaymentEventBus;
  /** The public ledger's head (seq and hash), printed where copies we don't control witness it
   * (the proof issue); null while the ledger is empty. */
  ledgerHead: () => Promise<{ seq: number; hash: string } | null>;
  /** The payments port (modules/payments): products register what they sell on it. */
  payments: PaymentsKit;
};
