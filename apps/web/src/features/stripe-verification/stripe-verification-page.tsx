import { ADMIN_MSG } from '@magotips/contracts/admin';
import { VERIFICATION_MSG } from '@magotips/contracts/verification';
import { hasRole } from '@magotips/contracts/roles';
import { useId } from 'react';
import { useSession } from '../../lib/session/session-context';
import { AccessDenied } from '../../components/ui/access-denied';
import { useLatestVerification } from './api/get-latest-verification';
import { useRunVerification } from './api/run-verification';
import { RUN_ERROR_TITLES, VerificationActions } from './components/verification-actions';
import { VerificationHistory } from './components/verification-history';
import { VerificationRecord } from './components/verification-record';
import { EmptyState, ErrorState, LoadingState } from './components/verification-states';
import { verificationErrorDetail } from './verification-error';
import { STATUS_LABELS } from './verification-format';
import '../../components/form/form.css';
import './stripe-verification.css';
import './stripe-verification-tables.css';

/** /panel/stripe-verification (SPEC.md §2): admins only. The server refuses everyone else's
 * calls anyway; this spares them a screen of errors. */
export default function StripeVerificationPage() {
  const { user } = useSession();
  if (!user || !hasRole(user.roles, 'admin')) {
    return <AccessDenied message={ADMIN_MSG.accessDenied} requiredRole="admin" />;
  }
  return <VerificationPanel />;
}

function LatestVerification() {
  const latest = useLatestVerification();
  const titleId = useId();
  if (latest.isPending) return <LoadingState text="Cargando última verificación..." />;
  if (latest.isError) {
    return (
      <ErrorState
        title={VERIFICATION_MSG.latestError}
        detail={verificationErrorDetail(latest.error)}
        onRetry={() => void latest.refetch()}
      />
    );
  }
  if (!latest.data.data) {
    return (
      <EmptyState>
        Todavía no se ha hecho ninguna verificación. Elige una arriba para empezar.
      </EmptyState>
    );
  }
  return <VerificationRecord record={latest.data.data} level={3} titleId={titleId} />;
}

function VerificationPanel() {
  const run = useRunVerification();
  const running = run.isPending ? (run.variables?.type ?? null) : null;

  return (
    <div className="verification-page">
      <title>Verificación Stripe · MagoTips</title>
      <h1 className="panel-page__title">Verificación Stripe</h1>
      <p className="panel-page__lead">
        Lee del proveedor de pagos el balance, los pagos retenidos y las transferencias al banco, y
        compara sus cobros con nuestras transacciones completadas.
      </p>

      <section className="verification-card" aria-labelledby="verification-run-title">
        <h2 id="verification-run-title" className="verification-card__title">
          Nueva verificación
        </h2>
        <VerificationActions running={running} onRun={(next) => run.mutate(next)} />
        {run.isError && run.variables ? (
          <ErrorState
            title={RUN_ERROR_TITLES[run.variables.type]}
            detail={verificationErrorDetail(run.error)}
            onDismiss={() => run.reset()}
          />
        ) : null}
        {/* Always in the page, so the outcome is read out when it changes. */}
        <p className="verification-notice" role="status">
          {run.isSuccess ? `Verificación guardada: ${STATUS_LABELS[run.data.data.status]}.` : ''}
        </p>
      </section>

      <section className="verification-card" aria-labelledby="verification-latest-title">
        <h2 id="verification-latest-title" className="verification-card__title">
          Última verificación
        </h2>
        <LatestVerification />
      </section>

      <section className="verification-card" aria-labelledby="verification-history-title">
        <h2 id="verification-history-title" className="verification-card__title">
          Historial
        </h2>
        <p className="verification-card__lead">
          Las últimas 20 verificaciones, de la más reciente a la más antigua.
        </p>
        <VerificationHistory />
      </section>
    </div>
  );
}
