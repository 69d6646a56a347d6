import { planLabel } from '@magotips/contracts/plans';
import { Link } from 'react-router';
import type { TSessionUser } from '../../auth/session-user';
import { formatDateTime } from '../format';

/** What the user object says about the subscription: plan, state, end date and renewal. */
export function SubscriptionSummary({ user }: { user: TSessionUser }) {
  const subscription = user.subscription;
  const active = subscription?.hasActiveSubscription === true;
  const endDate = formatDateTime(subscription?.endDate);
  return (
    <section className="account-card" aria-labelledby="subscription-title">
      <div className="account-card__head">
        <h2 id="subscription-title" className="account-card__title">
          Suscripción
        </h2>
        <span className={`status-pill ${active ? 'status-pill--on' : 'status-pill--off'}`}>
          {active ? 'Activa' : 'Sin suscripción activa'}
        </span>
      </div>
      <dl className="account-facts">
        <div>
          <dt>Plan</dt>
          <dd>{planLabel(subscription?.plan)}</dd>
        </div>
        {endDate ? (
          <div>
            <dt>{active ? 'Válida hasta' : 'Finalizó el'}</dt>
            <dd>{endDate}</dd>
          </div>
        ) : null}
        {active ? (
          <div>
            <dt>Renovación automática</dt>
            <dd>{subscription?.isRecurring ? 'Sí, cada mes' : 'No'}</dd>
          </div>
        ) : null}
      </dl>
      {active ? null : (
        <>
          <p className="account-card__text">
            Con el VIP lees todos los análisis premium en cuanto se publican.
          </p>
          <Link className="btn btn--gold" to="/subscription">
            Actualizar Plan
          </Link>
        </>
      )}
    </section>
  );
}
