import {
  creditNotePdfPath,
  receiptPdfPath,
  type TPaymentHistoryEntry,
  type TReceiptDocument,
  type TTaxIdResponse,
} from '@magotips/contracts/receipts';
import { isTaxIdCountry, type TaxIdCountry } from '@magotips/contracts/tax-id';
import { and, desc, eq, gt, inArray, ne } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { receipts, transactions, users } from '../../db/schema';
import { GIFT_PROVIDER } from '../users/gift-provider';
import { conceptOf, type ReceiptKind, type StoredReceipt } from './receipt-issuer';

type Reader = { userId: string; isAdmin: boolean };

/** The account's payment history and its receipts (issue 30 items 5 and 6). */
export function createAccountPayments(db: Db) {
  return {
    /** Every paid transaction of the user, newest first, with its receipt and credit note. */
    async history(userId: string): Promise<TPaymentHistoryEntry[]> {
      const rows = await db
        .select()
        .from(transactions)
        .where(
          and(
            eq(transactions.userId, userId),
            inArray(transactions.status, ['completed', 'refunded']),
            ne(transactions.provider, GIFT_PROVIDER),
            gt(transactions.amountCents, 0),
          ),
        )
        .orderBy(desc(transactions.completedAt), desc(transactions.createdAt));
      if (rows.length === 0) return [];
      const docs = await db
        .select({
          transactionId: receipts.transactionId,
          kind: receipts.kind,
          number: receipts.number,
          issuedAt: receipts.issuedAt,
          document: receipts.document,
        })
        .from(receipts)
        .where(
          inArray(
            receipts.transactionId,
            rows.map((r) => r.id),
          ),
        );
      const byKey = new Map(docs.map((d) => [`${d.transactionId}:${d.kind}`, d]));
      return rows.map((tx) => {
        const receipt = byKey.get(`${tx.id}:receipt`);
        const credit = byKey.get(`${tx.id}:credit_note`);
        return {
          id: tx.id,
          date: (tx.completedAt ?? tx.createdAt).toISOString(),
          concept: receipt ? (receipt.document as StoredReceipt).concept : conceptOf(tx),
          amount: tx.amountCents / 100,
          currency: tx.currency.toUpperCase(),
          status: tx.status === 'refunded' ? 'refunded' : 'paid',
          receiptNumber: receipt?.number ?? null,
          receiptUrl: receipt ? receiptPdfPath(tx.id) : null,
          creditNote: credit
            ? {
                number: credit.number,
                url: creditNotePdfPath(tx.id),
                date: credit.issuedAt.toISOString(),
              }
            : null,
        };
      });
    },

    /** A document of a payment, for its buyer or an admin; null (a 404) for anyone else, so a
     * stranger cannot even learn that the payment exists. */
    async document(
      transactionId: string,
      kind: ReceiptKind,
      reader: Reader,
    ): Promise<StoredReceipt | null> {
      const [row] = await db
        .select({ document: receipts.document, owner: transactions.userId })
        .from(receipts)
        .innerJoin(transactions, eq(transactions.id, receipts.transactionId))
        .where(and(eq(receipts.transactionId, transactionId), eq(receipts.kind, kind)));
      if (!row) return null;
      if (!reader.isAdmin && row.owner !== reader.userId) return null;
      return row.document as StoredReceipt;
    },

    async taxId(userId: string): Promise<TTaxIdResponse['taxId']> {
      const [row] = await db
        .select({ country: users.taxIdCountry, number: users.taxId })
        .from(users)
        .where(eq(users.id, userId));
      return row && isTaxIdCountry(row.country) && row.number
        ? { country: row.country, number: row.number }
        : null;
    },

    /** Later receipts carry it; issued ones keep what they were issued with. */
    async setTaxId(
      userId: string,
      taxId: { country: TaxIdCountry; number: string } | null,
      now: Date,
    ): Promise<void> {
      await db
        .update(users)
        .set({ taxIdCountry: taxId?.country ?? null, taxId: taxId?.number ?? null, updatedAt: now })
        .where(eq(users.id, userId));
    },
  };
}

export const withPdfUrl = (doc: StoredReceipt, transactionId: string): TReceiptDocument => ({
  ...doc,
  pdfUrl:
    doc.kind === 'credit_note' ? creditNotePdfPath(transactionId) : receiptPdfPath(transactionId),
});
