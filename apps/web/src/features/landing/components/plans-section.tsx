import { formatUsd } from '@magotips/contracts/money';
import type { TPlan } from '@magotips/contracts/subscription-plans';
import { useId } from 'react';
import { Link } from 'react-router';
import { monthsText, perPeriodText } from '../../../lib/months-text';
import { PlanComparison } from '../../../components/plans/plan-comparison';
import { PlansStates } from '../../../components/plans/plans-states';
import { YearlyPriceLine } from '../../../components/plans/yearly-price';
import { usePlans } from '../../../lib/api/get-plans';

/** After signing up (or in), the visitor lands on /subscription, which stays behind sign-in. */
export const PLANS_SIGNUP_HREF = '/register?next=/subscription';
export const PLANS_LOGIN_HREF = '/login?next=/subscription';
export const PLANS_LOADING = 'Cargando planes...';
/** Cards drawn while the plans load, so the section keeps its size when they arrive. */
const PLACEHOLDER_CARDS = 3;

/** "Planes" on the visitor landing (decision 0033): the public plans and prices, from the same
 * call as /subscription (GET /api/subscriptions/plans, publicly cacheable). */
export function PlansSection() {
  const plans = usePlans();
  return (
    <section className="landing-section container plans-section" aria-labelledby="plans-title">
      <h2 id="plans-title" className="section-title">
        Planes
      </h2>
      <p className="section-lead">
        Cada plan dice qué tips VIP abre: todos, o los de los packs sin comprarlos. Se renueva solo
        y puedes cancelar desde tu panel cuando quieras. Crea tu cuenta gratis y elige tu plan.
      </p>
      <PlansStates
        plans={plans}
        loading={
          <>
            <p className="visually-hidden" role="status">
              {PLANS_LOADING}
            </p>
            <ul className="plan-offers" aria-hidden="true">
              {Array.from({ length: PLACEHOLDER_CARDS }, (_, index) => (
                <li key={index} className="plan-offer plan-offer--placeholder" />
              ))}
            </ul>
          </>
        }
        classes={{
          error: 'tip-list__state tip-list__state--error',
          errorText: 'tip-list__error-title',
          empty: 'tip-list__state',
        }}
      >
        {(list) => (
          <>
            <ul className="plan-offers">
              {list.map((plan) => (
                <li key={plan._id}>
                  <PlanOffer plan={plan} />
                </li>
              ))}
            </ul>
            <PlanComparison plans={list} />
          </>
        )}
      </PlansStates>
      <p className="plans-section__login">
        ¿Ya tienes cuenta? <Link to={PLANS_LOGIN_HREF}>Inicia sesión</Link> y elige tu plan.
      </p>
    </section>
  );
}

function PlanOffer({ plan }: { plan: TPlan }) {
  const nameId = useId();
  const months = plan.duration || 1;
  return (
    <article className="plan-offer" aria-labelledby={nameId}>
      <h3 id={nameId} className="plan-offer__name">
        {plan.name}
      </h3>
      <p className="plan-offer__price">
        {formatUsd(plan.price)} <span className="plan-offer__period">{perPeriodText(months)}</span>
      </p>
      {typeof plan.yearlyPrice !== 'number' ? null : (
        <p className="plan-offer__yearly">
          <YearlyPriceLine plan={plan} />
        </p>
      )}
      <p className="plan-offer__duration">Duración: {monthsText(months)}</p>
      {plan.features.length > 0 ? (
        <ul className="plan-offer__features">
          {plan.features.map((feature) => (
            <li key={feature}>{feature}</li>
          ))}
        </ul>
      ) : null}
      <Link className="btn btn--gold btn--block" to={PLANS_SIGNUP_HREF} aria-describedby={nameId}>
        Crear cuenta
      </Link>
    </article>
  );
}
