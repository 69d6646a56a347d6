import { BILLING_MSG } from '@magotips/contracts/billing';
import { GIFT_MSG } from '@magotips/contracts/gift-codes';
import { formatUsd } from '@magotips/contracts/money';
import { PAYMENT_MESSAGES } from '@magotips/contracts/payments';
import { planLabel, subscriptionPlanName } from '@magotips/contracts/plans';
import { Link } from 'react-router';
import { pauseOf } from '../../../lib/session/pause-state';
import type { TSessionUser } from '../../../lib/session/session-user';
import { everyPeriodText } from '../../../lib/months-text';
import { formatDateTime } from '../format';
import { useReaderTimeZone } from '../../../lib/reader-zone';
import { daysText, subscriptionView } from '../subscription-days';
import { PaymentStatus } from './payment-status';
import { PlanChangeControl } from './plan-change-control';
import { RenewalControls } from './renewal-controls';
import { TrialLine } from './trial-line';

type SubscriptionSummaryProps = {
  user: TSessionUser;
  /** For days left when the stored user predates the server's `daysRemaining`. */
  now?: Date;
};

/** Plan, state, end date, days left, renewal and its controls (SPEC.md §2, §4). */
export function SubscriptionSummary({ user, now = new Date() }: SubscriptionSummaryProps) {
  const subscription = user.subscription;
  const view = subscriptionView(user, now);
  const active = view.kind === 'active';
  const renewing = view.kind === 'renewing';
  const paused = pauseOf(user, now) !== null;
  const timeZone = useReaderTimeZone();
  const endDate = formatDateTime(subscription?.endDate, timeZone);
  // The provider charges on its own calendar: until it has followed a gift that lengthened the
  // access, its next charge comes before the end (decision 0086). Equal, the end says it all.
  const nextCharge =
    view.kind === 'active' && view.recurring
      ? formatDateTime(subscription?.nextChargeDate, timeZone)
      : null;
  const chargeBeforeEnd = nextCharge !== null && nextCharge !== endDate;
  // What the next charge will be (decision 0100: a plan change may have left an adjustment on it),
  // on the charge date, or the end when the two coincide. During a trial its own line says it.
  const nextAmount =
    view.kind === 'active' && view.recurring && !subscription?.trialEndsAt
      ? (subscription?.nextChargeAmount ?? null)
      : null;
  const nextChargeText =
    nextAmount !== null && (nextCharge ?? endDate)
      ? `${formatUsd(nextAmount)} el ${nextCharge ?? endDate}`
      : chargeBeforeEnd
        ? nextCharge
        : null;
  // Another plan or period for a renewing subscription (decision 0100); not during a trial or
  // while a charge is pending (the server refuses both with its own message).
  const canChangePlan =
    view.kind === 'active' &&
    view.recurring &&
    !subscription?.trialEndsAt &&
    !subscription?.paymentPending;
  // A gift or a one-off payment has nothing to renew it with: instead of a button the server
  // would refuse, the card says so and points to the plans (absent on older stored users).
  const fixedTerm =
    view.kind === 'active' &&
    !view.recurring &&
    (subscription?.source === 'gift' || subscription?.source === 'one_off');
  return (
    <section className="account-card" aria-labelledby="subscription-title">
      <div className="account-card__head">
        <h2 id="subscription-title" className="account-card__title">
          Suscripción
        </h2>
        <span
          className={`status-pill ${active || renewing ? 'status-pill--on' : 'status-pill--off'}`}
        >
          {subscription?.paymentPending
            ? BILLING_MSG.paymentPending
            : active
              ? 'Activa'
              : renewing
                ? 'Renovando'
                : 'Sin suscripción activa'}
        </span>
      </div>
      <dl className="account-facts">
        <div>
          <dt>Plan</dt>
          <dd>
            {/* The plan bought, by its own name, while it gives access (decision 0029). */}
            {subscription && (active || renewing)
              ? subscriptionPlanName(subscription)
              : planLabel('free')}
          </dd>
        </div>
        {endDate ? (
          <div>
            <dt>{active || renewing ? 'Válida hasta' : 'Finalizó el'}</dt>
            <dd>{endDate}</dd>
          </div>
        ) : null}
        {active ? (
          <div>
            <dt>Días restantes</dt>
            <dd className={view.warning ? 'account-facts__warning' : undefined}>
              {view.warning ? <span aria-hidden="true">⚠ </span> : null}
              {daysText(view.daysRemaining)}
            </dd>
          </div>
        ) : null}
        {renewing ? (
          <div>
            <dt>Días restantes</dt>
            <dd>
              {subscription?.paymentPending
                ? BILLING_MSG.paymentPending
                : 'Procesando renovación...'}
            </dd>
          </div>
        ) : null}
        {nextChargeText ? (
          <div>
            <dt>Próximo cobro</dt>
            <dd>{nextChargeText}</dd>
          </div>
        ) : null}
        {active || renewing ? (
          <div>
            <dt>Renovación automática</dt>
            <dd>
              {renewing || subscription?.isRecurring
                ? `Sí, ${everyPeriodText(subscription?.durationMonths ?? 1)}`
                : 'No'}
            </dd>
          </div>
        ) : null}
      </dl>
      <TrialLine subscription={subscription} />

      {renewing && !subscription?.paymentPending ? (
        <div className="account-notice account-notice--info" role="alert">
          <p className="account-notice__title">Tu suscripción se está renovando automáticamente.</p>
          <p>
            Estamos confirmando el cobro de este mes con el proveedor de pagos. El acceso VIP vuelve
            en cuanto se confirme; no hace falta que pagues de nuevo.
          </p>
        </div>
      ) : null}
      {active && view.expiring ? (
        <div className="account-notice account-notice--warning" role="alert">
          <p className="account-notice__title">
            Tu suscripción vence en {daysText(view.daysRemaining)} y no se renovará automáticamente.
          </p>
          <p>
            {fixedTerm
              ? 'Cuando termine dejarás de ver los tips VIP. Contrata un plan para mantener el acceso.'
              : 'Cuando termine dejarás de ver los tips VIP. Reactiva la renovación automática para mantener el acceso.'}
          </p>
        </div>
      ) : null}
      {active && view.recurring && chargeBeforeEnd ? (
        <p className="account-notice account-notice--renewal">
          Tu suscripción se renovará automáticamente: el próximo cobro será el {nextCharge}. Puedes
          cancelar la renovación cuando quieras y conservarás el acceso hasta el {endDate}.
        </p>
      ) : active && view.recurring ? (
        <p className="account-notice account-notice--renewal">
          Tu suscripción se renovará automáticamente{endDate ? ` el ${endDate}` : ''}. Puedes
          cancelar la renovación cuando quieras y conservarás el acceso hasta esa fecha.
        </p>
      ) : null}

      <PaymentStatus user={user} />
      {active && fixedTerm ? (
        <>
          <p className="account-card__text">
            {subscription?.source === 'gift' ? GIFT_MSG.resumeGift : PAYMENT_MESSAGES.resumeOneOff}
          </p>
          {paused ? null : (
            <Link className="btn btn--outline" to="/subscription">
              Ver planes
            </Link>
          )}
        </>
      ) : active || renewing ? (
        <>
          {canChangePlan && subscription ? <PlanChangeControl subscription={subscription} /> : null}
          <RenewalControls recurring={renewing || view.recurring} endDate={endDate} />
        </>
      ) : (
        <>
          {/* Decision 0116: no invitation to buy for a paused reader. */}
          {paused ? null : (
            <>
              <p className="account-card__text">
                Con el VIP lees todos los análisis premium en cuanto se publican.
              </p>
              <Link className="btn btn--gold" to="/subscription">
                Actualizar Plan
              </Link>
            </>
          )}
        </>
      )}
    </section>
  );
}
