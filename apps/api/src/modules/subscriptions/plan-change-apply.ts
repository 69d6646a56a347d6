import type { Db } from '../../db/database';
import type { TermsInput } from '../payments/products';
import { addMonths } from './billing-period';
import { createPlanChangesRepository } from './plan-changes.repository';
import { createSubscriptionsRepository } from './subscriptions.repository';

/**
 * The subscriptions side of a plan change (decision 0100), once, in the caller's database
 * transaction: the row takes the new plan, period and price; a change of period length starts a
 * new period at the proration moment (Stripe resets the billing cycle and invoices then), while
 * the same length keeps the end and leaves the proration for the next charge. Answers the terms
 * payments records as a transaction, or null when the change was applied already.
 */
export async function applyPlanChange(
  db: Db,
  changeId: string,
  now: Date,
): Promise<TermsInput | null> {
  const changes = createPlanChangesRepository(db);
  const subscriptions = createSubscriptionsRepository(db);
  const unlocked = await changes.lock(changeId);
  if (!unlocked || unlocked.status === 'applied') return null;
  // The user's subscription queue (lockUser, as payments take it), then the change again.
  await subscriptions.lockUser(unlocked.userId);
  const sub = await subscriptions.lockById(unlocked.subscriptionRowId);
  if (!sub) return null;
  const change = unlocked;
  const leftoverCredit = Math.min(0, change.periodCents + change.prorationCents);
  await subscriptions.setTerms(
    sub.id,
    {
      planId: change.planId,
      planKey: change.planKey,
      planName: change.planName,
      durationMonths: change.durationMonths,
      grantsAllVipTips: change.grantsAllVipTips,
      includesPacks: change.includesPacks,
      periodCents: change.periodCents,
      pendingAdjustmentCents: change.chargedNow
        ? leftoverCredit
        : sub.pendingAdjustmentCents + change.prorationCents,
      endDate: change.chargedNow
        ? addMonths(change.prorationDate, change.durationMonths)
        : sub.endDate,
    },
    now,
  );
  await changes.markApplied(change.id, now);
  return {
    id: change.transactionId,
    userId: change.userId,
    planId: change.planId,
    itemName: change.planName,
    planKey: change.planKey,
    durationMonths: change.durationMonths,
    amountCents: change.amountDueNowCents,
    periodCents: change.periodCents,
    // Stripe puts a same-length change's proration on the next invoice: the first renewal
    // after it is checked against the period plus this.
    adjustmentCents: change.chargedNow ? 0 : change.prorationCents,
    provider: change.provider,
    providerSubscriptionId: change.providerSubscriptionId,
    providerInvoiceId: null,
  };
}
