import type { Db } from '../../db/database';
import type { JobRunner } from '../jobs/job-runner';
import { createPaymentsRepository, type NewTransaction } from '../payments/payments.repository';
import { addMonths } from '../subscriptions/billing-period';
import { extendByGift } from '../subscriptions/next-charge';
import { createSubscriptionsRepository } from '../subscriptions/subscriptions.repository';
import { GIFT_PROVIDER } from '../users/gift-provider';

/** A gift's record among the payments: completed at once, for nothing, by no provider. */
export function giftTransaction(
  now: Date,
  what: Pick<NewTransaction, 'userId' | 'kind' | 'itemName'> &
    Partial<Pick<NewTransaction, 'packId' | 'planId' | 'planKey' | 'durationMonths'>>,
): NewTransaction {
  return {
    ...what,
    amountCents: 0,
    status: 'completed',
    isRecurring: false,
    provider: GIFT_PROVIDER,
    completedAt: now,
    createdAt: now,
    updatedAt: now,
  };
}

/** Months of a plan given for nothing: a redeemed gift code's, a referral's reward. */
export type PlanGift = {
  userId: string;
  planId: string | null;
  planKey: string;
  itemName: string;
  months: number;
};

export type PlanGranted = {
  transactionId: string;
  /** The access's new end. */
  endDate: Date;
  /** A running subscription grew (true), or the gift's plan replaced an ended one (false). */
  extended: boolean;
};

/**
 * THE rule of a plan given as a gift (decision 0047, 0086), shared by gift codes and referrals
 * (decision 0119): a 'gift' transaction of 0, then, under the reader's lock, a running
 * subscription (or a renewing one the provider is still collecting) grows by the months and keeps
 * its plan and renewal (a provider's billing date follows through a job), and one that ended is
 * replaced by the gift's plan. Runs in `tx`, the caller's database transaction.
 */
export async function grantPlanGift(
  tx: Db,
  jobs: Pick<JobRunner, 'enqueue'>,
  gift: PlanGift,
  now: Date,
): Promise<PlanGranted> {
  const pay = createPaymentsRepository(tx);
  const subscriptions = createSubscriptionsRepository(tx);
  const row = await pay.insertTransaction(
    giftTransaction(now, {
      userId: gift.userId,
      kind: 'subscription',
      planId: gift.planId,
      itemName: gift.itemName,
      planKey: gift.planKey,
      durationMonths: gift.months,
    }),
  );
  await subscriptions.lockUser(gift.userId);
  const current = await subscriptions.lock(gift.userId);
  const running =
    current !== null && (current.endDate.getTime() > now.getTime() || current.isRecurring);
  if (running) {
    const endDate = addMonths(
      current.endDate.getTime() > now.getTime() ? current.endDate : now,
      gift.months,
    );
    await extendByGift(tx, jobs, current, endDate, now);
    return { transactionId: row.id, endDate, extended: true };
  }
  const endDate = addMonths(now, gift.months);
  await subscriptions.save(
    gift.userId,
    {
      planId: gift.planId,
      planKey: gift.planKey,
      planName: gift.itemName,
      durationMonths: gift.months,
      endDate,
      isRecurring: false,
      provider: GIFT_PROVIDER,
      providerCustomerId: null,
      providerSubscriptionId: null,
    },
    now,
  );
  return { transactionId: row.id, endDate, extended: false };
}
