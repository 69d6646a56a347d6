import { z } from 'zod';
import type { Db } from '../../db/database';
import type { JobRunner } from '../jobs/job-runner';
import { PaymentProviderError } from '../payments/payment-provider';
import type { PaymentsKit } from '../payments/payments-kit';
import { type SubscriptionRow, createSubscriptionsRepository } from './subscriptions.repository';

/**
 * A gift lengthens a subscription a provider charges (decision 0086). Our end date moves at
 * once; the provider's billing date follows through a job of the durable queue, enqueued in the
 * gift's own database transaction: the gift is never lost to a provider outage, and a failed call
 * is retried with backoff. Until the provider answers, `next_charge_at` keeps the date it will
 * still charge, which the account page shows as "Próximo cobro".
 */
export const NEXT_CHARGE_JOB = 'subscriptions.next-charge';

const ZNextCharge = z.object({ subscriptionRowId: z.uuid() });

/** Retries for about a day with the queue's backoff (5 s doubling up to an hour). */
const MAX_ATTEMPTS = 30;

/** Stripe keeps whole seconds. */
const sameSecond = (a: Date, b: Date) =>
  Math.floor(a.getTime() / 1000) === Math.floor(b.getTime() / 1000);

/** A provider subscription that charges by its own calendar (the simulated one is charged by our
 * payment job at `endDate`, so it follows by itself). */
function chargedByProvider(row: SubscriptionRow): row is SubscriptionRow & {
  providerSubscriptionId: string;
} {
  return row.providerSubscriptionId !== null && row.provider !== 'simulated';
}

/**
 * Sets a running subscription's end to `endDate` for a gift, in `db` (the gift's transaction,
 * which holds the row's lock), and, when a provider charges it, asks for the billing date to
 * follow. Called by gift-codes; subscriptions owns the row and its provider's calendar.
 */
export async function extendByGift(
  db: Db,
  jobs: Pick<JobRunner, 'enqueue'>,
  current: SubscriptionRow,
  endDate: Date,
  now: Date,
): Promise<void> {
  const repo = createSubscriptionsRepository(db);
  if (!chargedByProvider(current)) {
    await repo.update(current.id, { endDate }, now);
    return;
  }
  // Until the provider moves it, the charge stays where it was (an earlier gift's pending date).
  await repo.update(
    current.id,
    { endDate, nextChargeAt: current.nextChargeAt ?? current.endDate },
    now,
  );
  await jobs.enqueue(db, {
    kind: NEXT_CHARGE_JOB,
    payload: { subscriptionRowId: current.id },
    dedupeKey: `${NEXT_CHARGE_JOB}:${current.id}:${endDate.toISOString()}`,
    maxAttempts: MAX_ATTEMPTS,
  });
}

/** The job: moves the provider's next charge to the row's end as it is when the job runs (so
 * jobs of two gifts, retried out of order, both send the latest end), then stores the provider's
 * answer. Payloads and log lines carry our row id only. */
export function registerNextChargeJob(deps: { jobs: JobRunner; kit: PaymentsKit }) {
  deps.jobs.register(NEXT_CHARGE_JOB, async (job, ctx) => {
    const { subscriptionRowId } = ZNextCharge.parse(job.payload);
    const repo = createSubscriptionsRepository(ctx.db);
    const row = await repo.findById(subscriptionRowId);
    // Already in step (a later gift's job did it), or no longer charged by a provider.
    if (!row || row.nextChargeAt === null || !chargedByProvider(row)) return;
    const provider = deps.kit.providerFor(row.provider);
    if (!provider) {
      // A provider this server no longer talks to: retrying would not change that.
      ctx.log.warn({ job: job.kind, subscriptionRowId }, 'próximo cobro sin proveedor: no movido');
      return;
    }
    const endDate = row.endDate;
    let nextChargeAt: Date | null;
    try {
      nextChargeAt = (await provider.moveNextCharge(row.providerSubscriptionId, endDate))
        .nextChargeAt;
    } catch (err) {
      if (!(err instanceof PaymentProviderError)) throw err;
      // A subscription that ended at the provider charges nothing more: nothing to move.
      const state = await provider.retrieveSubscription(row.providerSubscriptionId);
      if (state && state.status !== 'canceled' && state.status !== 'incomplete_expired') throw err;
      nextChargeAt = null;
    }
    const differs = nextChargeAt !== null && !sameSecond(nextChargeAt, endDate);
    await repo.settleNextCharge(row.id, endDate, differs ? nextChargeAt : null, ctx.clock());
    ctx.log.info(
      { job: job.kind, subscriptionRowId, inStep: !differs },
      'próximo cobro movido en el proveedor',
    );
  });
}
