import type { TAdminGiftCode, TGiftBatch } from '@magotips/contracts/gift-codes';
import { type AdminGiftCodeRow, type GiftBatchRow, giftStateOf } from './gift-codes.repository';

export function toGiftBatchDto(batch: GiftBatchRow): TGiftBatch {
  return {
    _id: batch.id,
    type: batch.type,
    itemName: batch.itemName,
    planKey: batch.planKey,
    packId: batch.packId,
    months: batch.months,
    count: batch.count,
    expiresAt: batch.expiresAt?.toISOString() ?? null,
    note: batch.note,
    createdAt: batch.createdAt.toISOString(),
  };
}

/** Never the code itself: the database does not have it. */
export function toAdminGiftCodeDto(row: AdminGiftCodeRow, now: Date): TAdminGiftCode {
  const { code, batch, redeemer } = row;
  return {
    _id: code.id,
    hint: code.hint,
    state: giftStateOf(code, batch, now),
    batch: toGiftBatchDto(batch),
    redeemedAt: code.redeemedAt?.toISOString() ?? null,
    redeemedBy: redeemer
      ? {
          _id: redeemer.id,
          name: `${redeemer.firstName} ${redeemer.lastName}`.trim(),
          email: redeemer.email,
        }
      : null,
    revokedAt: code.revokedAt?.toISOString() ?? null,
  };
}
