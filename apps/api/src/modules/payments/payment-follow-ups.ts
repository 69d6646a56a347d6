import { fromCents } from '@magotips/contracts/money';
import { z } from 'zod';
import type { Db } from '../../db/database';
import type { JobInput, JobRunner } from '../jobs/job-runner';
import type { Mailer } from '../mail/mailer';
import type { UsersRepository } from '../users/users.repository';
import {
  receiptEmail,
  renewalFailedEmail,
  subscriptionEndedEmail,
  upcomingChargeEmail,
} from './payment-emails';
import type { PaymentProvider } from './payment-provider';
import type { PaymentsRepository } from './payments.repository';
import type { ProductRegistry } from './products';

/**
 * What a payment leaves for after its commit (decision 0064): e-mails and provider calls, as
 * jobs of the durable queue enqueued in the payment's own database transaction. They exist
 * exactly when the payment does, a crash between the commit and the send loses none, and a
 * failure is retried. Each e-mail carries a key of its own, so a job run twice (its instance
 * died after the send) hands over the same message, which receivers and the outbox keep once.
 */
export const PAYMENT_JOBS = {
  receipt: 'payments.receipt',
  renewalFailed: 'payments.renewal-failed',
  subscriptionEnded: 'payments.subscription-ended-unpaid',
  upcomingCharge: 'payments.upcoming-charge',
  stopSubscription: 'payments.stop-subscription',
} as const;

const ZReceipt = z.object({
  transactionId: z.uuid(),
  endDate: z.iso.datetime().nullable(),
  isRenewal: z.boolean(),
});
const ZRenewalFailed = z.object({
  userId: z.uuid(),
  planName: z.string(),
  amountCents: z.number().int().nullable(),
  /** The provider's next attempt; absent in jobs enqueued before it was carried. */
  nextAttempt: z.iso.datetime().nullable().optional(),
});
const ZEnded = z.object({ userId: z.uuid(), planName: z.string() });
const ZUpcoming = z.object({
  userId: z.uuid(),
  planName: z.string(),
  amountCents: z.number().int(),
  at: z.iso.datetime(),
});
const ZStop = z.object({ provider: z.string(), subscriptionId: z.string() });

/** Once per transaction, whatever delivers it (the key is the "never twice"). */
export function receiptJob(
  transactionId: string,
  receipt: { endDate: Date | null; isRenewal: boolean },
): JobInput {
  return {
    kind: PAYMENT_JOBS.receipt,
    payload: {
      transactionId,
      endDate: receipt.endDate?.toISOString() ?? null,
      isRenewal: receipt.isRenewal,
    },
    dedupeKey: `${PAYMENT_JOBS.receipt}:${transactionId}`,
  };
}

/** One per event that told of the failure: `eventKey` is the Stripe event id (or the simulated
 * attempt), so the same event delivered twice, even past its record, e-mails once. */
export function renewalFailedJob(
  input: z.infer<typeof ZRenewalFailed>,
  eventKey?: string,
): JobInput {
  return {
    kind: PAYMENT_JOBS.renewalFailed,
    payload: input,
    ...(eventKey ? { dedupeKey: `${PAYMENT_JOBS.renewalFailed}:${eventKey}` } : {}),
  };
}

/** Once per subscription that ended unpaid, whichever event (deleted, unpaid) told first. */
export function subscriptionEndedJob(
  input: z.infer<typeof ZEnded>,
  providerSubscriptionId: string,
): JobInput {
  return {
    kind: PAYMENT_JOBS.subscriptionEnded,
    payload: input,
    dedupeKey: `${PAYMENT_JOBS.subscriptionEnded}:${providerSubscriptionId}`,
  };
}

/** Once per renewal date of a subscription (`invoice.upcoming` or the simulated biller). */
export function upcomingChargeJob(
  input: z.infer<typeof ZUpcoming>,
  providerSubscriptionId: string,
): JobInput {
  return {
    kind: PAYMENT_JOBS.upcomingCharge,
    payload: input,
    dedupeKey: `${PAYMENT_JOBS.upcomingCharge}:${providerSubscriptionId}:${input.at.slice(0, 10)}`,
  };
}

export function stopSubscriptionJob(input: z.infer<typeof ZStop>): JobInput {
  return {
    kind: PAYMENT_JOBS.stopSubscription,
    payload: input,
    dedupeKey: `${PAYMENT_JOBS.stopSubscription}:${input.provider}:${input.subscriptionId}`,
  };
}

export type PaymentFollowUpsDeps = {
  jobs: JobRunner;
  mailer: Mailer;
  repo: PaymentsRepository;
  users: Pick<UsersRepository, 'contactOf'>;
  products: ProductRegistry;
  providerFor(name: string): PaymentProvider | null;
  appUrl: string;
  /** Named in the e-mails as where to write (SUPPORT_EMAIL). */
  supportEmail: string;
};

/** Registers the jobs' handlers on the queue; answers how to enqueue them. */
export function registerPaymentFollowUps(deps: PaymentFollowUpsDeps) {
  const { jobs, mailer } = deps;
  const panelUrl = `${deps.appUrl}/panel/cuenta`;

  jobs.register(PAYMENT_JOBS.receipt, async (job) => {
    const input = ZReceipt.parse(job.payload);
    const tx = await deps.repo.findById(input.transactionId);
    // The account was deleted since (its payments stay, detached from the person).
    const contact = tx?.userId ? await deps.users.contactOf(tx.userId) : null;
    if (!tx || !contact) return;
    await mailer.send({
      to: contact.email,
      idempotencyKey: `receipt-${tx.id}`,
      ...receiptEmail({
        firstName: contact.firstName,
        paidFor: deps.products.of(tx).describe(tx, { isRenewal: input.isRenewal }),
        transactionId: tx.id,
        endDate: input.endDate ? new Date(input.endDate) : null,
        isRenewal: input.isRenewal,
        panelUrl,
        supportEmail: deps.supportEmail,
        reader: contact,
      }),
    });
  });

  jobs.register(PAYMENT_JOBS.renewalFailed, async (job) => {
    const input = ZRenewalFailed.parse(job.payload);
    const contact = await deps.users.contactOf(input.userId);
    if (!contact) return;
    await mailer.send({
      to: contact.email,
      idempotencyKey: `renewal-failed-${job.id}`,
      ...renewalFailedEmail({
        firstName: contact.firstName,
        planName: input.planName,
        amount: input.amountCents === null ? null : fromCents(input.amountCents),
        nextAttempt: input.nextAttempt ? new Date(input.nextAttempt) : null,
        panelUrl,
        supportEmail: deps.supportEmail,
        reader: contact,
      }),
    });
  });

  jobs.register(PAYMENT_JOBS.subscriptionEnded, async (job) => {
    const input = ZEnded.parse(job.payload);
    const contact = await deps.users.contactOf(input.userId);
    if (!contact) return;
    await mailer.send({
      to: contact.email,
      idempotencyKey: `subscription-ended-${job.id}`,
      ...subscriptionEndedEmail({
        firstName: contact.firstName,
        planName: input.planName,
        plansUrl: `${deps.appUrl}/subscription`,
        supportEmail: deps.supportEmail,
        reader: contact,
      }),
    });
  });

  jobs.register(PAYMENT_JOBS.upcomingCharge, async (job) => {
    const input = ZUpcoming.parse(job.payload);
    const contact = await deps.users.contactOf(input.userId);
    if (!contact) return;
    await mailer.send({
      to: contact.email,
      idempotencyKey: `upcoming-charge-${job.id}`,
      ...upcomingChargeEmail({
        firstName: contact.firstName,
        planName: input.planName,
        amount: fromCents(input.amountCents),
        at: new Date(input.at),
        panelUrl,
        supportEmail: deps.supportEmail,
        reader: contact,
      }),
    });
  });

  // Two renewing subscriptions would charge the user twice a month: the older one stops. A
  // provider this server no longer talks to cannot be asked; retrying would not change that.
  jobs.register(PAYMENT_JOBS.stopSubscription, async (job) => {
    const input = ZStop.parse(job.payload);
    await deps.providerFor(input.provider)?.setCancelAtPeriodEnd(input.subscriptionId, true);
  });

  return {
    /** Enqueues in `db`, the payment's database transaction. */
    enqueue: (db: Db, input: JobInput[]) => jobs.enqueue(db, input),
  };
}
export type PaymentFollowUps = ReturnType<typeof registerPaymentFollowUps>;
