import { formatUsd } from '@magotips/contracts/money';
import type { TGiftPurchaseResponse } from '@magotips/contracts/gifts';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { SupportLink } from '../../components/ui/support-link';
import { errorText } from '../../lib/error-text';
import { monthsText } from '../../lib/months-text';
import { useVerifyGift } from './api/verify-gift';

export const GIFT_RESULT_TEXTS = {
  verifying: 'Verificando Pago...',
  paid: '¡Regalo pagado!',
  pending: 'Verificación Pendiente',
  pendingText:
    'Tu pago aún no está confirmado. En cuanto lo esté te enviaremos el código de regalo por email.',
  failed: 'El pago del regalo no se completó',
  notIssued: 'Regalo no disponible',
  error: 'No pudimos verificar el pago del regalo.',
  noSession: 'No se encontró información de sesión de pago',
  code: 'Código de regalo',
} as const;

function what(gift: TGiftPurchaseResponse['gift']): string {
  return gift.type === 'pack'
    ? `el pack «${gift.itemName}»`
    : `el ${gift.itemName} durante ${monthsText(gift.months ?? 1)}`;
}

/** /payment/success?type=gift: the gift was paid, where its code went, and the code itself. */
export function GiftPaymentResult({
  sessionId,
  pollAttempts,
  pollIntervalMs,
}: {
  sessionId: string | null;
  pollAttempts: number;
  pollIntervalMs: number;
}) {
  const query = useVerifyGift(sessionId, pollAttempts, pollIntervalMs);
  if (!sessionId)
    return <Card title={GIFT_RESULT_TEXTS.error}>{alert(GIFT_RESULT_TEXTS.noSession)}</Card>;
  if (query.isPending) {
    return (
      <Card title={GIFT_RESULT_TEXTS.verifying} busy>
        {null}
      </Card>
    );
  }
  if (query.isError) {
    return (
      <Card title={GIFT_RESULT_TEXTS.error}>
        {alert(errorText(query.error, GIFT_RESULT_TEXTS.error))}
        <p className="result-card__text">
          Si se realizó un cargo en tu tarjeta, contacta con soporte (<SupportLink />) e indica este
          identificador de la sesión de pago:
        </p>
        <p className="result-card__reference">
          <code>{sessionId}</code>
        </p>
      </Card>
    );
  }
  const { transaction, gift } = query.data;
  const polling = transaction.status === 'pending' && query.dataUpdatedAt > 0 && query.isFetching;
  if (transaction.status === 'pending') {
    return (
      <Card
        title={polling ? GIFT_RESULT_TEXTS.verifying : GIFT_RESULT_TEXTS.pending}
        busy={polling}
      >
        <p className="result-card__text">{GIFT_RESULT_TEXTS.pendingText}</p>
      </Card>
    );
  }
  if (transaction.status !== 'completed' || !gift.code) {
    // Paid without a code: what it gave was deleted first; the server's message says what next.
    const paidWithoutCode = transaction.status === 'completed';
    return (
      <Card title={paidWithoutCode ? GIFT_RESULT_TEXTS.notIssued : GIFT_RESULT_TEXTS.failed}>
        {alert(query.data.message ?? GIFT_RESULT_TEXTS.failed)}
      </Card>
    );
  }
  return (
    <Card title={GIFT_RESULT_TEXTS.paid}>
      <p className="result-card__text">
        Has regalado {what(gift)} por {formatUsd(transaction.amount)}.{' '}
        {gift.recipientEmail
          ? `Hemos enviado el código a ${gift.recipientEmail} y una copia a tu email.`
          : 'Te hemos enviado el código por email: dáselo a quien quieras.'}
      </p>
      <dl className="result-details">
        <div className="result-details__row">
          <dt>{GIFT_RESULT_TEXTS.code}</dt>
          <dd>
            <code className="gift-result__code">{gift.code}</code>
          </dd>
        </div>
        <div className="result-details__row">
          <dt>ID de transacción</dt>
          <dd>
            <code>{transaction.transactionId}</code>
          </dd>
        </div>
      </dl>
      <p className="result-card__text">
        Se canjea una sola vez, desde «Canjear código de regalo» en el panel de cualquier cuenta.
      </p>
    </Card>
  );
}

function alert(text: string) {
  return (
    <p className="pay-alert pay-alert--error" role="alert">
      {text}
    </p>
  );
}

function Card({
  title,
  busy = false,
  children,
}: {
  title: string;
  busy?: boolean;
  children: ReactNode;
}) {
  return (
    // Polite live region, as the other outcomes: the result replacing 'Verificando' is read out.
    <div className="checkout container" aria-live="polite">
      <section
        className={`result-card result-card--${busy ? 'loading' : 'success'}`}
        aria-labelledby="gift-result-title"
      >
        <title>{`${title} · MagoTips`}</title>
        {busy ? <span className="result-card__spinner" aria-hidden="true" /> : null}
        <h1 id="gift-result-title" className="result-card__title">
          {title}
        </h1>
        {children}
        <div className="result-card__actions">
          <Link className="btn btn--gold" to="/">
            Ir al inicio
          </Link>
          <Link className="btn btn--outline" to="/panel">
            Ir al panel
          </Link>
        </div>
      </section>
    </div>
  );
}
