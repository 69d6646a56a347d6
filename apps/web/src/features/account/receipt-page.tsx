import { receiptLines, receiptTitle, type TReceiptDocument } from '@magotips/contracts/receipts';
import { Link, useParams } from 'react-router';
import { ApiError } from '../../lib/api-error';
import { useReceipt } from './api/payments-api';
import { CardLoadError } from './components/card-load-error';
import { PdfButton } from './components/pdf-button';
import './receipts.css';

export const RECEIPT_ERROR = 'Error al cargar el recibo';
export const RECEIPT_MISSING =
  'Este recibo no existe o no es tuyo. Tus recibos están en el historial de pagos de tu cuenta.';

function ReceiptDocument({ doc }: { doc: TReceiptDocument }) {
  const title = receiptTitle(doc);
  return (
    <article className="receipt" aria-label={`${title} ${doc.number}`}>
      <header className="receipt__head">
        <p className="receipt__brand">MagoTips</p>
        <h2 className="receipt__title">
          {title} <span className="receipt__number">{doc.number}</span>
        </h2>
      </header>
      <dl className="receipt__lines">
        {receiptLines(doc).map((line) => (
          <div key={line.label} className="receipt__line">
            <dt>{line.label}</dt>
            <dd>{line.value}</dd>
          </div>
        ))}
      </dl>
      <div className="receipt__actions">
        <PdfButton
          url={doc.pdfUrl}
          fileName={`${doc.number}.pdf`}
          label={`Descargar PDF de ${doc.number}`}
          className="btn btn--small"
        />
        <button
          type="button"
          className="btn btn--small btn--outline"
          onClick={() => window.print()}
        >
          Imprimir
        </button>
      </div>
    </article>
  );
}

/** /panel/recibo/:id: a payment's receipt (and its credit note) to read, print or download
 * (issue 30 item 6). The same lines as the PDF, from contracts' receiptLines. */
export default function ReceiptPage() {
  const { id = '' } = useParams();
  const receipt = useReceipt(id);
  const missing = receipt.error instanceof ApiError && [400, 404].includes(receipt.error.status);
  return (
    <div className="receipt-page">
      <title>Recibo · MagoTips</title>
      <p className="receipt-page__back">
        <Link to="/panel/cuenta">← Volver a Mi Cuenta</Link>
      </p>
      <h1 className="panel-page__title">Recibo</h1>
      {receipt.isPending ? (
        <p className="receipt-page__status" role="status">
          Cargando el recibo...
        </p>
      ) : missing ? (
        <p className="receipt-page__status" role="alert">
          {RECEIPT_MISSING}
        </p>
      ) : receipt.isError ? (
        <CardLoadError
          title={RECEIPT_ERROR}
          error={receipt.error}
          onRetry={() => void receipt.refetch()}
        />
      ) : (
        <>
          <ReceiptDocument doc={receipt.data.receipt} />
          {receipt.data.creditNote ? <ReceiptDocument doc={receipt.data.creditNote} /> : null}
        </>
      )}
    </div>
  );
}
