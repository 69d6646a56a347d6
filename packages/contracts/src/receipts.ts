import { z } from 'zod';
import { MSG } from './messages';
import {
  checkTaxId,
  formatTaxId,
  TAX_ID_COUNTRIES,
  TAX_ID_LABELS,
  TAX_ID_MESSAGES,
} from './tax-id';

/** Where each document of a payment is read (issue 30 items 5 and 6). */
export const receiptPdfPath = (transactionId: string) =>
  `/api/account/payments/${transactionId}/receipt.pdf`;
export const creditNotePdfPath = (transactionId: string) =>
  `/api/account/payments/${transactionId}/credit-note.pdf`;
/** The printable page of the web app. */
export const receiptPagePath = (transactionId: string) => `/panel/recibo/${transactionId}`;

export const ZTaxIdCountry = z.enum(TAX_ID_COUNTRIES, { error: MSG.taxIdCountry });

/** A buyer's tax id: the country's rule decides (tax-id.ts), the number comes back normalised. */
export const ZTaxId = z
  .object({ country: ZTaxIdCountry, number: z.string().max(40) })
  .transform((value, ctx) => {
    const normal = checkTaxId(value.country, value.number);
    if (normal === null) {
      ctx.addIssue({ code: 'custom', path: ['number'], message: TAX_ID_MESSAGES[value.country] });
      return z.NEVER;
    }
    return { country: value.country, number: normal };
  });
export type TTaxId = z.output<typeof ZTaxId>;

/** PUT /api/account/tax-id: null removes it. */
export const ZTaxIdBody = z.object({ taxId: ZTaxId.nullable() });
export const ZTaxIdResponse = z.object({
  success: z.literal(true),
  message: z.string().optional(),
  taxId: z.object({ country: ZTaxIdCountry, number: z.string() }).nullable(),
});
export type TTaxIdResponse = z.infer<typeof ZTaxIdResponse>;

export const ZPaymentDocumentRef = z.object({
  number: z.string(),
  url: z.string(),
});

/** One paid transaction of GET /api/account/payments. Amounts in the currency's units. */
export const ZPaymentHistoryEntry = z.object({
  id: z.uuid(),
  date: z.iso.datetime(),
  concept: z.string(),
  amount: z.number(),
  currency: z.string(),
  status: z.enum(['paid', 'refunded']),
  receiptNumber: z.string().nullable(),
  receiptUrl: z.string().nullable(),
  /** The credit note of a refund, in the receipts' series. */
  creditNote: ZPaymentDocumentRef.extend({ date: z.iso.datetime() }).nullable(),
});
export type TPaymentHistoryEntry = z.infer<typeof ZPaymentHistoryEntry>;

export const ZPaymentHistoryResponse = z.object({
  success: z.literal(true),
  payments: z.array(ZPaymentHistoryEntry),
});
export type TPaymentHistoryResponse = z.infer<typeof ZPaymentHistoryResponse>;

/** A receipt or credit note as issued: everything printed on it, frozen at issue time. */
export const ZReceiptDocument = z.object({
  kind: z.enum(['receipt', 'credit_note']),
  number: z.string(),
  issuedAt: z.iso.datetime(),
  seller: z.object({ legalName: z.string(), taxId: z.string(), address: z.string() }),
  buyer: z.object({
    name: z.string(),
    email: z.string(),
    taxId: z.object({ country: ZTaxIdCountry, number: z.string() }).nullable(),
  }),
  concept: z.string(),
  /** Negative on a credit note. */
  amount: z.number(),
  currency: z.string(),
  paidAt: z.iso.datetime(),
  paymentMethod: z.string(),
  reference: z.string(),
  /** A credit note names the receipt it cancels. */
  correctsNumber: z.string().nullable(),
  pdfUrl: z.string(),
});
export type TReceiptDocument = z.infer<typeof ZReceiptDocument>;

/** GET /api/account/payments/{id}/receipt: the receipt, and its credit note once refunded. */
export const ZReceiptResponse = z.object({
  success: z.literal(true),
  receipt: ZReceiptDocument,
  creditNote: ZReceiptDocument.nullable(),
});
export type TReceiptResponse = z.infer<typeof ZReceiptResponse>;

/** "19,99 USD", "-19,99 EUR": how every receipt shows an amount. */
export function formatReceiptAmount(amount: number, currency: string): string {
  const text = new Intl.NumberFormat('es-ES', {
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
    useGrouping: true,
  }).format(amount);
  return `${text} ${currency.toUpperCase()}`;
}

/** "27/11/2026": the receipt's dates, in UTC so page and PDF agree wherever they are read. */
export function formatReceiptDate(iso: string): string {
  const d = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${pad(d.getUTCDate())}/${pad(d.getUTCMonth() + 1)}/${d.getUTCFullYear()}`;
}

/** A document's printed content (without where its PDF is read). */
export type ReceiptContent = Omit<TReceiptDocument, 'pdfUrl'>;

/** The rows a receipt prints, in order: the PDF and the web's printable page both draw these. */
export function receiptLines(doc: ReceiptContent): { label: string; value: string }[] {
  const buyerTax = doc.buyer.taxId
    ? `${TAX_ID_LABELS[doc.buyer.taxId.country].id} ${formatTaxId(doc.buyer.taxId.country, doc.buyer.taxId.number)} (${TAX_ID_LABELS[doc.buyer.taxId.country].country})`
    : null;
  const isCredit = doc.kind === 'credit_note';
  return [
    { label: isCredit ? 'Factura rectificativa n.º' : 'Recibo n.º', value: doc.number },
    ...(doc.correctsNumber ? [{ label: 'Rectifica el recibo', value: doc.correctsNumber }] : []),
    { label: 'Fecha de emisión', value: formatReceiptDate(doc.issuedAt) },
    { label: 'Vendedor', value: doc.seller.legalName },
    { label: 'Identificación fiscal del vendedor', value: doc.seller.taxId },
    { label: 'Dirección del vendedor', value: doc.seller.address },
    { label: 'Cliente', value: doc.buyer.name },
    { label: 'Email del cliente', value: doc.buyer.email },
    ...(buyerTax ? [{ label: 'Identificación fiscal del cliente', value: buyerTax }] : []),
    { label: 'Concepto', value: doc.concept },
    { label: 'Importe', value: formatReceiptAmount(doc.amount, doc.currency) },
    { label: 'Moneda', value: doc.currency },
    {
      label: isCredit ? 'Fecha del reembolso' : 'Fecha del pago',
      value: formatReceiptDate(doc.paidAt),
    },
    { label: 'Método de pago', value: doc.paymentMethod },
    { label: 'Referencia de la transacción', value: doc.reference },
  ];
}

export const receiptTitle = (doc: ReceiptContent): string =>
  doc.kind === 'credit_note' ? 'Factura rectificativa (abono)' : 'Recibo de pago';
