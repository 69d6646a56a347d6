import { EXPIRY_WARNING_DAYS } from '@magotips/contracts/plans';
import type { TSessionUser } from '../../lib/session/session-user';

const DAY_MS = 86_400_000;

/** The server's value for a renewal being collected past the end date (SPEC.md §4). */
export const RENEWAL_PROCESSING_DAYS = -1;

export type SubscriptionView =
  | { kind: 'none' }
  | { kind: 'ended' }
  | { kind: 'renewing' }
  | {
      kind: 'active';
      daysRemaining: number;
      recurring: boolean;
      warning: boolean;
      expiring: boolean;
    };

/** `daysRemaining` as the server sent it: a number, null (no subscription) or absent (a user
 * stored by a build from before the field existed). */
function sentDays(
  subscription: NonNullable<TSessionUser['subscription']>,
): number | null | undefined {
  const value: unknown = (subscription as { daysRemaining?: unknown }).daysRemaining;
  if (value === null) return null;
  return typeof value === 'number' && Number.isInteger(value) ? value : undefined;
}

/** Days left, rounded up like the server does, for a stored user that lacks the field. */
export function daysUntil(endDate: string | null | undefined, now: Date): number | null {
  if (!endDate) return null;
  const end = new Date(endDate).getTime();
  if (Number.isNaN(end)) return null;
  return Math.max(0, Math.ceil((end - now.getTime()) / DAY_MS));
}

/**
 * What the account page shows about the subscription (SPEC.md §4):
 * - -1 from the server: a renewal is being collected ('Procesando renovación...');
 * - 7 days or fewer left: warning style; and, without automatic renewal, an expiry warning.
 */
export function subscriptionView(user: TSessionUser, now: Date): SubscriptionView {
  const subscription = user.subscription;
  if (!subscription) return { kind: 'none' };
  const sent = sentDays(subscription);
  if (sent === RENEWAL_PROCESSING_DAYS) return { kind: 'renewing' };
  if (!subscription.hasActiveSubscription)
    return subscription.endDate ? { kind: 'ended' } : { kind: 'none' };
  const daysRemaining = sent ?? daysUntil(subscription.endDate, now) ?? 0;
  const recurring = subscription.isRecurring === true;
  const warning = daysRemaining <= EXPIRY_WARNING_DAYS;
  return { kind: 'active', daysRemaining, recurring, warning, expiring: warning && !recurring };
}

export function daysText(days: number): string {
  return days === 1 ? '1 día' : `${days} días`;
}
