import { useEffect } from 'react';
import { Link } from 'react-router';
import { settleStoredTransactions } from '../../lib/payments/stale-transactions';
import { hasStoredTransactionIds } from '../../lib/payments/transaction-storage';
import '../../components/payments/payments.css';
import './payment-result.css';

/** /payment/cancel: the buyer left the provider's checkout without paying (SPEC.md §2). */
export default function PaymentCancelPage() {
  // The abandoned payment is now cancelled on the server; checking the stored ids frees the
  // pack purchase it was blocking, so 'Intentar de nuevo' works at once.
  useEffect(() => {
    if (hasStoredTransactionIds()) void settleStoredTransactions();
  }, []);

  return (
    <div className="checkout container">
      <section className="result-card result-card--cancelled" aria-labelledby="payment-cancel-title">
        <title>Pago cancelado · MagoTips</title>
        <span className="result-card__icon" aria-hidden="true">
          ✕
        </span>
        <h1 id="payment-cancel-title" className="result-card__title">
          Pago cancelado
        </h1>
        <p className="result-card__text">
          Has cancelado el pago y no se ha realizado ningún cargo en tu tarjeta.
        </p>
        <p className="result-card__text">Puedes intentarlo de nuevo cuando quieras.</p>
        <div className="result-card__actions">
          <Link className="btn btn--gold" to="/subscription">
            Intentar de nuevo
          </Link>
          <Link className="btn btn--outline" to="/">
            Volver al inicio
          </Link>
        </div>
      </section>
    </div>
  );
}
