import { fromCents } from '@magotips/contracts/money';
import { z } from 'zod';
import type { Db } from '../../db/database';
import type { JobInput, JobRunner } from '../jobs/job-runner';
import type { Mailer } from '../mail/mailer';
import type { UsersRepository } from '../users/users.repository';
import { receiptEmail, renewalFailedEmail } from './payment-emails';
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

/** One per webhook event that told of the failure (the event is recorded once). */
export function renewalFailedJob(input: z.infer<typeof ZRenewalFailed>): JobInput {
  return { kind: PAYMENT_JOBS.renewalFailed, payload: input };
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
        panelUrl,
        supportEmail: deps.supportEmail,
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
