import { receiptLines, receiptTitle } from '@magotips/contracts/receipts';
import type { StoredReceipt } from './receipt-issuer';

/** The receipt as a PDF (pdfkit's built-in Helvetica writes Spanish letters in WinAnsi). */
export async function renderReceiptPdf(doc: StoredReceipt): Promise<Buffer> {
  // Loaded with the first receipt, not with every start (and kept out of the bundle: build.mjs).
  const { default: PDFDocument } = await import('pdfkit');
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
