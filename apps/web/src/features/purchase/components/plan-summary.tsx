import { formatUsd } from '@magotips/contracts/money';
import { everyPeriodText, monthsText, perPeriodText } from '../../../lib/months-text';
import type { PlanItem } from '../purchase-state';

export function PlanSummary({ plan, recurring }: { plan: PlanItem; recurring: boolean }) {
  return (
    <div className="purchase-summary">
      <div className="purchase-summary__head">
        <h3 className="purchase-summary__name">{plan.name}</h3>
        <p className="purchase-summary__price">
          {formatUsd(plan.price)}{' '}
          <span className="purchase-summary__period">{perPeriodText(plan.duration || 1)}</span>
        </p>
      </div>
      <dl className="purchase-facts">
        <div className="purchase-facts__row">
          <dt>Duración</dt>
          <dd>{monthsText(plan.duration)}</dd>
        </div>
        <div className="purchase-facts__row">
          <dt>Renovación automática</dt>
          <dd>{recurring ? `Sí, ${everyPeriodText(plan.duration || 1)}` : 'No, un solo pago'}</dd>
        </div>
      </dl>
      {plan.features.length > 0 ? (
        <>
          <h4 className="purchase-summary__subtitle">Beneficios</h4>
          <ul className="plan-benefits">
            {plan.features.map((feature) => (
              <li key={feature} className="plan-benefits__item">
                {feature}
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </div>
  );
}
