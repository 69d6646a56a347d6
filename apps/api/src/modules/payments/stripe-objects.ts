import type Stripe from 'stripe';
import type { PaymentQueries } from './payments.repository';

/** What one event changes, applied inside the database transaction that records the event
 * (what follows it, e-mails and provider calls, is enqueued there too). */
export type Apply = (r: PaymentQueries, now: Date) => Promise<void>;
export const NOTHING: Apply = async () => undefined;

export const idOf = (value: unknown): string | null =>
  typeof value === 'string'
    ? value
    : typeof value === 'object' && value !== null && 'id' in value && typeof value.id === 'string'
      ? value.id
      : null;

/** The subscription of an invoice and its metadata. Endpoints pinned to an API version older
 * than the SDK's (2025-03 "basil") send them at the top level instead of under `parent`. */
export function invoiceSubscription(invoice: Stripe.Invoice): {
  id: string | null;
  metadata: Record<string, string> | null;
} {
  const details = invoice.parent?.subscription_details;
  if (details) return { id: idOf(details.subscription), metadata: details.metadata };
  const legacy = invoice as unknown as {
    subscription?: unknown;
    subscription_details?: { metadata?: Record<string, string> | null };
  };
  return { id: idOf(legacy.subscription), metadata: legacy.subscription_details?.metadata ?? null };
}

export const fromUnix = (seconds: number | null | undefined): Date | null =>
  typeof seconds === 'number' ? new Date(seconds * 1000) : null;
