import { formatUsd } from '@magotips/contracts/money';
import { PERIOD_TEXT } from '@magotips/contracts/plan-periods';
import type { TPlan } from '@magotips/contracts/subscription-plans';
import { useId } from 'react';
import { SavingBadge } from '../../../components/plans/yearly-price';
import { perPeriodText } from '../../../lib/months-text';
import './period-choice.css';

type PeriodChoiceProps = {
  plan: TPlan;
  yearly: boolean;
  onChange: (yearly: boolean) => void;
};

/** "Mensual / Anual" for the chosen plan when it is also sold by the year (decision 0101): two
 * radios with their prices, the yearly one with its computed saving. Nothing otherwise. */
export function PeriodChoice({ plan, yearly, onChange }: PeriodChoiceProps) {
  const name = useId();
  if (typeof plan.yearlyPrice !== 'number') return null;
  const months = plan.duration || 1;
  return (
    <fieldset className="period-choice">
      <legend className="period-choice__legend">{PERIOD_TEXT.chooseLabel}</legend>
      <div className="period-choice__options">
        <label className={`period-choice__option${yearly ? '' : ' period-choice__option--on'}`}>
          <input type="radio" name={name} checked={!yearly} onChange={() => onChange(false)} />
          <span className="period-choice__name">{PERIOD_TEXT.planPeriod(months)}</span>{' '}
          <span className="period-choice__price">
            {formatUsd(plan.price)} {perPeriodText(months)}
          </span>
        </label>
        <label className={`period-choice__option${yearly ? ' period-choice__option--on' : ''}`}>
          <input type="radio" name={name} checked={yearly} onChange={() => onChange(true)} />
          <span className="period-choice__name">{PERIOD_TEXT.yearly}</span>{' '}
          <span className="period-choice__price">
            {formatUsd(plan.yearlyPrice)} {PERIOD_TEXT.perYear}
          </span>{' '}
          <SavingBadge plan={plan} />
        </label>
      </div>
    </fieldset>
  );
}
