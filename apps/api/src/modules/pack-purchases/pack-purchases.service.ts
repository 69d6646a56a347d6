import { ERROR_CODES } from '@magotips/contracts/http-errors';
import { deriveMatchStatus } from '@magotips/contracts/match-status';
import { fromCents, toCents } from '@magotips/contracts/money';
import {
  PAYMENT_MESSAGES,
  type TCleanPendingResponse,
  type TPaymentCreateResponse,
  type TPurchasedPack,
  type ZPackPaymentRequest,
} from '@magotips/contracts/payments';
import type { z } from 'zod';
import { AppError } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import { comingSoon, pendingTransaction } from '../payments/checkout.service';
import type { PaymentsKit } from '../payments/payments-kit';
import type { PacksRepository } from '../packs/packs.repository';
import type { UserAccount } from '../users/users.repository';
import type { PackPurchasesRepository } from './pack-purchases.repository';

export type PackPaymentInput = z.output<typeof ZPackPaymentRequest>;

const alreadyPurchased = (nombre: string) =>
  AppError.conflict(
    PAYMENT_MESSAGES.packAlreadyPurchased(nombre),
    ERROR_CODES.packAlreadyPurchased,
  );
const activeSession = () =>
  AppError.conflict(PAYMENT_MESSAGES.activeStripeSession, ERROR_CODES.activeStripeSession);

export function createPackPurchasesService(deps: {
  kit: PaymentsKit;
  packs: PacksRepository;
  repo: PackPurchasesRepository;
  clock: Clock;
}) {
  const { kit, repo } = deps;
  const payments = kit.repo;

  /** The user's pending payments of a pack, each brought up to date with the provider: paid
   * ones are fulfilled and ones whose session ended stop blocking. */
  async function livePending(userId: string, packId?: string) {
    const pending = await payments.pendingOfUser(userId, {
      kind: 'pack',
      ...(packId ? { packId } : {}),
    });
    const live = [];
    for (const tx of pending) {
      const seen = await kit.checkout.inspect(tx);
      if (seen.tx.status === 'pending') live.push(seen);
    }
    return live;
  }

  return {
    async createPayment(
      account: UserAccount,
      input: PackPaymentInput,
    ): Promise<TPaymentCreateResponse> {
      const soon = comingSoon(input.paymentMethod);
      if (soon) throw soon;
      const userId = account.user.id;
      const pack = await deps.packs.findById(input.packId);
      if (!pack || !pack.activo) throw AppError.notFound(PAYMENT_MESSAGES.packNotFound);
      if (await repo.hasPurchase(userId, pack.id)) throw alreadyPurchased(pack.nombre);

      const now = deps.clock();
      const published = pack.tips.filter((t) => t.isPublished);
      if (!published.some((t) => deriveMatchStatus(t.matchDate, t.icon, now) !== 'terminado')) {
        throw new AppError('PACK_UNAVAILABLE', 400, PAYMENT_MESSAGES.packUnavailable);
      }
      if (toCents(input.amount) !== pack.priceCents) {
        throw new AppError(ERROR_CODES.validation, 400, PAYMENT_MESSAGES.amountMismatch);
      }

      // A checkout already in progress for this pack: the provider says what it is now.
      const [inProgress] = await livePending(userId, pack.id);
      if (inProgress)
        throw inProgress.session?.status === 'open' ? activeSession() : pendingTransaction();
      // One pending checkout may have just turned out paid.
      if (await repo.hasPurchase(userId, pack.id)) throw alreadyPurchased(pack.nombre);

      return kit.checkout.start(
        {
          buyer: account.user,
          kind: 'pack',
          values: {
            packId: pack.id,
            itemName: pack.nombre,
            amountCents: pack.priceCents,
            isRecurring: false,
          },
          description: pack.descripcion,
          recurringMonths: null,
          metadata: { packId: pack.id },
          inProgress: pendingTransaction,
          immediateAccessConsent: input.immediateAccessConsent,
        },
        'pack',
      );
    },

    async verifyStatus(
      userId: string,
      packId: string,
    ): Promise<{ success: true; isPurchased: boolean }> {
      await livePending(userId, packId);
      return { success: true, isPurchased: await repo.hasPurchase(userId, packId) };
    },

    async myPacks(userId: string): Promise<{ success: true; data: TPurchasedPack[] }> {
      const rows = await repo.purchasedPacks(userId);
      return {
        success: true,
        data: rows.map((r) => ({
          pack: {
            _id: r.packId,
            nombre: r.nombre,
            descripcion: r.descripcion,
            precio: fromCents(r.priceCents),
          },
          tipsDisponibles: r.tips.length,
          fechaCompra: r.purchasedAt.toISOString(),
          tips: r.tips.map((t) => ({
            _id: t.id,
            title: t.title,
            icon: t.icon,
            matchDate: t.matchDate.toISOString(),
          })),
        })),
      };
    },

    async userStatus(userId: string) {
      const live = await livePending(userId);
      const purchasedCount = (await repo.purchasedPacks(userId)).length;
      const bought = `Packs comprados: ${purchasedCount}.`;
      const message =
        live.length === 0
          ? `No tienes transacciones pendientes de packs. ${bought}`
          : `Tienes ${live.length === 1 ? '1 transacción pendiente' : `${live.length} transacciones pendientes`} de packs (${live
              .map((l) => `"${l.tx.itemName}"`)
              .join(
                ', ',
              )}). Completa el pago o limpia las transacciones pendientes antes de iniciar otro. ${bought}`;
      return { success: true as const, message, pendingCount: live.length, purchasedCount };
    },

    /** Closes every pending payment of the user (packs and subscriptions: the client clears
     * both stored ids after it). A session paid meanwhile is fulfilled, never thrown away. */
    async cleanPending(userId: string): Promise<TCleanPendingResponse> {
      const pending = await payments.pendingOfUser(userId);
      const results: TCleanPendingResponse['results'] = [];
      for (const tx of pending) {
        let after = tx;
        try {
          after = await kit.checkout.close(tx);
        } catch (err) {
          kit.log.warn({ err, transactionId: tx.id }, 'no se pudo cerrar un pago pendiente');
        }
        results.push({
          transactionId: after.id,
          type: after.kind,
          item: after.itemName,
          status: after.status,
        });
      }
      const expired = results.filter((r) => r.status === 'expired' || r.status === 'failed').length;
      const completed = results.filter((r) => r.status === 'completed').length;
      return {
        success: true,
        message:
          results.length === 0
            ? PAYMENT_MESSAGES.cleanNothing
            : PAYMENT_MESSAGES.cleanDone(expired, completed),
        results,
      };
    },
  };
}
export type PackPurchasesService = ReturnType<typeof createPackPurchasesService>;
