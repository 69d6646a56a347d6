import {
  mailboxOf,
  REFERRAL_MAX_MONTHS_PER_YEAR,
  REFERRAL_REWARD_MONTHS,
} from '@magotips/contracts/referrals';
import { z } from 'zod';
import type { Db } from '../../db/database';
import type { PaymentEventBus } from '../events/payment-events';
import { grantPlanGift } from '../gift-codes/plan-grant';
import { type ClaimedJob, type JobContext, type JobRunner, RetryLater } from '../jobs/job-runner';
import type { PaymentsKit } from '../payments/payments-kit';
import { createSubscriptionsRepository } from '../subscriptions/subscriptions.repository';
import { createPaymentsRepository } from '../payments/payments.repository';
import { createUsersRepository, type UsersRepository } from '../users/users.repository';
import { rewardEmailJob } from './referral-email';
import {
  type ReferralRow,
  type ReferralStatus,
  referralsRepository,
  settleAtOf,
} from './referrals.repository';

/** The settlement of a referred reader's first payment, REFERRAL_SETTLE_DAYS after it. */
export const SETTLE_JOB = 'referral.settle';

const ZSettle = z.object({ referredUserId: z.uuid() });

/**
 * A referred reader's first payment above 0 (decision 0119), recorded in the payment's own
 * database transaction: one row per reader (two racing first payments record one, the primary
 * key says so), and the settlement job for 14 days later. A payment of the same mailbox as the
 * referrer is recorded as `self` at once and settles nothing.
 */
export function recordFirstPayments(
  events: Pick<PaymentEventBus, 'within'>,
  jobs: Pick<JobRunner, 'enqueue'>,
) {
  events.within('paymentCompleted', async (event, tx) => {
    if (event.amountCents <= 0) return;
    const repo = referralsRepository(tx);
    const referrer = await repo.referrerOf(event.userId);
    if (!referrer) return;
    // Paid before (a payment since refunded included): this is not the first.
    if (await repo.hasPaid(event.userId, event.transactionId)) return;
    const settleAt = settleAtOf(event.at);
    const inserted = await repo.insertReferral({
      referredUserId: event.userId,
      referrerUserId: referrer.referrerId,
      firstTransactionId: event.transactionId,
      paidAt: event.at,
      settleAt,
      status: referrer.sameMailbox ? 'self' : 'pending',
      settledAt: referrer.sameMailbox ? event.at : null,
    });
    if (!inserted || referrer.sameMailbox) return;
    await jobs.enqueue(tx, {
      kind: SETTLE_JOB,
      payload: { referredUserId: event.userId },
      runAt: settleAt,
      dedupeKey: `${SETTLE_JOB}:${event.userId}`,
    });
  });
}

export type SettlementDeps = {
  jobs: JobRunner;
  kit: Pick<PaymentsKit, 'providerFor' | 'repo'>;
  users: Pick<UsersRepository, 'contactOf'>;
  /** Told after a reward commits: cached reads of the reader's account must not outlive it. */
  afterCommit?: () => void;
};

/** The two readers' Stripe charges share a card: one person with two accounts. Asked before the
 * database transaction (a provider call holds no lock); a provider this server no longer talks
 * to, or a reader without a customer there, has no cards to compare. */
async function sameCard(
  deps: SettlementDeps,
  row: ReferralRow,
  providerName: string,
): Promise<boolean> {
  const provider = deps.kit.providerFor(providerName);
  if (!provider) return false;
  const [friend, reader] = await Promise.all([
    deps.kit.repo.findCustomer(row.referredUserId, providerName),
    deps.kit.repo.findCustomer(row.referrerUserId, providerName),
  ]);
  if (!friend || !reader) return false;
  const [a, b] = await Promise.all([
    provider.cardFingerprints(friend),
    provider.cardFingerprints(reader),
  ]);
  const theirs = new Set(b);
  return a.some((print) => theirs.has(print));
}

/**
 * The job `referral.settle`: the row locked, then refunded → `refunded`; the same mailbox or card
 * → `self`; the referrer's 12 months of the last 365 days reached → `capped` (counted under a
 * lock on the referrer's user row, the lock the grant itself takes first, so racing settlements
 * of one referrer count one after another); otherwise `rewarded`: a month as a gift, its 'gift'
 * transaction of 0 and the e-mail. A settled row is left alone, so a repeated job does nothing.
 */
export function registerSettlementJob(deps: SettlementDeps): void {
  deps.jobs.register(SETTLE_JOB, async (job: ClaimedJob, ctx: JobContext) => {
    const { referredUserId } = ZSettle.parse(job.payload);
    const row = await referralsRepository(ctx.db).find(referredUserId);
    if (!row || row.status !== 'pending') return;
    const now = ctx.clock();
    if (row.settleAt.getTime() > now.getTime())
      throw new RetryLater(row.settleAt.getTime() - now.getTime(), 'aún no vence');
    const first = await deps.kit.repo.findById(row.firstTransactionId);
    const cardShared =
      first !== null && first.status !== 'refunded' && (await sameCard(deps, row, first.provider));
    const outcome = await ctx.db.transaction((tx) =>
      settle(tx, deps, referredUserId, cardShared, now),
    );
    if (outcome === 'rewarded') deps.afterCommit?.();
    ctx.log.info({ job: job.kind, outcome }, 'invitación liquidada');
  });
}

async function settle(
  tx: Db,
  deps: SettlementDeps,
  referredUserId: string,
  cardShared: boolean,
  now: Date,
): Promise<ReferralStatus | null> {
  const repo = referralsRepository(tx);
  const row = await repo.lock(referredUserId);
  if (!row || row.status !== 'pending') return null;
  const outcome = await judge(tx, row, cardShared, now);
  if (outcome !== 'rewarded') {
    await repo.settle(referredUserId, outcome, now);
    return outcome;
  }
  const plan = await repo.premiumPlan();
  const granted = await grantPlanGift(
    tx,
    deps.jobs,
    {
      userId: row.referrerUserId,
      planId: plan?.id ?? null,
      planKey: plan?.key ?? 'premium',
      itemName: plan?.name ?? 'Premium',
      months: REFERRAL_REWARD_MONTHS,
    },
    now,
  );
  await repo.settle(referredUserId, 'rewarded', now, granted.transactionId);
  await deps.jobs.enqueue(
    tx,
    rewardEmailJob({
      referrerUserId: row.referrerUserId,
      referredUserId,
      endDate: granted.endDate.toISOString(),
      extended: granted.extended,
    }),
  );
  return 'rewarded';
}

async function judge(
  tx: Db,
  row: ReferralRow,
  cardShared: boolean,
  now: Date,
): Promise<ReferralStatus> {
  // Every read on `tx`: PGlite runs one statement at a time, and this transaction holds it.
  const repo = referralsRepository(tx);
  const first = await createPaymentsRepository(tx).findById(row.firstTransactionId);
  if (!first || first.status === 'refunded') return 'refunded';
  const people = createUsersRepository(tx);
  const friend = await people.contactOf(row.referredUserId);
  const reader = await people.contactOf(row.referrerUserId);
  if (!reader || !friend) return 'gone';
  // E-mails may have changed in 14 days: the mailbox is compared again.
  if (cardShared || mailboxOf(friend.email) === mailboxOf(reader.email)) return 'self';
  // The referrer's lock, before counting: the grant below takes the same one first anyway.
  await createSubscriptionsRepository(tx).lockUser(row.referrerUserId);
  const months = await repo.monthsSince(row.referrerUserId, now, REFERRAL_REWARD_MONTHS);
  return months + REFERRAL_REWARD_MONTHS > REFERRAL_MAX_MONTHS_PER_YEAR ? 'capped' : 'rewarded';
}
