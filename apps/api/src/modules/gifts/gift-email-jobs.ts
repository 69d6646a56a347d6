import { messageHasLink } from '@magotips/contracts/gift-message-links';
import { fromCents } from '@magotips/contracts/money';
import { z } from 'zod';
import type { JobInput, JobRunner } from '../jobs/job-runner';
import type { Mailer } from '../mail/mailer';
import type { PaymentsRepository, TransactionRow } from '../payments/payments.repository';
import type { UsersRepository } from '../users/users.repository';
import { giftBuyerEmail, giftRecipientEmail, giftRedeemUrl, type GiftWhat } from './gift-emails';
import { purchaseGiftCode } from './gift-purchase-code';

/** A paid gift's two e-mails, as jobs of the durable queue (decision 0064): enqueued in the
 * payment's database transaction, beside the code they carry, so they exist exactly when the
 * code does; a crash before the send loses neither and a failure is retried. */
export const GIFT_EMAIL_JOB = 'gifts.email';

const ZGiftEmail = z.object({
  transactionId: z.uuid(),
  to: z.enum(['buyer', 'recipient']),
});

/** The e-mails of one paid gift: to the buyer always, to the recipient when named. The keys
 * are the "never twice": a payment is fulfilled once, and this holds even if it were not. */
export function giftEmailJobs(tx: Pick<TransactionRow, 'id' | 'giftRecipientEmail'>): JobInput[] {
  const to = tx.giftRecipientEmail ? (['buyer', 'recipient'] as const) : (['buyer'] as const);
  return to.map((who) => ({
    kind: GIFT_EMAIL_JOB,
    payload: { transactionId: tx.id, to: who },
    dedupeKey: `${GIFT_EMAIL_JOB}:${tx.id}:${who}`,
  }));
}

/** What the code gives, read from its transaction. */
export function giftWhatOf(
  tx: Pick<TransactionRow, 'kind' | 'itemName' | 'durationMonths'>,
): GiftWhat {
  return {
    type: tx.kind === 'pack' ? 'pack' : 'plan',
    itemName: tx.itemName,
    months: tx.kind === 'subscription' ? (tx.durationMonths ?? 1) : null,
  };
}

export function registerGiftEmailJobs(deps: {
  jobs: JobRunner;
  mailer: Mailer;
  payments: Pick<PaymentsRepository, 'findById'>;
  users: Pick<UsersRepository, 'contactOf'>;
  appUrl: string;
  supportEmail: string;
  /** The server secret the code is derived from (decision 0054): never in a job's payload. */
  giftSecret: string;
}): void {
  deps.jobs.register(GIFT_EMAIL_JOB, async (job) => {
    const { transactionId, to } = ZGiftEmail.parse(job.payload);
    const tx = await deps.payments.findById(transactionId);
    // A gift refunded before its turn came has no code left to give; a buyer who deleted their
    // account is no longer anyone to name or write to.
    if (!tx?.isGift || tx.status !== 'completed' || !tx.userId) return;
    const buyer = await deps.users.contactOf(tx.userId);
    if (!buyer) return;
    const code = purchaseGiftCode(deps.giftSecret, tx.id).plain;
    const redeemUrl = giftRedeemUrl(deps.appUrl, code);
    const what = giftWhatOf(tx);
    // The same key for every run of this job: a repeat after a crash is the same message. The
    // job's id, not the payment's: the recipient has no business with the buyer's reference.
    const idempotencyKey = `gift-${job.id}`;
    // A message stored before links were refused (decision 0083) is left out, not relayed.
    const message = tx.giftMessage && !messageHasLink(tx.giftMessage) ? tx.giftMessage : null;
    if (to === 'buyer') {
      await deps.mailer.send({
        to: buyer.email,
        idempotencyKey,
        ...giftBuyerEmail({
          firstName: buyer.firstName,
          what,
          code,
          redeemUrl,
          recipientEmail: tx.giftRecipientEmail,
          withMessage: message !== null,
          amount: fromCents(tx.amountCents),
          transactionId: tx.id,
          supportEmail: deps.supportEmail,
          country: buyer.country,
        }),
      });
    } else if (tx.giftRecipientEmail) {
      await deps.mailer.send({
        to: tx.giftRecipientEmail,
        idempotencyKey,
        ...giftRecipientEmail({
          buyerName: `${buyer.firstName} ${buyer.lastName}`,
          what,
          message,
          code,
          redeemUrl,
        }),
      });
    }
  });
}
