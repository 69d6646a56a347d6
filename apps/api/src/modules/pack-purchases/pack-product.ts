import { formatUsd, fromCents } from '@magotips/contracts/money';
import type { FastifyBaseLogger } from 'fastify';
import type { ReaderEventBus } from '../events/reader-events';
import type { PaymentProduct } from '../payments/products';
import { createPackPurchasesRepository } from './pack-purchases.repository';

/** A pack as the payments port sells it (decision 0064): paid, the buyer owns it and its tips;
 * refunded, they no longer do. */
export function createPackProduct(deps: {
  log: FastifyBaseLogger;
  /** `packBought`, in the fulfilment's transaction: the bot's copies of the pack's tips already
   * published follow it (decision 0110). */
  events: Pick<ReaderEventBus, 'emit'>;
}): PaymentProduct {
  return {
    key: 'pack',

    async fulfil({ db, transaction: tx, now }) {
      if (tx.userId && tx.packId) {
        const inserted = await createPackPurchasesRepository(db).insertPurchase({
          userId: tx.userId,
          packId: tx.packId,
          transactionId: tx.id,
          purchasedAt: now,
        });
        if (inserted) {
          await deps.events.emit(db, {
            type: 'packBought',
            at: now,
            userId: tx.userId,
            packId: tx.packId,
            transactionId: tx.id,
          });
        } else {
          deps.log.warn(
            { transactionId: tx.id, userId: tx.userId, packId: tx.packId },
            'pack pagado dos veces: revisar y reembolsar el pago duplicado',
          );
        }
      }
      return { receipt: { endDate: null } };
    },

    async refund({ db, transaction, now }) {
      await createPackPurchasesRepository(db).revokePurchase(transaction.id, now);
    },

    describe(tx) {
      return `Hemos recibido tu pago de ${formatUsd(fromCents(tx.amountCents))} por el pack «${tx.itemName}». Ya puedes leer todos sus análisis desde tu panel.`;
    },
  };
}
