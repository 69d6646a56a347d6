import type { Db } from '../../db/database';
import { type MintedGiftCode, mintGiftCode } from './gift-code-secret';
import { type GiftBatchRow, giftCodesRepository } from './gift-codes.repository';

/** What a batch grants, already resolved against the plan or pack (names as they are now). */
export type GiftGrant =
  | { type: 'plan'; planId: string | null; planKey: string; planName: string; months: number }
  | { type: 'pack'; packId: string; packName: string };

export type GiftIssueSpec = {
  grant: GiftGrant;
  count: number;
  expiresAt: Date | null;
  note: string | null;
  /** The admin who made them; null for codes a paid gift checkout makes. */
  createdBy: string | null;
  now: Date;
  /** The paid gift checkout this batch is for (unique: a second fulfilment fails, not mints). */
  purchaseTransactionId?: string | null;
  /** Codes made by the caller (a gift purchase derives its one code); random ones otherwise. */
  minted?: MintedGiftCode[];
};

/**
 * Makes `count` codes in the caller's database transaction and answers the plain codes, the one
 * time they exist anywhere: the database keeps their hashes. The admin route calls it, and so
 * does a paid gift's fulfilment (gifts/gift-product.ts), so that the code exists exactly when
 * the payment does.
 */
export async function issueGiftCodes(
  tx: Db,
  spec: GiftIssueSpec,
): Promise<{ batch: GiftBatchRow; codes: string[] }> {
  const { grant } = spec;
  const batch = await giftCodesRepository.insertBatch(tx, {
    type: grant.type,
    planId: grant.type === 'plan' ? grant.planId : null,
    planKey: grant.type === 'plan' ? grant.planKey : null,
    months: grant.type === 'plan' ? grant.months : null,
    packId: grant.type === 'pack' ? grant.packId : null,
    itemName: grant.type === 'plan' ? grant.planName : grant.packName,
    count: spec.count,
    expiresAt: spec.expiresAt,
    note: spec.note,
    createdBy: spec.createdBy,
    purchaseTransactionId: spec.purchaseTransactionId ?? null,
    createdAt: spec.now,
  });
  // 80 random bits each: a collision (and the unique index's error) would take some 2^40 codes.
  const minted = spec.minted ?? Array.from({ length: spec.count }, mintGiftCode);
  await giftCodesRepository.insertCodes(tx, batch.id, minted, spec.now);
  return { batch, codes: minted.map((m) => m.plain) };
}
