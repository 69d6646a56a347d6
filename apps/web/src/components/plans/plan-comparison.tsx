import { effectiveGrants, PLAN_COMPARISON_ROWS } from '@magotips/contracts/plan-grants';
import type { TPlan } from '@magotips/contracts/subscription-plans';
import { useId } from 'react';
import './plan-comparison.css';

export const COMPARISON_TITLE = 'Qué incluye cada plan';
export const INCLUDED = 'Incluido';
export const NOT_INCLUDED = 'No incluido';
export const TRIAL_ROW = 'Prueba gratuita';
export const NO_TRIAL = 'Sin prueba gratuita';

/** The comparison of /subscription and the landing's Planes (decision 0097), drawn from what
 * each plan says it grants: the same fields the server's entitlement rule reads, so the table
 * cannot promise what the product does not give. */
export function PlanComparison({ plans }: { plans: TPlan[] }) {
  const titleId = useId();
  if (plans.length === 0) return null;
  return (
    // A wide table scrolls inside its box on a phone; the box takes focus so a keyboard can too.
    <div className="plan-comparison" role="region" aria-labelledby={titleId} tabIndex={0}>
      <table className="plan-comparison__table">
        <caption id={titleId} className="plan-comparison__caption">
          {COMPARISON_TITLE}
        </caption>
        <thead>
          <tr>
            <td />
            {plans.map((plan) => (
              <th key={plan._id} scope="col">
                {plan.name}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {PLAN_COMPARISON_ROWS.map((row) => (
            <tr key={row.key}>
              <th scope="row">{row.label}</th>
              {plans.map((plan) => (
                <td key={plan._id}>
                  <Mark on={effectiveGrants(plan)[row.key]} />
                </td>
              ))}
            </tr>
          ))}
          <tr>
            <th scope="row">{TRIAL_ROW}</th>
            {plans.map((plan) => (
              <td key={plan._id}>
                {plan.trialDays > 0 ? (
                  `${plan.trialDays} días`
                ) : (
                  <>
                    <span aria-hidden="true">—</span>
                    <span className="visually-hidden">{NO_TRIAL}</span>
                  </>
                )}
              </td>
            ))}
          </tr>
        </tbody>
      </table>
    </div>
  );
}

function Mark({ on }: { on: boolean }) {
  return (
    <span className={`plan-comparison__mark plan-comparison__mark--${on ? 'on' : 'off'}`}>
      <span aria-hidden="true">{on ? '✓' : '✗'}</span>
      <span className="visually-hidden">{on ? INCLUDED : NOT_INCLUDED}</span>
    </span>
  );
}
