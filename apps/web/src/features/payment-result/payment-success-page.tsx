import { GIFT_SUCCESS_TYPE } from '@magotips/contracts/gifts';
import { planLabel } from '@magotips/contracts/plans';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { readStored } from '../../lib/storage';
import { STORAGE_KEYS } from '../../lib/storage-keys';
import { verifySession } from '../../lib/session/api/verify-session';
import { GiftPaymentResult } from './gift-payment-result';
import { useSession } from '../../lib/session/session-context';
import type { TransactionAnswer } from '../../lib/payments/api/check-payment';
import { packsTabHref } from '../../lib/packs-tabs';
import { monthsText } from '../../lib/months-text';
import {
  forgetTransactionId,
  readTransactionId,
  type PurchaseKind,
} from '../../lib/payments/transaction-storage';
import {
  fetchVerification,
  formatAmount,
  notCompletedMessage,
  refusedAnswerMessage,
  resolveTarget,
  TRANSACTION_STATUS_LABELS,
  verificationErrorMessage,
  VERIFY_TEXTS,
  type VerificationTarget,
} from './verify-payment';
import '../../components/payments/payments.css';
import './payment-result.css';
import { SupportLink } from '../../components/ui/support-link';
import { PaymentAlertsOffer } from '../../components/alerts/alerts-offer-placements';

export const SEE_PACK_TIPS = 'Ver los tips de mi pack';

/** A webhook may land a moment after the buyer does: a pending answer is asked again this many
 * times, this far apart, before the page settles on 'Verificación Pendiente'. */
export const VERIFY_POLL_ATTEMPTS = 5;
export const VERIFY_POLL_INTERVAL_MS = 2_000;

/** Statuses after which the stored id no longer names a payment in progress (SPEC.md §4). */
const FINAL_FAILURES: ReadonlySet<string> = new Set(['failed', 'cancelled', 'expired']);

type Transaction = NonNullable<TransactionAnswer['transaction']>;

/** What support can look the payment up by: ours, or the provider's checkout session. */
type PaymentReference = { id: string; kind: 'transaction' | 'session' };

type Verification =
  | { state: 'loading' }
  | { state: 'success'; kind: PurchaseKind; transaction: Transaction }
  | {
      state: 'pending';
      reference: PaymentReference | null;
      recheck: () => void;
      rechecking: boolean;
    }
  | {
      state: 'error';
      message: string;
      reference: PaymentReference | null;
      /** The transaction's own status, when the error is that it did not complete. */
      status?: string;
    };

type PaymentSuccessPageProps = {
  /** Tests shorten the wait. */
  pollAttempts?: number;
  pollIntervalMs?: number;
};

/** /payment/success?session_id=…&type=pack|subscription|gift: where the provider sends the
 * buyer back. A gift has its own verification and outcome (decision 0053). */
export default function PaymentSuccessPage(props: PaymentSuccessPageProps) {
  const [params] = useSearchParams();
  if (params.get('type') === GIFT_SUCCESS_TYPE) {
    return (
      <GiftPaymentResult
        sessionId={params.get('session_id')}
        pollAttempts={props.pollAttempts ?? VERIFY_POLL_ATTEMPTS}
        pollIntervalMs={props.pollIntervalMs ?? VERIFY_POLL_INTERVAL_MS}
      />
    );
  }
  return <PurchaseResult {...props} />;
}

function PurchaseResult({
  pollAttempts = VERIFY_POLL_ATTEMPTS,
  pollIntervalMs = VERIFY_POLL_INTERVAL_MS,
}: PaymentSuccessPageProps) {
  const [params] = useSearchParams();
  const sessionId = params.get('session_id');
  const type = params.get('type');
  // Read once: a verified payment's stored id is removed, and the page must not re-key on that.
  const [target] = useState(() => resolveTarget(type, sessionId));
  const verification = usePaymentVerification(target, pollAttempts, pollIntervalMs);
  useVerificationEffects(target, verification);

  return (
    <div className="checkout container">
      {/* Polite live region: the outcome replacing 'Verificando Pago...' is read out when it
          lands. The alerts offer stays outside it: it announces its own outcomes. */}
      <div aria-live="polite">
        <ResultView verification={verification} />
      </div>
      {/* Issue 31 item 4: the moment to offer alerts is right after a verified payment. Drawn
          in the same render as the result, at its final size (decision 0107). */}
      {verification.state === 'success' ? <PaymentAlertsOffer /> : null}
    </div>
  );
}

function usePaymentVerification(
  target: VerificationTarget | null,
  pollAttempts: number,
  pollIntervalMs: number,
): Verification {
  const queryClient = useQueryClient();
  const queryKey = ['payments', 'verify', target?.kind, target?.transactionId, target?.sessionId];
  const query = useQuery({
    queryKey,
    queryFn: ({ signal }) => fetchVerification(target as VerificationTarget, signal),
    enabled: target !== null,
    staleTime: Infinity,
    gcTime: 0,
    // A repeated 'pending' answer is structurally the same data; the page must still re-render
    // to count it and settle on 'Verificación Pendiente' after the last one.
    notifyOnChangeProps: 'all',
    refetchInterval: (query) =>
      query.state.data?.transaction?.status === 'pending' &&
      query.state.dataUpdateCount < pollAttempts
        ? pollIntervalMs
        : false,
  });

  if (!target) return { state: 'error', message: VERIFY_TEXTS.noSession, reference: null };
  const reference = referenceOf(target.transactionId, target.sessionId);
  if (query.status === 'pending') return { state: 'loading' };
  if (query.status === 'error') {
    return {
      state: 'error',
      message: verificationErrorMessage(target.kind, query.error),
      reference,
    };
  }
  const answer = query.data;
  if (!answer.success) {
    return { state: 'error', message: refusedAnswerMessage(target.kind, answer), reference };
  }
  const transaction = answer.transaction;
  if (!transaction) return { state: 'error', message: VERIFY_TEXTS.unverifiable, reference };
  const ref = referenceOf(transaction.transactionId ?? target.transactionId, target.sessionId);
  if (transaction.status === 'completed')
    return { state: 'success', kind: target.kind, transaction };
  if (transaction.status === 'pending') {
    // Each answer re-renders the page (notifyOnChangeProps), so this is the count refetchInterval saw.
    const answers = queryClient.getQueryState(queryKey)?.dataUpdateCount ?? 0;
    if (answers < pollAttempts) return { state: 'loading' };
    return {
      state: 'pending',
      reference: ref,
      recheck: () => void query.refetch(),
      rechecking: query.isFetching,
    };
  }
  return {
    state: 'error',
    message: notCompletedMessage(transaction.status),
    reference: ref,
    status: transaction.status ?? '',
  };
}

/** What a settled verification changes outside the page, once: the stored id, the cached
 * packs and tips, and (after a subscription) the session user's subscription flag. */
function useVerificationEffects(target: VerificationTarget | null, verification: Verification) {
  const queryClient = useQueryClient();
  const { setSession } = useSession();
  const done = useRef(false);
  const status =
    verification.state === 'success'
      ? 'completed'
      : verification.state === 'error' || verification.state === 'pending'
        ? verification.state
        : null;
  const finalFailure =
    verification.state === 'error' && FINAL_FAILURES.has(verification.status ?? '');

  useEffect(() => {
    if (done.current || !target || status === null || status === 'pending') return;
    if (status === 'error' && !finalFailure) return;
    done.current = true;
    if (target.transactionId && readTransactionId(target.kind) === target.transactionId) {
      forgetTransactionId(target.kind);
    }
    if (status !== 'completed') return;
    void queryClient.invalidateQueries({ queryKey: ['packs'] });
    void queryClient.invalidateQueries({ queryKey: ['tips'] });
    if (target.kind !== 'subscription') return;
    // The subscription flag lives in the session user: ask for it again so VIP content opens
    // without signing in again.
    const sent = readStored(STORAGE_KEYS.token);
    verifySession()
      .then(({ user, token }) => {
        if (sent && readStored(STORAGE_KEYS.token) === sent && user && token)
          setSession(user, token);
      })
      .catch(() => {
        // The next renewal (every 5 minutes) brings the same user.
      });
  }, [target, status, finalFailure, queryClient, setSession]);
}

function ResultView({ verification }: { verification: Verification }) {
  switch (verification.state) {
    case 'loading':
      return (
        <ResultCard tone="loading" title="Verificando Pago...">
          <p className="result-card__text">
            Estamos confirmando el pago con el proveedor. No cierres esta página.
          </p>
        </ResultCard>
      );
    case 'success':
      return <SuccessView kind={verification.kind} transaction={verification.transaction} />;
    case 'pending':
      return (
        <ResultCard tone="pending" title="Verificación Pendiente">
          <p className="result-card__text">
            Tu pago se está procesando y el proveedor aún no lo ha confirmado. Puede tardar unos
            minutos: tu compra aparecerá en tu panel en cuanto se confirme.
          </p>
          {verification.reference ? <Reference reference={verification.reference} /> : null}
          <div className="result-card__actions">
            <Link className="btn btn--gold" to="/panel">
              Ir al panel
            </Link>
            <button
              type="button"
              className="btn btn--outline"
              disabled={verification.rechecking}
              onClick={verification.recheck}
            >
              {verification.rechecking ? 'Comprobando...' : 'Comprobar de nuevo'}
            </button>
          </div>
        </ResultCard>
      );
    case 'error':
      return (
        <ResultCard tone="error" title="Error en la Verificación">
          <p className="pay-alert pay-alert--error" role="alert">
            {verification.message}
          </p>
          <p className="result-card__text">
            Si se realizó un cargo en tu tarjeta, contacta con soporte (<SupportLink />)
            {verification.reference
              ? verification.reference.kind === 'transaction'
                ? ' e indica este identificador de transacción:'
                : ' e indica este identificador de la sesión de pago:'
              : '.'}
          </p>
          {verification.reference ? <Reference reference={verification.reference} /> : null}
          <ResultLinks />
        </ResultCard>
      );
  }
}

function SuccessView({ kind, transaction }: { kind: PurchaseKind; transaction: Transaction }) {
  const status = transaction.status ?? 'completed';
  const rows: [string, ReactNode][] =
    kind === 'subscription'
      ? [
          ['Plan', transaction.planData?.name ?? planLabel(transaction.plan)],
          ['Importe', formatAmount(transaction.amount, transaction.currency)],
          ['Estado', TRANSACTION_STATUS_LABELS[status] ?? status],
          ['ID de transacción', <code key="id">{transaction.transactionId ?? '—'}</code>],
          // SPEC.md §2: the duration defaults to 1 month.
          ['Duración', monthsText(transaction.planData?.duration ?? 1)],
        ]
      : [
          ['Pack', transaction.pack?.nombre ?? '—'],
          ['Importe', formatAmount(transaction.amount, transaction.currency)],
          ['Estado', TRANSACTION_STATUS_LABELS[status] ?? status],
          ['ID de transacción', <code key="id">{transaction.transactionId ?? '—'}</code>],
        ];
  return (
    <ResultCard tone="success" title="¡Pago Exitoso!">
      <p className="result-card__text">
        {kind === 'subscription'
          ? 'Tu suscripción ya está activa: todos los tips VIP son tuyos.'
          : 'Tu pack ya es tuyo: sus análisis te esperan en la pestaña Tips VIP de la página de inicio.'}
      </p>
      <dl className="result-details">
        {rows.map(([label, value]) => (
          <div key={label} className="result-details__row">
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      {kind === 'pack' ? (
        // Straight to what was bought (decision 0033): the VIP tab lists the pack's tips first.
        <p className="result-card__primary">
          <Link className="btn btn--gold btn--large" to={packsTabHref('vip')}>
            {SEE_PACK_TIPS}
          </Link>
        </p>
      ) : null}
      <ResultLinks secondary={kind === 'pack'} />
    </ResultCard>
  );
}

function ResultLinks({ secondary = false }: { secondary?: boolean }) {
  return (
    <div className="result-card__actions">
      <Link className={`btn ${secondary ? 'btn--outline' : 'btn--gold'}`} to="/">
        Ir al inicio
      </Link>
      <Link className="btn btn--outline" to="/panel">
        Ir al panel
      </Link>
    </div>
  );
}

function referenceOf(transactionId: string | null | undefined, sessionId: string | null) {
  if (transactionId) return { id: transactionId, kind: 'transaction' } satisfies PaymentReference;
  if (sessionId) return { id: sessionId, kind: 'session' } satisfies PaymentReference;
  return null;
}

function Reference({ reference }: { reference: PaymentReference }) {
  return (
    <p className="result-card__reference">
      <code>{reference.id}</code>
    </p>
  );
}

const ICONS = { loading: '', success: '✓', pending: '⏳', error: '!' } as const;

function ResultCard({
  tone,
  title,
  children,
}: {
  tone: keyof typeof ICONS;
  title: string;
  children: ReactNode;
}) {
  return (
    <section className={`result-card result-card--${tone}`} aria-labelledby="payment-result-title">
      <title>{`${title} · MagoTips`}</title>
      {tone === 'loading' ? (
        <span className="result-card__spinner" aria-hidden="true" />
      ) : (
        <span className="result-card__icon" aria-hidden="true">
          {ICONS[tone]}
        </span>
      )}
      <h1 id="payment-result-title" className="result-card__title">
        {title}
      </h1>
      {children}
    </section>
  );
}
