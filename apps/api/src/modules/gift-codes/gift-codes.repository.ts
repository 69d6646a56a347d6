import type { GiftCodeState } from '@magotips/contracts/gift-codes';
import {
  and,
  count,
  desc,
  eq,
  gt,
  inArray,
  isNotNull,
  isNull,
  lte,
  or,
  type SQL,
  sql,
} from 'drizzle-orm';
import type { Db } from '../../db/database';
import { giftCodeBatches, giftCodes, packs, users } from '../../db/schema';

export type GiftBatchRow = typeof giftCodeBatches.$inferSelect;
export type NewGiftBatch = typeof giftCodeBatches.$inferInsert;
export type GiftCodeRow = typeof giftCodes.$inferSelect;

export type AdminGiftCodeRow = {
  code: GiftCodeRow;
  batch: GiftBatchRow;
  redeemer: { id: string; firstName: string; lastName: string; email: string } | null;
};

const b = giftCodeBatches;
const c = giftCodes;

/** The SQL of each state, as stateOf() below decides it: revoked wins, then redeemed, then expired. */
function stateWhere(state: GiftCodeState, now: Date): SQL | undefined {
  const notExpired = or(isNull(b.expiresAt), gt(b.expiresAt, now));
  switch (state) {
    case 'revocado':
      return isNotNull(c.revokedAt);
    case 'canjeado':
      return and(isNull(c.revokedAt), isNotNull(c.redeemedAt));
    case 'caducado':
      return and(isNull(c.revokedAt), isNull(c.redeemedAt), lte(b.expiresAt, now));
    case 'sin_usar':
      return and(isNull(c.revokedAt), isNull(c.redeemedAt), notExpired);
  }
}

export function giftStateOf(code: GiftCodeRow, batch: GiftBatchRow, now: Date): GiftCodeState {
  if (code.revokedAt) return 'revocado';
  if (code.redeemedAt) return 'canjeado';
  if (batch.expiresAt && batch.expiresAt.getTime() <= now.getTime()) return 'caducado';
  return 'sin_usar';
}

/** A code with its batch and its redeemer (none when unused or the account was deleted). */
function selectAdminCodes(db: Db) {
  return db
    .select({
      code: c,
      batch: b,
      redeemer: {
        id: users.id,
        firstName: users.firstName,
        lastName: users.lastName,
        email: users.email,
      },
    })
    .from(c)
    .innerJoin(b, eq(b.id, c.batchId))
    .leftJoin(users, eq(users.id, c.redeemedBy))
    .$dynamic();
}

/** Drizzle only; every function takes the database or the caller's transaction. */
export const giftCodesRepository = {
  async insertBatch(db: Db, values: NewGiftBatch): Promise<GiftBatchRow> {
    const [row] = await db.insert(b).values(values).returning();
    if (!row) throw new Error('gift batch not inserted');
    return row;
  },

  async insertCodes(
    db: Db,
    batchId: string,
    codes: { hash: string; hint: string }[],
    now: Date,
  ): Promise<void> {
    // In slices: a thousand rows in one statement would pass PostgreSQL's parameter limit.
    for (let i = 0; i < codes.length; i += 500) {
      await db.insert(c).values(
        codes.slice(i, i + 500).map((code) => ({
          batchId,
          codeHash: code.hash,
          hint: code.hint,
          createdAt: now,
        })),
      );
    }
  },

  /** The code and its batch, the code's row locked until the end of the transaction: a racing
   * second redemption waits here and then finds it redeemed. */
  async lockByHash(
    db: Db,
    hash: string,
  ): Promise<{ code: GiftCodeRow; batch: GiftBatchRow } | null> {
    const [row] = await db
      .select({ code: c, batch: b })
      .from(c)
      .innerJoin(b, eq(b.id, c.batchId))
      .where(eq(c.codeHash, hash))
      .for('update', { of: c });
    return row ?? null;
  },

  async markRedeemed(
    db: Db,
    id: string,
    values: { userId: string; transactionId: string; now: Date },
  ): Promise<void> {
    await db
      .update(c)
      .set({
        redeemedAt: values.now,
        redeemedBy: values.userId,
        transactionId: values.transactionId,
      })
      .where(and(eq(c.id, id), isNull(c.redeemedAt)));
  },

  async packName(db: Db, packId: string): Promise<string | null> {
    const [row] = await db.select({ nombre: packs.nombre }).from(packs).where(eq(packs.id, packId));
    return row?.nombre ?? null;
  },

  async findActivePack(db: Db, packId: string): Promise<{ id: string; nombre: string } | null> {
    const [row] = await db
      .select({ id: packs.id, nombre: packs.nombre })
      .from(packs)
      .where(and(eq(packs.id, packId), eq(packs.activo, true)));
    return row ?? null;
  },

  /** Newest first, by gift_codes_created_idx. */
  async list(
    db: Db,
    query: { page: number; limit: number; state?: GiftCodeState | undefined },
    now: Date,
  ): Promise<{ rows: AdminGiftCodeRow[]; total: number }> {
    const where = query.state ? stateWhere(query.state, now) : undefined;
    const rows = await selectAdminCodes(db)
      .where(where)
      .orderBy(desc(c.createdAt), desc(c.id))
      .limit(query.limit)
      .offset((query.page - 1) * query.limit);
    const [total] = await db
      .select({ n: count() })
      .from(c)
      .innerJoin(b, eq(b.id, c.batchId))
      .where(where);
    return { rows, total: total?.n ?? 0 };
  },

  async findAdminCode(db: Db, id: string): Promise<AdminGiftCodeRow | null> {
    const [row] = await selectAdminCodes(db).where(eq(c.id, id));
    return row ?? null;
  },

  /** Revokes the code only while it is unused and unexpired; false otherwise (a redemption that
   * commits first wins, and an expired code has nothing left to revoke). */
  async revoke(db: Db, id: string, by: string, now: Date): Promise<boolean> {
    const rows = await db
      .update(c)
      .set({ revokedAt: now, revokedBy: by })
      .where(
        and(
          eq(c.id, id),
          isNull(c.revokedAt),
          isNull(c.redeemedAt),
          sql`not exists (select 1 from ${b} where ${b.id} = ${c.batchId} and ${b.expiresAt} <= ${now.toISOString()}::timestamptz)`,
        ),
      )
      .returning({ id: c.id });
    return rows.length > 0;
  },

  /** Whether a paid gift checkout's code was issued (it is not when the pack was deleted
   * before the payment arrived). */
  async purchaseIssued(db: Db, transactionId: string): Promise<boolean> {
    const [row] = await db
      .select({ id: b.id })
      .from(b)
      .where(eq(b.purchaseTransactionId, transactionId))
      .limit(1);
    return row !== undefined;
  },

  /** A refunded gift takes its code back, unless it was already redeemed (then the refund is
   * a decision for support, as for a pack already read). */
  async revokePurchase(db: Db, transactionId: string, now: Date): Promise<void> {
    const batchIds = db
      .select({ id: b.id })
      .from(b)
      .where(eq(b.purchaseTransactionId, transactionId));
    await db
      .update(c)
      .set({ revokedAt: now })
      .where(and(inArray(c.batchId, batchIds), isNull(c.redeemedAt), isNull(c.revokedAt)));
  },
};
