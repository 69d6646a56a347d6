import Stripe from 'stripe';

export type StripeSettings = { secretKey: string; apiUrl: string | undefined };

/** The official SDK, shared by payments and the financial verification, pointed at
 * STRIPE_API_URL when set (tests run an in-process double of the Stripe endpoints there). */
export function createStripeClient(settings: StripeSettings): Stripe {
  const target = settings.apiUrl ? new URL(settings.apiUrl) : null;
  return new Stripe(settings.secretKey, {
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
