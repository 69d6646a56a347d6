import { UPCOMING_NOTICE_DAYS, UPCOMING_NOTICE_MONTHS } from '@magotips/contracts/billing';
import type { Db } from '../../db/database';
import { renewalFailedJob, subscriptionEndedJob, upcomingChargeJob } from './payment-follow-ups';
import type { PaymentsKit } from './payments-kit';
import type { DueRenewal } from './products';

const DAY_MS = 86_400_000;
/** The simulated provider tries a declined renewal once more this many days later, then gives
 * up (inside the renewal grace, so the payment job still finds it due). Stripe's own schedule
 * is its Dashboard's retry setting. */
export const SIMULATED_RETRY_DAYS = 2;

/**
 * A due simulated renewal whose card declines (decision 0095): the first failure keeps access
 * and says "Pago pendiente" until the retry, with one e-mail; a failure of that retry ends the
 * subscription, with one e-mail. Both in one transaction with their jobs, like a Stripe event.
 */
export async function declineSimulatedRenewal(
  kit: PaymentsKit,
  due: DueRenewal,
): Promise<'retrying' | 'ended' | null> {
  const recurring = kit.products.recurring()?.recurring;
  if (!recurring) return null;
  const now = kit.clock();
  const ref = { rowId: due.subscriptionRowId };
  const attempt = `simulated:${due.subscriptionRowId}:${due.periodEnd.getTime()}`;
  const outcome = await kit.repo.withTransaction(async (r) => {
    if (due.failedBefore) {
      const ended = await recurring.endUnpaid(r.db, ref, now);
      if (!ended) return null;
      await kit.followUps.enqueue(r.db, [
        subscriptionEndedJob(
          { userId: ended.userId, planName: ended.planName || due.checkout.itemName },
          attempt,
        ),
      ]);
      return 'ended' as const;
    }
    const nextAttempt = new Date(now.getTime() + SIMULATED_RETRY_DAYS * DAY_MS);
    const holder = await recurring.paymentFailed(r.db, ref, nextAttempt, now);
    if (!holder) return null;
    await kit.followUps.enqueue(r.db, [
      renewalFailedJob(
        {
          userId: holder.userId,
          planName: due.checkout.itemName,
          amountCents: due.priceCents,
          nextAttempt: nextAttempt.toISOString(),
        },
        attempt,
      ),
    ]);
    return 'retrying' as const;
  });
  return outcome;
}

/** Stripe's invoice.upcoming for the simulated provider: a yearly renewal within a week is told
 * once (the job's key is the subscription and the date). Runs in the job's locked transaction. */
export async function noticeUpcomingSimulated(
  kit: PaymentsKit,
  db: Db,
  now: Date,
): Promise<number> {
  if (kit.active?.name !== 'simulated') return 0;
  const recurring = kit.products.recurring()?.recurring;
  if (!recurring) return 0;
  const until = new Date(now.getTime() + UPCOMING_NOTICE_DAYS * DAY_MS);
  const upcoming = await recurring.upcomingSimulated(db, now, until, UPCOMING_NOTICE_MONTHS, 50);
  if (upcoming.length === 0) return 0;
  return kit.followUps.enqueue(
    db,
    upcoming.map((due) =>
      upcomingChargeJob(
        {
          userId: due.userId,
          planName: due.checkout.itemName,
          amountCents: due.priceCents,
          at: due.periodEnd.toISOString(),
        },
        `simulated:${due.subscriptionRowId}`,
      ),
    ),
  );
}
