import { GIFT_MSG } from '@magotips/contracts/gift-codes';
import { ERROR_CODES } from '@magotips/contracts/http-errors';
import { toCents } from '@magotips/contracts/money';
import {
  PAYMENT_MESSAGES,
  RENEWAL_GRACE_DAYS,
  type TPaymentCreateResponse,
  type TSubscriptionRenewalResponse,
  type ZSubscriptionPaymentRequest,
} from '@magotips/contracts/payments';
import type { TTrialEligibilityResponse } from '@magotips/contracts/trial-eligibility';
import { PERIOD_TEXT } from '@magotips/contracts/plan-periods';
import type { z } from 'zod';
import { AppError } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import { comingSoon } from '../payments/checkout.service';
import { PaymentProviderError } from '../payments/payment-provider';
import type { PaymentsKit } from '../payments/payments-kit';
import type { PlansRepository } from '../plans/plans.repository';
import { termsOf } from './plan-terms';
import { accessEnd, subscriptionSource, toUserDto } from '../users/user-dto';
import type { UserAccount, UsersRepository } from '../users/users.repository';
import type { SubscriptionRow, SubscriptionsRepository } from './subscriptions.repository';
import type { createTrialUses } from './trial-uses';

export type SubscriptionPaymentInput = z.output<typeof ZSubscriptionPaymentRequest>;

/** Stripe bills a recurring price at most once a year (interval month, count ≤ 12). */
const MAX_RECURRING_MONTHS = 12;
const DAY_MS = 86_400_000;

const subscriptionPending = () =>
  AppError.conflict(PAYMENT_MESSAGES.subscriptionPaymentPending, ERROR_CODES.pendingTransaction);
const providerUnavailable = () =>
  new AppError('PAYMENT_PROVIDER_ERROR', 502, PAYMENT_MESSAGES.providerUnavailable);

export function createSubscriptionsService(deps: {
  kit: PaymentsKit;
  plans: PlansRepository;
  subscriptions: SubscriptionsRepository;
  users: UsersRepository;
  trials: ReturnType<typeof createTrialUses>;
  clock: Clock;
}) {
  const { kit, subscriptions } = deps;
  const payments = kit.repo;

  /** Renewing, or past its end but still inside the grace the provider has to collect, or while
   * it retries a failed renewal (decision 0095: a second subscription would be charged too). */
  function renewing(sub: SubscriptionRow | null, now: Date): sub is SubscriptionRow {
    return (
      sub !== null &&
      sub.isRecurring &&
      (sub.endDate.getTime() > now.getTime() - RENEWAL_GRACE_DAYS * DAY_MS ||
        accessEnd(sub).getTime() > now.getTime())
    );
  }

  async function renewalAnswer(
    userId: string,
    message: string,
  ): Promise<TSubscriptionRenewalResponse> {
    const account = await deps.users.findAccount(userId);
    if (!account) throw AppError.unauthorized();
    return { success: true, message, user: toUserDto(account, deps.clock()) };
  }

  /** Runs a change at the provider first: the local flag follows only what the provider did
   * (and customer.subscription.updated brings it in line if our write is lost). */
  async function atProvider(sub: SubscriptionRow, cancel: boolean): Promise<boolean> {
    if (!sub.providerSubscriptionId || sub.provider === 'simulated') return true;
    const provider = kit.providerFor(sub.provider);
    if (!provider) throw new AppError('PAYMENTS_DISABLED', 503, PAYMENT_MESSAGES.paymentsDisabled);
    try {
      if (!cancel) {
        const current = await provider.retrieveSubscription(sub.providerSubscriptionId);
        if (!current || current.status === 'canceled' || current.status === 'incomplete_expired')
          return false;
      }
      const state = await provider.setCancelAtPeriodEnd(sub.providerSubscriptionId, cancel);
      return cancel ? !state.renews : state.renews;
    } catch (err) {
      if (err instanceof PaymentProviderError) {
        kit.log.error(
          { err, subscriptionId: sub.providerSubscriptionId },
          'el proveedor no cambió la renovación',
        );
        throw providerUnavailable();
      }
      throw err;
    }
  }

  /** Why `account` gets no free trial now, or null if it does. */
  async function trialRefusal(account: UserAccount, now: Date): Promise<'used' | 'running' | null> {
    if (await deps.trials.used(account.user.id, account.user.email)) return 'used';
    const sub = await subscriptions.find(account.user.id);
    return sub && sub.endDate.getTime() > now.getTime() ? 'running' : null;
  }

  return {
    async createPayment(
      account: UserAccount,
      input: SubscriptionPaymentInput,
    ): Promise<TPaymentCreateResponse> {
      const soon = comingSoon(input.paymentMethod);
      if (soon) throw soon;
      const userId = account.user.id;
      const plan = await deps.plans.findByKey(input.plan);
      if (!plan || !plan.isActive) throw AppError.notFound(PAYMENT_MESSAGES.planNotFound);
      const terms = termsOf(plan, input.yearly);
      if (!terms) throw new AppError(ERROR_CODES.validation, 400, PERIOD_TEXT.notSoldYearly);
      if (toCents(input.amount) !== terms.priceCents) {
        throw new AppError(ERROR_CODES.validation, 400, PAYMENT_MESSAGES.amountMismatch);
      }
      if (input.recurring && terms.months > MAX_RECURRING_MONTHS) {
        throw new AppError(ERROR_CODES.validation, 400, PAYMENT_MESSAGES.planNotRecurring);
      }
      const now = deps.clock();
      // A second renewing subscription would charge the user twice every month.
      if (renewing(await subscriptions.find(userId), now)) {
        throw AppError.conflict(
          PAYMENT_MESSAGES.recurringSubscriptionActive,
          ERROR_CODES.activeSubscription,
        );
      }

      // Choosing another plan (or coming back from the checkout) replaces the earlier checkout:
      // its session is expired at the provider first, so it can never be paid as well.
      for (const tx of await payments.pendingOfUser(userId, { kind: 'subscription' })) {
        if (!tx.providerSessionId && now.getTime() - tx.createdAt.getTime() < 2 * 60_000)
          throw subscriptionPending();
        const closed = await kit.checkout.close(tx);
        if (closed.status === 'completed')
          throw AppError.conflict(PAYMENT_MESSAGES.previousPaymentCompleted);
        if (closed.status === 'pending') throw subscriptionPending();
      }

      // One free trial per person, for newcomers (decision 0098): anyone else pays the period.
      const trial =
        input.recurring && plan.trialDays > 0 && (await trialRefusal(account, now)) === null;
      return kit.checkout.start(
        {
          buyer: account.user,
          kind: 'subscription',
          values: {
            planId: plan.id,
            itemName: plan.name,
            planKey: plan.key,
            durationMonths: terms.months,
            amountCents: trial ? 0 : terms.priceCents,
            isRecurring: input.recurring,
            trialDays: trial ? plan.trialDays : null,
            trialThenCents: trial ? terms.priceCents : null,
          },
          description: plan.features.join(' · ') || null,
          recurringMonths: input.recurring ? terms.months : null,
          metadata: { planKey: plan.key },
          inProgress: subscriptionPending,
          immediateAccessConsent: input.immediateAccessConsent,
        },
        'subscription',
      );
    },

    /** Whether the caller's next subscription would begin with a free trial (if its plan
     * offers one): the subscription page says so before they pay. */
    async trialEligibility(account: UserAccount): Promise<TTrialEligibilityResponse> {
      const reason = await trialRefusal(account, deps.clock());
      return { success: true, eligible: reason === null, reason };
    },

    /** No renewal at the end of the paid period; access stays until then. Clears isRecurring,
     * which is what lets the account be deleted afterwards (auth refuses while it is set). */
    async cancel(userId: string): Promise<TSubscriptionRenewalResponse> {
      const now = deps.clock();
      const sub = await subscriptions.find(userId);
      if (!sub || (sub.endDate.getTime() <= now.getTime() && !renewing(sub, now))) {
        throw new AppError('NO_ACTIVE_SUBSCRIPTION', 400, PAYMENT_MESSAGES.noSubscription);
      }
      if (!sub.isRecurring) return renewalAnswer(userId, PAYMENT_MESSAGES.renewalAlreadyCancelled);
      await atProvider(sub, true);
      await subscriptions.update(sub.id, { isRecurring: false }, now);
      kit.log.info({ userId }, 'renovación automática cancelada');
      return renewalAnswer(userId, PAYMENT_MESSAGES.renewalCancelled);
    },

    /** A reader paused their account (decision 0116): the renewal stops as `cancel` stops it
     * (at the provider first, so Stripe gets cancel_at_period_end), and silently when there is
     * nothing renewing. Run by the pause's job, which the queue retries if the provider fails. */
    async stopRenewal(userId: string): Promise<void> {
      const now = deps.clock();
      const sub = await subscriptions.find(userId);
      if (!sub?.isRecurring || !renewing(sub, now)) return;
      await atProvider(sub, true);
      await subscriptions.update(sub.id, { isRecurring: false }, now);
      kit.log.info({ userId }, 'renovación automática cancelada por la pausa de la cuenta');
    },

    /** Renew again: only a subscription still running, with a provider subscription to resume
     * (a one-off payment has no card on file to charge; the simulated provider needs none). */
    async resume(userId: string): Promise<TSubscriptionRenewalResponse> {
      const now = deps.clock();
      const sub = await subscriptions.find(userId);
      if (!sub || sub.endDate.getTime() <= now.getTime()) {
        throw new AppError('SUBSCRIPTION_ENDED', 400, PAYMENT_MESSAGES.resumeEnded);
      }
      if (sub.isRecurring) return renewalAnswer(userId, PAYMENT_MESSAGES.renewalAlreadyOn);
      const source = subscriptionSource(sub);
      if (source === 'gift') throw new AppError('ONE_OFF_SUBSCRIPTION', 400, GIFT_MSG.resumeGift);
      if (source === 'one_off')
        throw new AppError('ONE_OFF_SUBSCRIPTION', 400, PAYMENT_MESSAGES.resumeOneOff);
      if (!(await atProvider(sub, false)))
        throw new AppError('SUBSCRIPTION_ENDED', 400, PAYMENT_MESSAGES.resumeEnded);
      await subscriptions.update(sub.id, { isRecurring: true }, now);
      kit.log.info({ userId }, 'renovación automática reactivada');
      return renewalAnswer(userId, PAYMENT_MESSAGES.renewalResumed);
    },
  };
}
export type SubscriptionsService = ReturnType<typeof createSubscriptionsService>;
