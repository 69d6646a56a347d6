import { createRequire } from 'node:module';
import type Stripe from 'stripe';

export type StripeSettings = { secretKey: string; apiUrl: string | undefined };

type StripeModule = typeof Stripe;
let loaded: StripeModule | null = null;

/** The SDK, loaded the first time it is needed rather than at start: ~200 ms and ~19 MB of a
 * cold start that a deployment without STRIPE_SECRET_KEY never uses. Synchronous (require) so
 * that callers stay as they were; one copy serves the client and its error classes alike. */
export function stripeSdk(): StripeModule {
  loaded ??= createRequire(import.meta.url)('stripe') as StripeModule;
  return loaded;
}

/** The official SDK, shared by payments and the financial verification, pointed at
 * STRIPE_API_URL when set (tests run an in-process double of the Stripe endpoints there). */
export function createStripeClient(settings: StripeSettings): Stripe {
  const target = settings.apiUrl ? new URL(settings.apiUrl) : null;
  const StripeSdk = stripeSdk();
  return new StripeSdk(settings.secretKey, {
    maxNetworkRetries: 2,
    timeout: 20_000,
    telemetry: false,
    appInfo: { name: 'MagoTips' },
    ...(target
      ? {
          host: target.hostname,
          port: target.port || (target.protocol === 'http:' ? 80 : 443),
          protocol: target.protocol === 'http:' ? 'http' : 'https',
        }
      : {}),
  });
}
