import { formatUsd } from '@magotips/contracts/money';
import { PERIOD_TEXT } from '@magotips/contracts/plan-periods';
import { SavingBadge } from '../../../components/plans/yearly-price';
import { everyPeriodText, monthsText, perPeriodText } from '../../../lib/months-text';
import type { PlanCharge, PlanItem } from '../purchase-state';

type PlanSummaryProps = {
  plan: PlanItem;
  recurring: boolean;
  /** The period bought; the plan's own when absent. */
  charge?: PlanCharge;
};

export function PlanSummary({ plan, recurring, charge }: PlanSummaryProps) {
  const bought = charge ?? { amount: plan.price, months: plan.duration || 1, yearly: false };
  return (
    <div className="purchase-summary">
      <div className="purchase-summary__head">
        <h3 className="purchase-summary__name">{plan.name}</h3>
        <p className="purchase-summary__price">
          {formatUsd(bought.amount)}{' '}
          <span className="purchase-summary__period">
            {bought.yearly ? PERIOD_TEXT.perYear : perPeriodText(bought.months)}
          </span>
        </p>
        {bought.yearly ? (
          <p className="purchase-summary__saving">
            <SavingBadge plan={plan} />
          </p>
        ) : null}
      </div>
      <dl className="purchase-facts">
        <div className="purchase-facts__row">
          <dt>Duración</dt>
          <dd>{monthsText(bought.months)}</dd>
        </div>
        <div className="purchase-facts__row">
          <dt>Renovación automática</dt>
          <dd>{recurring ? `Sí, ${everyPeriodText(bought.months)}` : 'No, un solo pago'}</dd>
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
