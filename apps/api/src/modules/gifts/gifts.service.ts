import { deriveMatchStatus } from '@magotips/contracts/match-status';
import {
  GIFT_PURCHASE_MSG,
  giftPlanPriceCents,
  type TGiftPayment,
  type TGiftPurchaseResponse,
} from '@magotips/contracts/gifts';
import { PAYMENT_MESSAGES, type TPaymentCreateResponse } from '@magotips/contracts/payments';
import type { Db } from '../../db/database';
import { AppError } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import { giftCodesRepository } from '../gift-codes/gift-codes.repository';
import { pendingTransaction, toTransactionView } from '../payments/checkout.service';
import type { PaymentsKit } from '../payments/payments-kit';
import type { PacksRepository } from '../packs/packs.repository';
import type { PlansRepository } from '../plans/plans.repository';
import type { UserAccount } from '../users/users.repository';
import { purchaseGiftCode } from './gift-purchase-code';

/** Gifts bought for someone else (issue 16, item 4; decision 0053): a one-off checkout through
 * the same payment machinery, fulfilled with a gift code instead of the item. */
export function createGiftsService(deps: {
  db: Db;
  kit: PaymentsKit;
  plans: PlansRepository;
  packs: PacksRepository;
  clock: Clock;
  /** The server secret the code is derived from (decision 0054). */
  giftSecret: string;
}) {
  const { kit } = deps;

  return {
    async createPayment(
      account: UserAccount,
      input: TGiftPayment,
    ): Promise<TPaymentCreateResponse> {
      const buyer = account.user;
      const gift = {
        isGift: true,
        giftRecipientEmail: input.recipientEmail,
        giftMessage: input.message,
      };
      if (input.type === 'plan') {
        const plan = await deps.plans.findByKey(input.planKey);
        if (!plan || !plan.isActive) throw AppError.notFound(PAYMENT_MESSAGES.planNotFound);
        // 1 to 12 months (the schema) at the plan's monthly price: the amount is computed here
        // from the plan, never taken from the client (decision 0083).
        const months = input.months;
        const amountCents = giftPlanPriceCents(plan, months);
        return kit.checkout.start(
          {
            buyer,
            kind: 'subscription',
            values: {
              planId: plan.id,
              itemName: plan.name,
              planKey: plan.key,
              durationMonths: months,
              amountCents,
              isRecurring: false,
              ...gift,
            },
            description: `Regalo: ${plan.name} durante ${months === 1 ? '1 mes' : `${months} meses`}`,
            // Never recurring: nobody's card is charged again for a gift.
            recurringMonths: null,
            metadata: { planKey: plan.key, gift: 'true', months: String(months) },
            inProgress: pendingTransaction,
            immediateAccessConsent: input.immediateAccessConsent,
          },
          'gift',
        );
      }

      const pack = await deps.packs.findById(input.packId);
      if (!pack || !pack.activo) throw AppError.notFound(PAYMENT_MESSAGES.packNotFound);
      const now = deps.clock();
      const open = pack.tips.some(
        (t) => t.isPublished && deriveMatchStatus(t.matchDate, t.icon, now) !== 'terminado',
      );
      if (!open) throw new AppError('PACK_UNAVAILABLE', 400, PAYMENT_MESSAGES.packUnavailable);
      // Owning the pack does not matter: the buyer is not the one who gets it.
      return kit.checkout.start(
        {
          buyer,
          kind: 'pack',
          values: {
            packId: pack.id,
            itemName: pack.nombre,
            amountCents: pack.priceCents,
            isRecurring: false,
            ...gift,
          },
          description: `Regalo: ${pack.nombre}`,
          recurringMonths: null,
          metadata: { packId: pack.id, gift: 'true' },
          inProgress: pendingTransaction,
          immediateAccessConsent: input.immediateAccessConsent,
        },
        'gift',
      );
    },

    /** The result page: the buyer's own gift payment, brought up to date with the provider
     * (fulfilled when paid), and its code once it exists. */
    async verifySession(userId: string, sessionId: string): Promise<TGiftPurchaseResponse> {
      const found = await kit.repo.findBySessionId(sessionId);
      if (!found || found.userId !== userId || !found.isGift) {
        throw AppError.notFound(PAYMENT_MESSAGES.transactionNotFound);
      }
      const tx = await kit.checkout.reconcile(found);
      // The code is derived, so it could be shown even when none was issued: show it only if
      // fulfilment made it, and otherwise say what happened to the money.
      const issued =
        tx.status === 'completed' && (await giftCodesRepository.purchaseIssued(deps.db, tx.id));
      return {
        success: true,
        message:
          tx.status === 'completed' && !issued
            ? GIFT_PURCHASE_MSG.notIssued
            : PAYMENT_MESSAGES.status[tx.status],
        transaction: toTransactionView(tx),
        gift: {
          type: tx.kind === 'pack' ? 'pack' : 'plan',
          itemName: tx.itemName,
          months: tx.kind === 'pack' ? null : tx.durationMonths,
          recipientEmail: tx.giftRecipientEmail,
          code: issued ? purchaseGiftCode(deps.giftSecret, tx.id).plain : null,
        },
      };
    },
  };
}
