import { formatUsd } from '@magotips/contracts/money';
import { PERIOD_TEXT, yearlySavingPct } from '@magotips/contracts/plan-periods';
import './yearly-price.css';

// `yearlyPrice` may be missing from a plan an older API or a stale cache sent: read as none.
type YearlyPlan = { price: number; duration: number; yearlyPrice?: number | null };

/** "Ahorra 25 %": computed from the two prices (decision 0099), never typed; nothing when the
 * plan has no yearly price or it saves less than 1 %. */
export function SavingBadge({ plan }: { plan: YearlyPlan }) {
  const pct = yearlySavingPct({ ...plan, yearlyPrice: plan.yearlyPrice ?? null });
  if (pct === null) return null;
  return <span className="saving-badge">{PERIOD_TEXT.save(pct)}</span>;
}

/** The second price of a plan also sold by the year: "Anual: $179.99 USD / año · Ahorra 25 %". */
export function YearlyPriceLine({ plan, className }: { plan: YearlyPlan; className?: string }) {
  if (typeof plan.yearlyPrice !== 'number') return null;
  return (
    <span className={`yearly-price${className ? ` ${className}` : ''}`}>
      <span>
        {PERIOD_TEXT.yearly}: <strong>{formatUsd(plan.yearlyPrice)}</strong> {PERIOD_TEXT.perYear}
      </span>{' '}
      <SavingBadge plan={plan} />
    </span>
  );
}
