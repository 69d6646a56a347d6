import { normalizeGiftCode } from '@magotips/contracts/gift-code-format';
import { GIFT_MSG, type TRedeemGiftCodeResponse } from '@magotips/contracts/gift-codes';
import { ERROR_CODES } from '@magotips/contracts/http-errors';
import { PAYMENT_MESSAGES } from '@magotips/contracts/payments';
import { DEFAULT_TIME_ZONE, dateInZoneText } from '@magotips/contracts/time-zone';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/database';
import { AppError } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import type { ReaderEventBus } from '../events/reader-events';
import { createPackPurchasesRepository } from '../pack-purchases/pack-purchases.repository';
import { createPaymentsRepository } from '../payments/payments.repository';
import type { JobRunner } from '../jobs/job-runner';
import { toUserDto } from '../users/user-dto';
import type { UsersRepository } from '../users/users.repository';
import { hashGiftCode } from './gift-code-secret';
import { type GiftBatchRow, giftCodesRepository as repo } from './gift-codes.repository';
import { giftTransaction, grantPlanGift } from './plan-grant';

/** The last day of the gift as the reader's calendar has it (decision 0114). */
const untilText = (date: Date, timeZone: string) => dateInZoneText(date, timeZone);

export const giftCodeInvalid = () =>
  new AppError(ERROR_CODES.giftCodeInvalid, 404, GIFT_MSG.invalid);
const giftCodeUsed = () => new AppError(ERROR_CODES.giftCodeUsed, 409, GIFT_MSG.used);
const giftCodeExpired = () => new AppError(ERROR_CODES.giftCodeExpired, 410, GIFT_MSG.expired);

type Granted = {
  transactionId: string;
  message: string;
  gift: TRedeemGiftCodeResponse['gift'];
};

/**
 * A signed-in person redeems a code. Everything happens in one database transaction that starts
 * by locking the code's row: of twenty concurrent redemptions one gets the row, the others wait
 * and then find it redeemed. A refusal (pack already owned) rolls back, leaving the code unused.
 */
export function createGiftRedemptionService(deps: {
  db: Db;
  users: UsersRepository;
  clock: Clock;
  log: FastifyBaseLogger;
  /** A Stripe subscription's billing date follows the gift through a job (decision 0086). */
  jobs: Pick<JobRunner, 'enqueue'>;
  /** A pack given is a pack bought: `packBought` in the redemption's transaction (decision 0110). */
  events: Pick<ReaderEventBus, 'emit'>;
}) {
  const { db, clock } = deps;

  async function grantPlan(
    tx: Db,
    batch: GiftBatchRow,
    userId: string,
    now: Date,
    timeZone: string,
  ): Promise<Granted> {
    const months = batch.months ?? 1;
    const granted = await grantPlanGift(
      tx,
      deps.jobs,
      {
        userId,
        planId: batch.planId,
        planKey: batch.planKey ?? 'premium',
        itemName: batch.itemName,
        months,
      },
      now,
    );
    const until = untilText(granted.endDate, timeZone);
    return {
      transactionId: granted.transactionId,
      message: granted.extended
        ? GIFT_MSG.redeemedExtension(months, until)
        : GIFT_MSG.redeemedPlan(batch.itemName, months, until),
      gift: {
        type: 'plan',
        itemName: batch.itemName,
        months,
        endDate: granted.endDate.toISOString(),
        packId: null,
      },
    };
  }

  async function grantPack(
    tx: Db,
    batch: GiftBatchRow,
    userId: string,
    now: Date,
  ): Promise<Granted> {
    const pay = createPaymentsRepository(tx);
    const purchases = createPackPurchasesRepository(tx);
    const packId = batch.packId;
    // The pack was deleted since: the code no longer gives anything.
    if (!packId) throw giftCodeExpired();
    const nombre = (await repo.packName(tx, packId)) ?? batch.itemName;
    const owned = () =>
      AppError.conflict(
        PAYMENT_MESSAGES.packAlreadyPurchased(nombre),
        ERROR_CODES.packAlreadyPurchased,
      );
    if (await purchases.hasPurchase(userId, packId)) throw owned();
    const row = await pay.insertTransaction(
      giftTransaction(now, { userId, kind: 'pack', packId, itemName: nombre }),
    );
    // A purchase that commits between the check and here: the unique index says so.
    if (
      !(await purchases.insertPurchase({ userId, packId, transactionId: row.id, purchasedAt: now }))
    )
      throw owned();
    await deps.events.emit(tx, {
      type: 'packBought',
      at: now,
      userId,
      packId,
      transactionId: row.id,
    });
    return {
      transactionId: row.id,
      message: GIFT_MSG.redeemedPack(nombre),
      gift: { type: 'pack', itemName: nombre, months: null, endDate: null, packId },
    };
  }

  return {
    async redeem(userId: string, typed: string): Promise<TRedeemGiftCodeResponse> {
      const normalized = normalizeGiftCode(typed);
      if (!normalized) throw giftCodeInvalid();
      const hash = hashGiftCode(normalized);
      const now = clock();
      const timeZone = (await deps.users.contactOf(userId))?.timeZone ?? DEFAULT_TIME_ZONE;
      const granted = await db.transaction(async (tx) => {
        const found = await repo.lockByHash(tx, hash);
        if (!found) throw giftCodeInvalid();
        const { code, batch } = found;
        if (code.revokedAt) throw giftCodeExpired();
        if (code.redeemedAt) throw giftCodeUsed();
        if (batch.expiresAt && batch.expiresAt.getTime() <= now.getTime()) throw giftCodeExpired();
        const result =
          batch.type === 'plan'
            ? await grantPlan(tx, batch, userId, now, timeZone)
            : await grantPack(tx, batch, userId, now);
        await repo.markRedeemed(tx, code.id, { userId, transactionId: result.transactionId, now });
        deps.log.info(
          { event: 'gift_code_redeemed', giftCodeId: code.id, batchId: batch.id, userId },
          'código de regalo canjeado',
        );
        return result;
      });
      const account = await deps.users.findAccount(userId);
      if (!account) throw AppError.unauthorized();
      return {
        success: true,
        message: granted.message,
        gift: granted.gift,
        user: toUserDto(account, now),
      };
    },
  };
}
export type GiftRedemptionService = ReturnType<typeof createGiftRedemptionService>;
