import { formatUsd, fromCents } from '@magotips/contracts/money';
import { TRIAL_TEXT } from '@magotips/contracts/plan-grants';
import { planNoun } from '@magotips/contracts/plans';
import { insertJobs } from '../jobs/job-queue';
import type { DueRenewal, Holder, PaymentProduct, SubscriptionRef } from '../payments/products';
import { addMonths, extendEnd } from './billing-period';
import { applyPlanChange } from './plan-change-apply';
import {
  createSubscriptionsRepository,
  type DueSimulatedRow,
  type SubscriptionRow,
  type SubscriptionsRepository,
} from './subscriptions.repository';
import { trialReminderJob } from './trial-reminder';
import { createTrialUses } from './trial-uses';

const holderOf = (row: SubscriptionRow): Holder => ({
  userId: row.userId,
  planKey: row.planKey,
  planName: row.planName,
  durationMonths: row.durationMonths,
  renews: row.isRecurring,
  paymentPending: row.isRecurring && row.paymentFailedAt !== null,
});

const lockByRef = (subscriptions: SubscriptionsRepository, ref: SubscriptionRef) =>
  'rowId' in ref
    ? subscriptions.lockById(ref.rowId)
    : subscriptions.lockByProvider(ref.providerSubscriptionId);

const DAY_MS = 86_400_000;

/** A plan as the payments port sells it (decision 0064): each paid period extends the buyer's
 * subscription, a refund pulls one back, and the provider's renewals come through `recurring`.
 * Changes to one user's subscription queue on their user row (lockUser), so two payments
 * fulfilled at once both count. */
export function createSubscriptionProduct(): PaymentProduct {
  return {
    key: 'subscription',

    async fulfil({ db, transaction: tx, facts, now }) {
      if (!tx.userId) return { receipt: null };
      const subscriptions = createSubscriptionsRepository(db);
      await subscriptions.lockUser(tx.userId);
      const current = await subscriptions.lock(tx.userId);
      // A free trial (decision 0098) gives its days, and nothing was charged for them.
      const trialEndsAt =
        tx.trialDays && tx.isRecurring ? new Date(now.getTime() + tx.trialDays * DAY_MS) : null;
      const endDate =
        trialEndsAt ?? extendEnd(current?.endDate ?? null, now, tx.durationMonths ?? 1);
      // A one-off month bought while a renewal is running (late completion) keeps that renewal.
      const keepsRenewal = !tx.isRecurring && current?.isRecurring === true;
      const newSubscriptionId = tx.isRecurring ? (facts.subscriptionId ?? null) : null;
      const stop =
        tx.isRecurring &&
        current?.isRecurring &&
        current.providerSubscriptionId &&
        newSubscriptionId &&
        current.providerSubscriptionId !== newSubscriptionId
          ? // Two renewing subscriptions would charge the user twice a month: the newer stands.
            [{ provider: current.provider, subscriptionId: current.providerSubscriptionId }]
          : [];
      await subscriptions.save(
        tx.userId,
        {
          planId: tx.planId,
          planKey: tx.planKey ?? current?.planKey ?? 'premium',
          planName: tx.itemName,
          durationMonths: tx.durationMonths ?? current?.durationMonths ?? 1,
          endDate,
          isRecurring: tx.isRecurring || keepsRenewal,
          provider: keepsRenewal && current ? current.provider : tx.provider,
          providerCustomerId: facts.customerId ?? current?.providerCustomerId ?? null,
          providerSubscriptionId:
            keepsRenewal && current ? current.providerSubscriptionId : newSubscriptionId,
          trialEndsAt,
          trialThenCents: trialEndsAt ? tx.trialThenCents : null,
          // One period's price before discounts: renewals are charged and checked against it.
          periodCents: tx.trialThenCents ?? tx.amountCents + (tx.discountCents ?? 0),
        },
        now,
      );
      if (trialEndsAt) {
        await createTrialUses(db).record(tx.userId, tx.id, now);
        const saved = await subscriptions.find(tx.userId);
        if (saved) await insertJobs(db, [trialReminderJob(saved.id, trialEndsAt, now)], now);
      }
      return { receipt: { endDate }, stop };
    },

    /** The paid period comes off the subscription's end. */
    async refund({ db, transaction: tx, now }) {
      if (!tx.userId) return;
      const subscriptions = createSubscriptionsRepository(db);
      await subscriptions.lockUser(tx.userId);
      const current = await subscriptions.lock(tx.userId);
      if (!current) return;
      await subscriptions.update(
        current.id,
        { endDate: addMonths(current.endDate, -(tx.durationMonths ?? 1)) },
        now,
      );
    },

    describe(tx, { isRenewal }) {
      if (tx.trialDays && !isRenewal) return TRIAL_TEXT.startedReceipt(tx.itemName, tx.trialDays);
      const amount = formatUsd(fromCents(tx.amountCents));
      return isRenewal
        ? `Hemos cobrado ${amount} por la renovación de tu ${planNoun(tx.itemName)}.`
        : `Hemos recibido tu pago de ${amount} por el ${planNoun(tx.itemName)}. Tu suscripción ya está activa.`;
    },

    recurring: {
      async renew({ db, transaction: tx, provider, subscriptionId, renews, now }) {
        if (!tx.userId) return { receipt: null };
        const subscriptions = createSubscriptionsRepository(db);
        const months = tx.durationMonths ?? 1;
        await subscriptions.lockUser(tx.userId);
        const current = await subscriptions.lock(tx.userId);
        const endDate = extendEnd(current?.endDate ?? null, now, months);
        const sameSubscription =
          current !== null &&
          (subscriptionId === null || current.providerSubscriptionId === subscriptionId);
        if (current) {
          await subscriptions.update(
            current.id,
            {
              endDate,
              // A paid renewal settles a failed one the provider was retrying.
              paymentFailedAt: null,
              nextPaymentAttemptAt: null,
              // It charged a plan change's adjustment (decision 0100); a credit larger than the
              // period stays for the next one, as Stripe's customer balance does.
              pendingAdjustmentCents: Math.min(
                0,
                current.pendingAdjustmentCents + (current.periodCents ?? tx.amountCents),
              ),
              ...(sameSubscription && renews !== null ? { isRecurring: renews } : {}),
              // The provider charged on its own date, a gift not yet followed (decision 0086):
              // its calendar moved one period on, and the pending job still moves it to the end.
              ...(sameSubscription && current.nextChargeAt
                ? { nextChargeAt: addMonths(current.nextChargeAt, months) }
                : {}),
            },
            now,
          );
        } else {
          await subscriptions.save(
            tx.userId,
            {
              planId: tx.planId,
              planKey: tx.planKey ?? 'premium',
              planName: tx.itemName,
              durationMonths: months,
              endDate,
              isRecurring: renews ?? true,
              provider,
              providerCustomerId: null,
              providerSubscriptionId: subscriptionId,
            },
            now,
          );
        }
        return { receipt: { endDate } };
      },

      async setRenews(db, providerSubscriptionId, renews, now) {
        const subscriptions = createSubscriptionsRepository(db);
        const row = await subscriptions.lockByProvider(providerSubscriptionId);
        if (row && row.isRecurring !== renews)
          await subscriptions.update(row.id, { isRecurring: renews }, now);
      },

      async holderOf(db, providerSubscriptionId) {
        const row = await createSubscriptionsRepository(db).lockByProvider(providerSubscriptionId);
        return row ? holderOf(row) : null;
      },

      async paymentFailed(db, ref, nextAttempt, now) {
        const subscriptions = createSubscriptionsRepository(db);
        const row = await lockByRef(subscriptions, ref);
        if (!row || !row.isRecurring) return null;
        await subscriptions.update(
          row.id,
          { paymentFailedAt: row.paymentFailedAt ?? now, nextPaymentAttemptAt: nextAttempt },
          now,
        );
        return holderOf(row);
      },

      async endUnpaid(db, ref, now) {
        const subscriptions = createSubscriptionsRepository(db);
        const row = await lockByRef(subscriptions, ref);
        if (!row || (!row.isRecurring && row.paymentFailedAt === null)) return null;
        await subscriptions.update(
          row.id,
          {
            isRecurring: false,
            paymentFailedAt: null,
            nextPaymentAttemptAt: null,
            // The period it did not pay for gives nothing: access ends now at the latest.
            endDate: row.endDate.getTime() < now.getTime() ? row.endDate : now,
          },
          now,
        );
        return holderOf(row);
      },

      applyChange: applyPlanChange,

      endLapsed: (db, before, now) =>
        createSubscriptionsRepository(db).endLapsedRenewals(before, now),

      async upcomingSimulated(db, now, until, months, limit) {
        const rows = await createSubscriptionsRepository(db).upcomingSimulatedRenewals(
          now,
          until,
          months,
          limit,
        );
        return rows.map((row) => ({ ...toDue(row), holder: holderOf(row.subscription) }));
      },

      async dueSimulated(db, now, notBefore, limit) {
        const rows = await createSubscriptionsRepository(db).dueSimulatedRenewals(
          now,
          notBefore,
          limit,
        );
        return rows.map(toDue);
      },
    },
  };
}

function toDue({ subscription, plan }: DueSimulatedRow): DueRenewal {
  // The subscription's own terms (a yearly price, a changed plan), else the plan's price now.
  const period = subscription.periodCents ?? plan.priceCents;
  return {
    userId: subscription.userId,
    subscriptionRowId: subscription.id,
    periodEnd: subscription.endDate,
    declines: subscription.simulatedCardDeclines,
    failedBefore: subscription.paymentFailedAt !== null,
    checkout: {
      planId: plan.id,
      itemName: plan.name,
      planKey: plan.key,
      durationMonths: subscription.durationMonths,
      currency: 'USD',
    },
    priceCents: Math.max(0, period + subscription.pendingAdjustmentCents),
  };
}
