// First: Zod's settings (jitless under the CSP, Spanish texts) must precede any schema built.
import '../../lib/spanish-zod';
import {
  GIFT_PLAN_MONTHS_MAX,
  GIFT_PLAN_MONTHS_MIN,
  giftPlanPriceCents,
  ZGiftPlanMonths,
} from '@magotips/contracts/gifts';
import { formatUsd, fromCents, toCents } from '@magotips/contracts/money';
import { useId } from 'react';
import { monthsText } from '../../lib/months-text';

export const GIFT_MONTHS_TEXTS = {
  label: 'Meses de regalo',
  total: 'Total',
  perMonth: (monthly: string) => `${monthly} al mes`,
} as const;

const CHOICES = Array.from(
  { length: GIFT_PLAN_MONTHS_MAX - GIFT_PLAN_MONTHS_MIN + 1 },
  (_, i) => GIFT_PLAN_MONTHS_MIN + i,
);

type PlanPrice = { price: number; duration: number };

/** What a plan gift of `months` costs, as the server charges it (the contracts' one rule). */
export function giftPlanTotal(plan: PlanPrice, months: number): number {
  return fromCents(
    giftPlanPriceCents({ priceCents: toCents(plan.price), durationMonths: plan.duration }, months),
  );
}

/** The months a /regalar link asks for, when the contracts allow them; else the plan's own
 * months when those are allowed, else one. */
export function initialGiftMonths(asked: string | null, planMonths: number): number {
  const fromLink = ZGiftPlanMonths.safeParse(asked === null ? NaN : Number(asked));
  if (fromLink.success) return fromLink.data;
  const own = ZGiftPlanMonths.safeParse(planMonths);
  return own.success ? own.data : GIFT_PLAN_MONTHS_MIN;
}

/** A plan gift's months (1 to 12) and the total they cost, in the site's money format. */
export function GiftPlanMonths({
  plan,
  months,
  onChange,
}: {
  plan: PlanPrice;
  months: number;
  onChange: (months: number) => void;
}) {
  const id = useId();
  return (
    <div className="field gift-months">
      <label htmlFor={id} className="field__label">
        {GIFT_MONTHS_TEXTS.label}
      </label>
      <select
        id={id}
        className="field__input gift-months__select"
        value={months}
        aria-describedby={`${id}-total`}
        onChange={(e) => onChange(Number(e.target.value))}
      >
        {CHOICES.map((n) => (
          <option key={n} value={n}>
            {monthsText(n)}
          </option>
        ))}
      </select>
      <p id={`${id}-total`} className="gift-checkout__price" aria-live="polite">
        {GIFT_MONTHS_TEXTS.total}: {formatUsd(giftPlanTotal(plan, months))}
      </p>
      <p className="gift-checkout__note">
        {GIFT_MONTHS_TEXTS.perMonth(formatUsd(giftPlanTotal(plan, 1)))} × {monthsText(months)}
      </p>
    </div>
  );
}
