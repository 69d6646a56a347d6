import { randomUUID } from 'node:crypto';
import { ERROR_CODES } from '@magotips/contracts/http-errors';
import { fromCents } from '@magotips/contracts/money';
import { PAYMENT_MESSAGES } from '@magotips/contracts/payments';
import { PERIOD_TEXT, PLAN_CHANGE_QUOTE_MINUTES, PLAN_CHANGE_TEXT } from '@magotips/contracts/plan-periods';
import { type TPlanChangePreviewResponse, type TPlanChangeResponse } from '@magotips/contracts/plan-change';
import { AppError } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import type { Db } from '../../db/database';
import { PaymentProviderError, type PaymentProvider } from '../payments/payment-provider';
import type { PaymentsKit } from '../payments/payments-kit';
import type { PlansRepository } from '../plans/plans.repository';
import { subscriptionSource, toUserDto } from '../users/user-dto';
import type { UserAccount, UsersRepository } from '../users/users.repository';
import { addMonths } from './billing-period';
import { applyPlanChange } from './plan-change-apply';
import { createPlanChangesRepository, type PlanChangeRow } from './plan-changes.repository';
import { termsOf } from './plan-terms';
import type { SubscriptionRow, SubscriptionsRepository } from './subscriptions.repository';

const QUOTE_MS = PLAN_CHANGE_QUOTE_MINUTES * 60_000;
const bad = (message: string) => new AppError(ERROR_CODES.validation, 400, message);
const providerFailed = () => new AppError('PAYMENT_PROVIDER_ERROR', 502, PLAN_CHANGE_TEXT.failed);

/**
 * Moving a renewing subscription to another plan or period (issue 30 item 3, decision 0100):
 * a quote first (the provider's own preview of the prorations, fixed to its moment), then its
 * confirmation, which the provider applies with that same moment and we record once.
 */
export function createPlanChangeService(deps: {
  kit: PaymentsKit;
  db: Db;
  plans: PlansRepository;
  subscriptions: SubscriptionsRepository;
  users: UsersRepository;
  clock: Clock;
}) {
  const { kit } = deps;
  const changes = createPlanChangesRepository(deps.db);

  /** The subscription a change may start from, or the reason it may not. */
  function changeable(sub: SubscriptionRow | null, now: Date): SubscriptionRow {
    if (
      !sub ||
      !sub.isRecurring ||
      sub.endDate.getTime() <= now.getTime() ||
      subscriptionSource(sub) !== 'subscription'
    )
      throw bad(PLAN_CHANGE_TEXT.noSubscription);
    if (sub.trialEndsAt && sub.trialEndsAt.getTime() > now.getTime())
      throw bad(PLAN_CHANGE_TEXT.duringTrial);
    if (sub.paymentFailedAt) throw bad(PLAN_CHANGE_TEXT.paymentPending);
    if (sub.nextChargeAt) throw bad(PLAN_CHANGE_TEXT.giftPending);
    return sub;
  }

  function providerOf(sub: SubscriptionRow): PaymentProvider {
    const provider = kit.providerFor(sub.provider);
    if (!provider) throw new AppError('PAYMENTS_DISABLED', 503, PAYMENT_MESSAGES.paymentsDisabled);
    return provider;
  }

  /** What a period of the current subscription costs: its own price, else (older rows) the
   * trial's or the plan's. */
  async function currentPeriodCents(sub: SubscriptionRow): Promise<number> {
    if (sub.periodCents !== null) return sub.periodCents;
    if (sub.trialThenCents !== null) return sub.trialThenCents;
    const plan = sub.planId
      ? await deps.plans.findById(sub.planId)
      : await deps.plans.findByKey(sub.planKey);
    if (!plan) throw bad(PLAN_CHANGE_TEXT.noSubscription);
    return plan.priceCents;
  }

  function quoteOf(row: PlanChangeRow): TPlanChangePreviewResponse {
    return {
      success: true,
      data: {
        changeId: row.id,
        fromPlanName: row.fromPlanName,
        toPlanName: row.planName,
        toDurationMonths: row.durationMonths,
        periodAmount: fromCents(row.periodCents),
        prorationAmount: fromCents(row.prorationCents),
        chargedNow: row.chargedNow,
        amountDueNow: fromCents(row.amountDueNowCents),
        nextChargeDate: row.nextChargeAt?.toISOString() ?? null,
        nextChargeAmount: fromCents(row.nextChargeCents),
        expiresAt: new Date(row.createdAt.getTime() + QUOTE_MS).toISOString(),
      },
    };
  }

  async function answer(userId: string, planName: string): Promise<TPlanChangeResponse> {
    const account = await deps.users.findAccount(userId);
    if (!account) throw AppError.unauthorized();
    return {
      success: true,
      message: PLAN_CHANGE_TEXT.done(planName),
      user: toUserDto(account, deps.clock()),
    };
  }

  return {
    async preview(
      account: UserAccount,
      input: { plan: string; yearly: boolean },
    ): Promise<TPlanChangePreviewResponse> {
      // Whole seconds: Stripe's proration_date is a Unix time, and the quote must be its twin.
      const now = new Date(Math.floor(deps.clock().getTime() / 1000) * 1000);
      const sub = changeable(await deps.subscriptions.find(account.user.id), now);
      const plan = await deps.plans.findByKey(input.plan);
      if (!plan || !plan.isActive) throw AppError.notFound(PAYMENT_MESSAGES.planNotFound);
      const terms = termsOf(plan, input.yearly);
      if (!terms) throw bad(PERIOD_TEXT.notSoldYearly);
      const currentCents = await currentPeriodCents(sub);
      if (
        sub.planId === plan.id &&
        sub.durationMonths === terms.months &&
        currentCents === terms.priceCents
      )
        throw bad(PLAN_CHANGE_TEXT.samePlan);
      const newPeriod = terms.months !== sub.durationMonths;
      let quote;
      try {
        quote = await providerOf(sub).previewPriceChange({
          subscriptionId: sub.providerSubscriptionId ?? sub.id,
          customerId: sub.providerCustomerId,
          itemName: plan.name,
          amountCents: terms.priceCents,
          currency: 'USD',
          recurringMonths: terms.months,
          prorationDate: now,
          current: {
            amountCents: currentCents,
            periodStart: addMonths(sub.endDate, -sub.durationMonths),
            periodEnd: sub.endDate,
            recurringMonths: sub.durationMonths,
          },
        });
      } catch (err) {
        if (err instanceof PaymentProviderError) {
          kit.log.error({ err, userId: account.user.id }, 'el proveedor no calculó el cambio');
          throw providerFailed();
        }
        throw err;
      }
      const total = quote.invoiceTotalCents;
      const row = await changes.insert({
        userId: account.user.id,
        subscriptionRowId: sub.id,
        provider: sub.provider,
        providerSubscriptionId: sub.providerSubscriptionId,
        transactionId: randomUUID(),
        planId: plan.id,
        planKey: plan.key,
        planName: plan.name,
        fromPlanName: sub.planName,
        durationMonths: terms.months,
        periodCents: terms.priceCents,
        grantsAllVipTips: plan.grantsAllVipTips,
        includesPacks: plan.grantsAllVipTips || plan.includesPacks,
        prorationDate: now,
        prorationCents: quote.prorationCents,
        chargedNow: newPeriod,
        amountDueNowCents: newPeriod ? Math.max(0, total) : 0,
        // A credit larger than today's charge is spent on the next ones (customer balance).
        nextChargeAt: newPeriod ? addMonths(now, terms.months) : sub.endDate,
        nextChargeCents: newPeriod
          ? Math.max(0, terms.priceCents + Math.min(0, total))
          : Math.max(0, total),
        createdAt: now,
        updatedAt: now,
      });
      return quoteOf(row);
    },

    async confirm(userId: string, changeId: string): Promise<TPlanChangeResponse> {
      const change = await changes.findOwn(userId, changeId);
      if (!change) throw AppError.conflict(PLAN_CHANGE_TEXT.expired, 'PLAN_CHANGE_EXPIRED');
      if (change.status === 'applied') return answer(userId, change.planName);
      const now = deps.clock();
      if (now.getTime() - change.createdAt.getTime() > QUOTE_MS)
        throw AppError.conflict(PLAN_CHANGE_TEXT.expired, 'PLAN_CHANGE_EXPIRED');
      const sub = changeable(await deps.subscriptions.findById(change.subscriptionRowId), now);
      // Anything that changed the subscription since (a renewal, another change) makes the
      // quote's proration wrong: it is computed again.
      if (sub.updatedAt.getTime() > change.createdAt.getTime())
        throw AppError.conflict(PLAN_CHANGE_TEXT.expired, 'PLAN_CHANGE_EXPIRED');
      // A change that charges today is a new purchase: the spend limit may refuse it first.
      if (change.chargedNow) await kit.spendLimit.ensureRoom(userId, change.amountDueNowCents);
      try {
        await providerOf(sub).applyPriceChange({
          subscriptionId: sub.providerSubscriptionId ?? sub.id,
          customerId: sub.providerCustomerId,
          itemName: change.planName,
          amountCents: change.periodCents,
          currency: 'USD',
          recurringMonths: change.durationMonths,
          prorationDate: change.prorationDate,
          current: {
            amountCents: await currentPeriodCents(sub),
            periodStart: addMonths(sub.endDate, -sub.durationMonths),
            periodEnd: sub.endDate,
            recurringMonths: sub.durationMonths,
          },
          changeId: change.id,
          // Later invoices name the change's transaction: renewals are checked against it.
          metadata: {
            transactionId: change.transactionId,
            planChangeId: change.id,
            userId,
            planKey: change.planKey,
          },
        });
      } catch (err) {
        if (err instanceof PaymentProviderError) {
          kit.log.error({ err, userId, changeId }, 'el proveedor no cambió el plan');
          throw providerFailed();
        }
        throw err;
      }
      await kit.repo.withTransaction(async (r) => {
        const terms = await applyPlanChange(r.db, change.id, now);
        if (terms) await kit.fulfilment.recordTermsIn(r, terms, now);
      });
      kit.fulfilment.committed();
      kit.log.info({ userId, changeId, plan: change.planKey }, 'plan cambiado');
      return answer(userId, change.planName);
    },
  };
}
export type PlanChangeService = ReturnType<typeof createPlanChangeService>;
