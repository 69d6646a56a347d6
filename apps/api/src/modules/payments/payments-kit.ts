import { byUser, type RateLimitRule } from '../../plugins/rate-limit';
import type { FastifyBaseLogger } from 'fastify';
import type Stripe from 'stripe';
import type { AppConfig } from '../../config/config';
import type { ReadCache } from '../../lib/read-cache';
import type { Db } from '../../db/database';
import type { Clock } from '../../lib/clock';
import type { JobRunner } from '../jobs/job-runner';
import type { Mailer } from '../mail/mailer';
import type { UsersRepository } from '../users/users.repository';
import type { PaymentEventBus } from '../events/payment-events';
import { type CheckoutService, createCheckoutService, type DiscountPort } from './checkout.service';
import { createFulfilment, type Fulfilment } from './fulfilment';
import { type PaymentFollowUps, registerPaymentFollowUps } from './payment-follow-ups';
import { createPortalTokens, type PortalTokens } from './simulated-portal-token';
import type { PaymentProvider } from './payment-provider';
import { createPaymentsRepository, type PaymentsRepository } from './payments.repository';
import { createProductRegistry, type ProductRegistry } from './products';
import { createReceiptIssuer } from './receipt-issuer';
import { createSimulatedProvider } from './simulated-provider';
import { createSpendLimit, type SpendLimit } from './spend-limit';
import { createStripeClient } from '../../lib/stripe-client';
import { createStripeProvider } from './stripe-provider';
import { createStripeWebhook, type StripeWebhook } from './stripe-webhook';

export type PaymentsKitDeps = {
  config: AppConfig;
  db: Db;
  clock: Clock;
  /** The durable queue: receipts and provider calls a payment leaves for after its commit. */
  jobs: JobRunner;
  mailer: Mailer;
  users: Pick<UsersRepository, 'contactOf'>;
  /** The instance's short-lived reads, forgotten once a payment changes what a user owns. */
  readCache?: Pick<ReadCache, 'clear'>;
  log: FastifyBaseLogger;
  /** Where `paymentCompleted` goes (decision 0119): app.ts's bus, which referrals subscribes to. */
  events?: Pick<PaymentEventBus, 'emit'>;
  /** The welcome discounts (referrals), asked by every checkout that charges now. */
  discounts?: DiscountPort;
};

/** The payments port, one per app (app.ts builds it): the product modules register what they
 * sell on `products` and start their checkouts through `checkout`; the payment routes, the
 * webhook and the periodic job share one Stripe client, one provider choice, one fulfilment. */
export type PaymentsKit = {
  repo: PaymentsRepository;
  products: ProductRegistry;
  /** Where new payments go: Stripe with a key, the simulated page without one (outside
   * production), or null when payments are switched off. */
  active: PaymentProvider | null;
  /** The provider a stored payment belongs to, if this server can still talk to it. */
  providerFor(name: string): PaymentProvider | null;
  stripe: Stripe | null;
  fulfilment: Fulfilment;
  checkout: CheckoutService;
  webhook: StripeWebhook | null;
  clock: Clock;
  log: FastifyBaseLogger;
  appUrl: string;
  /** The simulated billing portal's signed links (decision 0096). */
  portalTokens: PortalTokens;
  /** E-mails and provider calls a payment leaves for after its commit (the durable queue). */
  followUps: PaymentFollowUps;
  /** The buyers' monthly spend limits (decision 0113): every new charge asks it first. */
  spendLimit: SpendLimit;
};

export function createPaymentsKit(deps: PaymentsKitDeps): PaymentsKit {
  const { config, clock, log } = deps;
  const repo = createPaymentsRepository(deps.db);
  const products = createProductRegistry();
  const stripe = config.stripe ? createStripeClient(config.stripe) : null;
  const stripeProvider = stripe ? createStripeProvider(stripe) : null;
  // Simulated sessions live in our own database, so old ones stay readable (never payable)
  // even after the server switches to Stripe.
  const portalTokens = createPortalTokens(config.jwtSecret);
  const simulated = createSimulatedProvider({
    repo,
    clock,
    appUrl: config.appUrl,
    portalTokens,
  });
  const active = stripeProvider ?? (config.simulatedPayments ? simulated : null);
  const providerFor = (name: string): PaymentProvider | null =>
    name === 'stripe' ? stripeProvider : name === 'simulated' ? simulated : null;

  const followUps = registerPaymentFollowUps({
    jobs: deps.jobs,
    mailer: deps.mailer,
    repo,
    users: deps.users,
    products,
    providerFor,
    appUrl: config.appUrl,
    supportEmail: config.supportEmail,
  });
  const fulfilment = createFulfilment({
    repo,
    products,
    followUps,
    clock,
    log,
    receipts: createReceiptIssuer({ seller: config.seller }),
    afterCommit: () => deps.readCache?.clear(),
    events: deps.events,
  });
  const spendLimit = createSpendLimit({ db: deps.db, clock });
  const checkout = createCheckoutService({
    spendLimit,
    repo,
    fulfilment,
    clock,
    log,
    appUrl: config.appUrl,
    active,
    providerFor,
    discounts: deps.discounts,
  });
  const webhook =
    stripe && stripeProvider
      ? createStripeWebhook({
          stripe,
          webhookSecret: config.stripe?.webhookSecret,
          provider: stripeProvider,
          repo,
          fulfilment,
          products,
          followUps,
          clock,
          log,
        })
      : null;
  return {
    repo,
    products,
    active,
    providerFor,
    stripe,
    fulfilment,
    checkout,
    webhook,
    clock,
    log,
    appUrl: config.appUrl,
    portalTokens,
    followUps,
    spendLimit,
  };
}

/** One budget for every checkout a user opens, packs and plans alike: each is a call to the
 * provider, so a burst from one account is cut off early. Shared by name, so both routes count
 * against the same counter. */
export const CHECKOUT_CREATION_LIMIT: RateLimitRule = {
  name: 'payments:create',
  max: 10,
  windowMs: 60_000,
  subject: byUser,
};
