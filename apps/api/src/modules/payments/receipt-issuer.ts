import type { TReceiptDocument } from '@magotips/contracts/receipts';
import { isTaxIdCountry } from '@magotips/contracts/tax-id';
import { and, eq, sql } from 'drizzle-orm';
import type { Seller } from '../../config/config';
import type { Db } from '../../db/database';
import { receiptCounters, receipts, users } from '../../db/schema';
import { GIFT_PROVIDER } from '../users/gift-provider';
import type { TransactionRow } from './payments.repository';

/**
 * Receipts belong to payments (decision 0093): a receipt is about a transaction, and payments
 * is the one place every paid transaction passes through (fulfilIn, renewIn, refundIn). It reads
 * only the transaction's own snapshot (item name, kind, amount) and the buyer, never a product.
 */

export type ReceiptKind = 'receipt' | 'credit_note';
/** What a receipt row keeps: the document as printed, less its address (which the reader's
 * route gives). */
export type StoredReceipt = Omit<TReceiptDocument, 'pdfUrl'>;

export const receiptNumber = (year: number, seq: number): string =>
  `R-${year}-${String(seq).padStart(6, '0')}`;

const PAYMENT_METHODS: Record<string, string> = {
  stripe: 'Tarjeta (Stripe)',
  simulated: 'Pasarela simulada (entorno de demostración)',
};

/** A renewal is a recurring charge that no checkout session started. */
export const isRenewalRow = (tx: TransactionRow): boolean =>
  tx.isRecurring && tx.providerSessionId === null;

/** The receipt's line, from the transaction's own snapshot of what was sold. */
export function conceptOf(tx: TransactionRow): string {
  const months = tx.durationMonths ?? 1;
  const period = months === 1 ? '1 mes' : `${months} meses`;
  if (tx.isGift) {
    return tx.kind === 'pack'
      ? `Regalo: pack «${tx.itemName}»`
      : `Regalo: ${tx.itemName} (${period})`;
  }
  if (tx.kind === 'pack') return `Pack «${tx.itemName}»`;
  return `${isRenewalRow(tx) ? 'Renovación: ' : ''}${tx.itemName} (${period})`;
}

/** Payments worth a receipt: money taken by a payment provider from a known buyer. */
export const isReceiptable = (tx: TransactionRow): boolean =>
  tx.userId !== null && tx.amountCents > 0 && tx.provider !== GIFT_PROVIDER;

/** The next number of `year`'s series. The upsert locks the year's counter row until the
 * payment's transaction ends: a second payment waits here, and a payment that rolls back
 * gives its number back, so the series never skips one (max()+1 would race). */
async function nextSeq(db: Db, year: number): Promise<number> {
  const [row] = await db
    .insert(receiptCounters)
    .values({ year, last: 1 })
    .onConflictDoUpdate({
      target: receiptCounters.year,
      set: { last: sql`${receiptCounters.last} + 1` },
    })
    .returning({ last: receiptCounters.last });
  if (!row) throw new Error('receipt counter not bumped');
  return row.last;
}

async function findReceipt(db: Db, transactionId: string, kind: ReceiptKind) {
  const [row] = await db
    .select()
    .from(receipts)
    .where(and(eq(receipts.transactionId, transactionId), eq(receipts.kind, kind)));
  return row ?? null;
}

async function insertDocument(
  db: Db,
  tx: TransactionRow,
  kind: ReceiptKind,
  now: Date,
  body: (number: string) => StoredReceipt,
): Promise<StoredReceipt> {
  const year = now.getUTCFullYear();
  const seq = await nextSeq(db, year);
  const number = receiptNumber(year, seq);
  const document = body(number);
  await db.insert(receipts).values({
    transactionId: tx.id,
    userId: tx.userId,
    kind,
    year,
    seq,
    number,
    issuedAt: now,
    document,
  });
  return document;
}

export type ReceiptIssuer = ReturnType<typeof createReceiptIssuer>;

export function createReceiptIssuer(deps: { seller: Seller }) {
  return {
    /** The receipt of a completed payment, in the caller's database transaction (the one
     * marking the payment completed, with its row locked): once per transaction. */
    async issue(db: Db, tx: TransactionRow, now: Date): Promise<StoredReceipt | null> {
      if (!isReceiptable(tx) || !tx.userId) return null;
      const existing = await findReceipt(db, tx.id, 'receipt');
      if (existing) return existing.document as StoredReceipt;
      const [buyer] = await db
        .select({
          firstName: users.firstName,
          lastName: users.lastName,
          email: users.email,
          taxIdCountry: users.taxIdCountry,
          taxId: users.taxId,
        })
        .from(users)
        .where(eq(users.id, tx.userId));
      if (!buyer) return null;
      const paidAt = tx.completedAt ?? now;
      return insertDocument(db, tx, 'receipt', now, (number) => ({
        kind: 'receipt',
        number,
        issuedAt: now.toISOString(),
        seller: { ...deps.seller },
        buyer: {
          name: `${buyer.firstName} ${buyer.lastName}`.trim(),
          email: buyer.email,
          taxId:
            isTaxIdCountry(buyer.taxIdCountry) && buyer.taxId
              ? { country: buyer.taxIdCountry, number: buyer.taxId }
              : null,
        },
        concept: conceptOf(tx),
        amount: tx.amountCents / 100,
        currency: tx.currency.toUpperCase(),
        paidAt: paidAt.toISOString(),
        paymentMethod: PAYMENT_METHODS[tx.provider] ?? tx.provider,
        reference: tx.providerPaymentId ?? tx.providerInvoiceId ?? tx.providerSessionId ?? tx.id,
        correctsNumber: null,
      }));
    },

    /** The credit note of a full refund: the receipt's buyer and amount, negative, in the same
     * series. Only a payment that had a receipt gets one. */
    async creditNote(db: Db, tx: TransactionRow, now: Date): Promise<StoredReceipt | null> {
      const receipt = await findReceipt(db, tx.id, 'receipt');
      if (!receipt) return null;
      const existing = await findReceipt(db, tx.id, 'credit_note');
      if (existing) return existing.document as StoredReceipt;
      const original = receipt.document as StoredReceipt;
      return insertDocument(db, tx, 'credit_note', now, (number) => ({
        ...original,
        kind: 'credit_note',
        number,
        issuedAt: now.toISOString(),
        seller: { ...deps.seller },
        concept: `Abono: ${original.concept}`,
        amount: -original.amount,
        paidAt: now.toISOString(),
        correctsNumber: original.number,
      }));
    },
  };
}
