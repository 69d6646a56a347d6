import {
  formatReceiptAmount,
  formatReceiptDate,
  receiptPagePath,
  type TPaymentHistoryEntry,
} from '@magotips/contracts/receipts';
import { Link } from 'react-router';
import { usePaymentHistory } from '../api/payments-api';
import { CardLoadError } from './card-load-error';
import { PdfButton } from './pdf-button';

export const PAYMENTS_EMPTY = 'Todavía no has hecho ningún pago.';
export const PAYMENTS_ERROR = 'Error al cargar tu historial de pagos';

const STATUS_TEXT: Record<TPaymentHistoryEntry['status'], string> = {
  paid: 'Pagado',
  refunded: 'Reembolsado',
};

function PaymentRow({ payment }: { payment: TPaymentHistoryEntry }) {
  return (
    <li className="payment-row">
      <div className="payment-row__main">
        <p className="payment-row__concept">{payment.concept}</p>
        <p className="payment-row__meta">
          <time dateTime={payment.date}>{formatReceiptDate(payment.date)}</time>
          <span className={`payment-row__status payment-row__status--${payment.status}`}>
            {STATUS_TEXT[payment.status]}
          </span>
        </p>
      </div>
      <p className="payment-row__amount">{formatReceiptAmount(payment.amount, payment.currency)}</p>
      {payment.receiptNumber && payment.receiptUrl ? (
        <div className="payment-row__docs">
          <Link to={receiptPagePath(payment.id)}>Recibo {payment.receiptNumber}</Link>
          <PdfButton
            url={payment.receiptUrl}
            fileName={`${payment.receiptNumber}.pdf`}
            label={`Descargar PDF del recibo ${payment.receiptNumber}`}
          />
          {payment.creditNote ? (
            <PdfButton
              url={payment.creditNote.url}
              fileName={`${payment.creditNote.number}.pdf`}
              label={`Abono ${payment.creditNote.number} (descargar PDF)`}
              text={`Abono ${payment.creditNote.number}`}
            />
          ) : null}
        </div>
      ) : (
        // Only payments completed before receipts existed (decision 0093) have none.
        <p className="payment-row__docs account-facts__empty">
          Sin recibo (pago anterior a los recibos)
        </p>
      )}
    </li>
  );
}

/** GET /api/account/payments: the account's paid transactions, each with its receipt
 * (issue 30 items 5 and 6). */
export function PaymentHistoryCard() {
  const history = usePaymentHistory();
  return (
    <section className="account-card account-card--wide" aria-labelledby="payment-history-title">
      <h2 id="payment-history-title" className="account-card__title">
        Historial de pagos
      </h2>
      {history.isPending ? (
        <p className="account-card__text" role="status">
          Cargando tu historial de pagos...
        </p>
      ) : history.isError ? (
        <CardLoadError
          title={PAYMENTS_ERROR}
          error={history.error}
          onRetry={() => void history.refetch()}
        />
      ) : history.data.payments.length === 0 ? (
        <p className="account-card__text">{PAYMENTS_EMPTY}</p>
      ) : (
        <ul className="payment-list">
          {history.data.payments.map((payment) => (
            <PaymentRow key={payment.id} payment={payment} />
          ))}
        </ul>
      )}
    </section>
  );
}
