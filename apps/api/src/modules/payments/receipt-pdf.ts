import { formatReceiptAmount, formatReceiptDate } from '@magotips/contracts/receipts';
import { formatTaxId, TAX_ID_LABELS } from '@magotips/contracts/tax-id';
import PDFDocument from 'pdfkit';
import type { StoredReceipt } from './receipt-issuer';

/** The rows a receipt prints, in order: the same labels as the web's printable page. */
export function receiptLines(doc: StoredReceipt): { label: string; value: string }[] {
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

export const receiptTitle = (doc: StoredReceipt): string =>
  doc.kind === 'credit_note' ? 'Factura rectificativa (abono)' : 'Recibo de pago';

/** The receipt as a PDF (pdfkit's built-in Helvetica writes Spanish letters in WinAnsi). */
export function renderReceiptPdf(doc: StoredReceipt): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const pdf = new PDFDocument({
      size: 'A4',
      margin: 56,
      info: { Title: `${receiptTitle(doc)} ${doc.number}`, Author: doc.seller.legalName },
    });
    const chunks: Buffer[] = [];
    pdf.on('data', (chunk: Buffer) => chunks.push(chunk));
    pdf.on('end', () => resolve(Buffer.concat(chunks)));
    pdf.on('error', reject);

    pdf.font('Helvetica-Bold').fontSize(20).text('MagoTips');
    pdf.moveDown(0.3);
    pdf
      .font('Helvetica')
      .fontSize(14)
      .text(`${receiptTitle(doc)} ${doc.number}`);
    pdf.moveDown(1);
    for (const line of receiptLines(doc)) {
      pdf.font('Helvetica-Bold').fontSize(10).text(line.label);
      pdf.font('Helvetica').fontSize(11).text(line.value);
      pdf.moveDown(0.5);
    }
    pdf.moveDown(1);
    pdf
      .font('Helvetica')
      .fontSize(9)
      .fillColor('#555555')
      .text(
        'Documento emitido electrónicamente. Conserva este recibo como justificante de tu pago.',
      );
    pdf.end();
  });
}
