import { MSG } from '@magotips/contracts/messages';
import type { PaymentMethod } from '@magotips/contracts/payments';
import { MONTHS_PER_YEAR } from '@magotips/contracts/plan-periods';
import { subscriptionPlanName } from '@magotips/contracts/plans';
import { useId, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useSession } from '../../lib/session/session-context';
import { usePause } from '../../lib/session/pause';
import { PauseRefusal } from '../../components/session/pause-refusal';
import { PaymentMethodSelector } from '../../components/payments/payment-method-selector';
import { SecurityNote } from '../../components/payments/security-note';
import { DEFAULT_PAYMENT_METHOD } from '../../lib/payments/payment-methods';
import type { SubscriptionPurchaseState } from '../../lib/payments/purchase-navigation';
import { PlansStates } from '../../components/plans/plans-states';
import { usePlans } from '../../lib/api/get-plans';
import { isYearlySearch, PLAN_PARAM, purchasePath } from '../../lib/payments/billing-period';
import { PlanCard } from './components/plan-card';
import { PeriodChoice } from './components/period-choice';
import '../../components/payments/payments.css';
import './subscription-page.css';
import { PLAN_SKELETON_COUNT, PlanCardSkeleton } from './components/plan-card-skeleton';
import { everyPeriodText } from '../../lib/months-text';
import { useReaderTimeZone } from '../../lib/reader-zone';
import { dateInZoneText } from '@magotips/contracts/time-zone';
import { PlanComparison } from '../../components/plans/plan-comparison';
import { WelcomeDiscountNotice } from '../../components/referrals/welcome-discount-notice';
import { useWelcomeDiscount } from '../../lib/api/get-referrals-me';

/** The notice's words before its link: 'Ya tienes una suscripción activa (Plan Premium) hasta el
 * 1 de julio de 2026: puedes revisarla en'. */
export function activeSubscriptionText(
  subscription: {
    planKey?: string | null;
    planName?: string | null;
    plan?: string;
    endDate?: string | null;
  },
  timeZone: string,
): string {
  const end = subscription.endDate ? new Date(subscription.endDate) : null;
  const until =
    end && !Number.isNaN(end.getTime()) ? ` hasta el ${dateInZoneText(end, timeZone)}` : '';
  return `Ya tienes una suscripción activa (${subscriptionPlanName(subscription)})${until}: puedes revisarla en`;
}

/** /subscription: choose a plan, a payment method and whether it renews (SPEC.md §2). The
 * payment itself is created on /purchase, which confirms packs and plans alike. */
export default function SubscriptionPage() {
  const timeZone = useReaderTimeZone();
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const { user } = useSession();
  const titleId = useId();
  const plansName = useId();
  const recurringHintId = useId();
  const plansQuery = usePlans();
  // A plan and a period may come in the address (`?plan=premium&periodo=anual`, decision 0101).
  const [chosen, setChosen] = useState<string | null>(search.get(PLAN_PARAM));
  const [yearlyAsked, setYearlyAsked] = useState(isYearlySearch(search));
  const [method, setMethod] = useState<PaymentMethod>(DEFAULT_PAYMENT_METHOD);
  const [recurring, setRecurring] = useState(true);
  const [error, setError] = useState<string | null>(null);

  const plans = plansQuery.data?.data ?? [];
  // SPEC.md §2: the first plan is preselected until the buyer picks another.
  const selected =
    plans.find((plan) => plan._id === chosen || plan.key === chosen) ?? plans[0] ?? null;
  // The year only for a plan sold by the year; another plan keeps its own period.
  const yearly = yearlyAsked && typeof selected?.yearlyPrice === 'number';
  const periodMonths = yearly ? MONTHS_PER_YEAR : selected?.duration || 1;
  const subscription = user?.subscription;
  // Decision 0116: plans are shown, but a paused reader can't go on to pay (409 PAUSED).
  const pause = usePause();
  const welcome = useWelcomeDiscount();

  function proceed() {
    if (!selected) {
      setError(MSG.planRequired);
      return;
    }
    setError(null);
    const state: SubscriptionPurchaseState = {
      item: selected,
      type: 'subscription',
      recurring,
      paymentMethod: method,
    };
    navigate(purchasePath(yearly), { state });
  }

  return (
    <div className="checkout container">
      <title>Suscripción · MagoTips</title>
      <header className="checkout__head">
        <h1 id={titleId} className="checkout__title">
          Elige tu plan
        </h1>
        <p className="checkout__lead">
          Cada plan dice qué tips VIP abre: todos en cuanto se publican, o los de los packs sin
          comprarlos.
        </p>
      </header>

      {subscription?.hasActiveSubscription ? (
        // One paragraph inside the alert box: the box lays its children out as a column, so text
        // and link set straight in it read as three fragments (issue 13 item 13).
        <div className="pay-alert pay-alert--info" role="status">
          <p className="pay-alert__text">
            {activeSubscriptionText(subscription, timeZone)}{' '}
            <Link to="/panel/cuenta">tu panel</Link>.
          </p>
        </div>
      ) : null}

      <div className="checkout__grid">
        <section className="checkout-card" aria-labelledby={`${titleId}-plans`}>
          <h2 id={`${titleId}-plans`} className="checkout-card__title">
            Planes
          </h2>
          <PlansStates
            plans={plansQuery}
            loading={
              <div className="plan-options">
                <p className="visually-hidden" role="status">
                  Cargando planes...
                </p>
                {Array.from({ length: PLAN_SKELETON_COUNT }, (_, i) => (
                  <PlanCardSkeleton key={i} />
                ))}
              </div>
            }
            classes={{
              error: 'pay-alert pay-alert--error',
              errorText: 'pay-alert__text',
              empty: 'checkout-card__empty',
            }}
          >
            {(list) => (
              <>
                <fieldset className="plan-options">
                  <legend className="visually-hidden">Elige tu plan</legend>
                  {list.map((plan) => (
                    <PlanCard
                      key={plan._id}
                      plan={plan}
                      groupName={plansName}
                      selected={plan._id === selected?._id}
                      onSelect={() => {
                        setChosen(plan._id);
                        setError(null);
                      }}
                    />
                  ))}
                </fieldset>
                {selected ? (
                  <PeriodChoice plan={selected} yearly={yearly} onChange={setYearlyAsked} />
                ) : null}
                <PlanComparison plans={list} />
              </>
            )}
          </PlansStates>
        </section>

        <section className="checkout-card" aria-labelledby={`${titleId}-payment`}>
          <h2 id={`${titleId}-payment`} className="checkout-card__title">
            Pago
          </h2>
          <PaymentMethodSelector value={method} onChange={setMethod} />

          <div className="recurring-option">
            <label className="recurring-option__label">
              <input
                type="checkbox"
                className="recurring-option__input"
                checked={recurring}
                onChange={(event) => setRecurring(event.target.checked)}
                aria-describedby={recurringHintId}
              />
              Pago recurrente: renovar automáticamente {everyPeriodText(periodMonths)}
            </label>
            <p id={recurringHintId} className="recurring-option__hint">
              Puedes cancelar la renovación cuando quieras desde tu panel. Sin ella, la suscripción
              termina al acabar el periodo pagado.
            </p>
          </div>

          {error ? (
            <p className="pay-alert pay-alert--error" role="alert">
              {error}
            </p>
          ) : null}

          {/* Beside the button that leads to the payment, where the discount is applied. */}
          {pause ? null : (
            <WelcomeDiscountNotice
              percent={welcome.percent}
              className="welcome-discount--in-card"
            />
          )}
          <div className="checkout__actions">
            {pause ? (
              <PauseRefusal pause={pause} />
            ) : (
              <button
                type="button"
                className="btn btn--gold btn--large btn--block"
                disabled={plansQuery.status === 'pending'}
                onClick={proceed}
              >
                Continuar
              </button>
            )}
            <Link className="btn btn--outline btn--block" to="/">
              Cancelar
            </Link>
          </div>
          <SecurityNote />
        </section>
      </div>
    </div>
  );
}
