import { fromCents } from '@magotips/contracts/money';
import type { FastifyBaseLogger } from 'fastify';
import { giftCodesRepository } from '../gift-codes/gift-codes.repository';
import { issueGiftCodes } from '../gift-codes/issue-gift-codes';
import type { JobRunner } from '../jobs/job-runner';
import type { PaymentProduct } from '../payments/products';
import { giftPaidLine } from './gift-emails';
import { giftEmailJobs, giftWhatOf } from './gift-email-jobs';
import { purchaseGiftCode } from './gift-purchase-code';

/** A gift as the payments port sells it (decision 0053, 0064): paid, its one code is issued and
 * e-mailed (the buyer's e-mail is their receipt); refunded, the code is taken back unless it was
 * already redeemed. */
export function createGiftProduct(deps: {
  jobs: JobRunner;
  log: FastifyBaseLogger;
  /** The server secret the code is derived from (decision 0054). */
  giftSecret: string;
}): PaymentProduct {
  return {
    key: 'gift',

    async fulfil({ db, transaction: tx, now }) {
      if (tx.kind === 'pack' && !tx.packId) {
        // The pack was deleted between checkout and payment: nothing left to give.
        deps.log.error(
          { transactionId: tx.id },
          'regalo pagado de un pack borrado: revisar y reembolsar',
        );
        return { receipt: null };
      }
      // The batch names the transaction (unique), so this cannot happen twice for one payment.
      await issueGiftCodes(db, {
        grant:
          tx.kind === 'pack' && tx.packId
            ? { type: 'pack', packId: tx.packId, packName: tx.itemName }
            : {
                type: 'plan',
                planId: tx.planId,
                planKey: tx.planKey ?? 'premium',
                planName: tx.itemName,
                months: tx.durationMonths ?? 1,
              },
        count: 1,
        expiresAt: null,
        note: null,
        createdBy: null,
        now,
        purchaseTransactionId: tx.id,
        minted: [purchaseGiftCode(deps.giftSecret, tx.id)],
      });
      if (tx.userId) await deps.jobs.enqueue(db, giftEmailJobs(tx));
      deps.log.info({ transactionId: tx.id, kind: tx.kind }, 'regalo pagado: código emitido');
      return { receipt: null };
    },

    async refund({ db, transaction, now }) {
      await giftCodesRepository.revokePurchase(db, transaction.id, now);
    },

    describe(tx) {
      return giftPaidLine(fromCents(tx.amountCents), giftWhatOf(tx));
    },
  };
}
