import { formatUsd } from '@magotips/contracts/money';
import { TRIAL_TEXT } from '@magotips/contracts/plan-grants';
import type { TPlan } from '@magotips/contracts/subscription-plans';
import { GIFT_CHECKOUT_PATH } from '@magotips/contracts/gifts';
import { useId } from 'react';
import { Link } from 'react-router';
import { YearlyPriceLine } from '../../../components/plans/yearly-price';
import { monthsText, perPeriodText } from '../../../lib/months-text';

type PlanCardProps = {
  plan: TPlan;
  /** The radio group's name, shared by every card. */
  groupName: string;
  selected: boolean;
  onSelect: () => void;
};

/** One plan as a radio option. The label stretches over the card, so a click anywhere on it
 * chooses the plan while the benefits stay a real list outside the label. */
export function PlanCard({ plan, groupName, selected, onSelect }: PlanCardProps) {
  const inputId = useId();
  const detailsId = useId();
  return (
    <div className={`plan-card${selected ? ' plan-card--selected' : ''}`}>
      <input
        id={inputId}
        className="plan-card__input"
        type="radio"
        name={groupName}
        value={plan._id}
        checked={selected}
        onChange={onSelect}
        aria-describedby={detailsId}
      />
      <label htmlFor={inputId} className="plan-card__label">
        <span className="plan-card__name">{plan.name}</span>
        {plan.trialDays > 0 ? (
          <span className="plan-card__trial">{TRIAL_TEXT.badge(plan.trialDays)}</span>
        ) : null}
        <span className="plan-card__price">
          {formatUsd(plan.price)}{' '}
          <span className="plan-card__period">{perPeriodText(plan.duration || 1)}</span>
        </span>
      </label>
      <div id={detailsId} className="plan-card__details">
        <YearlyPriceLine plan={plan} className="plan-card__yearly" />
        <p className="plan-card__duration">Duración: {monthsText(plan.duration || 1)}</p>
        {plan.features.length > 0 ? (
          <ul className="plan-benefits">
            {plan.features.map((feature) => (
              <li key={feature} className="plan-benefits__item">
                {feature}
              </li>
            ))}
          </ul>
        ) : null}
        {/* Outside the radio's label: giving a plan does not choose it for oneself. */}
        <Link
          className="btn btn--small btn--outline plan-card__gift"
          to={`${GIFT_CHECKOUT_PATH}?plan=${encodeURIComponent(plan.key)}&months=${plan.duration || 1}`}
          aria-label={`Regalar ${plan.name}`}
        >
          <span aria-hidden="true">🎁 </span>Regalar
        </Link>
      </div>
    </div>
  );
}
