import { fromCents } from '@magotips/contracts/money';
import { RENEWAL_GRACE_DAYS } from '@magotips/contracts/payments';
import { planLabel, specPlanOf } from '@magotips/contracts/plans';
import type { SubscriptionSource, TUser } from '@magotips/contracts/users';
import { GIFT_PROVIDER } from './gift-provider';
import { localeDto, pauseDto } from './user-pause';
import type { SubscriptionRow, UserAccount } from './users.repository';

const DAY_MS = 86_400_000;

/** Whether a failed renewal is still being retried by the provider (decision 0095). */
export function paymentPending(
  sub: Pick<SubscriptionRow, 'isRecurring' | 'paymentFailedAt'>,
): boolean {
  return sub.isRecurring && sub.paymentFailedAt !== null;
}

/** Until when the subscription gives access: the paid period's end, or, while the provider
 * retries a failed renewal, its next attempt plus the renewal grace (access continues while
 * Stripe retries; with no attempt left it ends with the period). */
export function accessEnd(
  sub: Pick<
    SubscriptionRow,
    'endDate' | 'isRecurring' | 'paymentFailedAt' | 'nextPaymentAttemptAt'
  >,
): Date {
  if (!paymentPending(sub) || !sub.nextPaymentAttemptAt) return sub.endDate;
  const held = sub.nextPaymentAttemptAt.getTime() + RENEWAL_GRACE_DAYS * DAY_MS;
  return held > sub.endDate.getTime() ? new Date(held) : sub.endDate;
}

export function hasActiveSubscription(
  account: Pick<UserAccount, 'subscription'>,
  now: Date,
): boolean {
  return account.subscription !== null && accessEnd(account.subscription).getTime() > now.getTime();
}
/** What the account's subscription opens now (decision 0097): nothing once it has ended. */
export function subscriptionGrants(
  account: Pick<UserAccount, 'subscription'>,
  now: Date,
): { grantsAllVipTips: boolean; includesPacks: boolean } {
  const sub = hasActiveSubscription(account, now) ? account.subscription : null;
  return {
    grantsAllVipTips: sub?.grantsAllVipTips ?? false,
    includesPacks: sub ? sub.includesPacks || sub.grantsAllVipTips : false,
  };
}

const centsToAmount = (cents: number | null) => (cents === null ? null : fromCents(cents));

/** The free trial still running (decision 0098), or null. */
function runningTrial(sub: SubscriptionRow | null, now: Date) {
  if (!sub?.trialEndsAt || sub.trialEndsAt.getTime() <= now.getTime()) return null;
  return {
    trialEndsAt: sub.trialEndsAt.toISOString(),
    trialThenAmount: sub.trialThenCents !== null ? fromCents(sub.trialThenCents) : null,
  };
}

/** What can renew it: the resume route and the account page both read this. The simulated
 * provider renews without a provider subscription (it charges nothing real). */
export function subscriptionSource(
  sub: Pick<SubscriptionRow, 'provider' | 'providerSubscriptionId'>,
): SubscriptionSource {
  if (sub.provider === GIFT_PROVIDER) return 'gift';
  if (sub.provider !== 'simulated' && !sub.providerSubscriptionId) return 'one_off';
  return 'subscription';
}

/** Days left of the subscription, rounded up; -1 while a renewing subscription is past its end
 * but still inside the grace the provider has to collect the renewal; null without one. */
export function subscriptionDaysRemaining(account: UserAccount, now: Date): number | null {
  const { subscription } = account;
  if (!subscription) return null;
  const left = subscription.endDate.getTime() - now.getTime();
  if (left > 0) return Math.ceil(left / DAY_MS);
  if (subscription.isRecurring && -left < RENEWAL_GRACE_DAYS * DAY_MS) return -1;
  // Past the period while the provider retries the charge: still being collected.
  if (accessEnd(subscription).getTime() > now.getTime()) return -1;
  return 0;
}

/** When the renewal is charged: the provider's pending date while it has not yet followed a
 * gift (decision 0086), else the end of the period; null when nothing renews it. */
export function nextChargeDate(sub: SubscriptionRow): string | null {
  if (!sub.isRecurring || subscriptionSource(sub) !== 'subscription') return null;
  return (sub.nextChargeAt ?? sub.endDate).toISOString();
}

/** What the next charge will be: a period's price plus what a plan change left for it (decision
 * 0100), never below 0; null when nothing renews it or the row predates prices on it. */
export function nextChargeCents(sub: SubscriptionRow): number | null {
  if (nextChargeDate(sub) === null) return null;
  const period = sub.periodCents ?? sub.trialThenCents;
  return period === null ? null : Math.max(0, period + sub.pendingAdjustmentCents);
}

/** SPEC.md's User shape. Built in one place so no response can leak a hash or a secret. */
export function toUserDto(account: UserAccount, now: Date): TUser {
  const { user, roles, subscription } = account;
  const active = hasActiveSubscription(account, now);
  return {
    _id: user.id,
    firstName: user.firstName,
    lastName: user.lastName,
    email: user.email,
    phone: user.phone,
    dateOfBirth: user.dateOfBirth,
    roles: roles.map((r) => ({ name: r.role, assignedBy: r.assignedBy, origin: r.origin })),
    subscription: {
      hasActiveSubscription: active,
      plan: active ? specPlanOf(subscription?.planKey) : 'free',
      endDate: subscription ? subscription.endDate.toISOString() : null,
      isRecurring: subscription?.isRecurring ?? false,
      daysRemaining: subscriptionDaysRemaining(account, now),
      planKey: subscription?.planKey ?? null,
      planName: subscription ? subscription.planName || planLabel(subscription.planKey) : null,
      durationMonths: subscription?.durationMonths ?? null,
      source: subscription ? subscriptionSource(subscription) : null,
      nextChargeDate: subscription ? nextChargeDate(subscription) : null,
      nextChargeAmount: subscription ? centsToAmount(nextChargeCents(subscription)) : null,
      paymentPending: subscription ? paymentPending(subscription) : false,
      nextPaymentAttempt:
        subscription && paymentPending(subscription)
          ? (subscription.nextPaymentAttemptAt?.toISOString() ?? null)
          : null,
      ...subscriptionGrants(account, now),
      ...(runningTrial(subscription, now) ?? { trialEndsAt: null, trialThenAmount: null }),
    },
    socialLogin: { google: user.googleSub !== null },
    ...localeDto(user),
    ...pauseDto(user, now),
  };
}
