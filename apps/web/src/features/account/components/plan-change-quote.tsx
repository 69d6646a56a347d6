import { formatUsd } from '@magotips/contracts/money';
import { PLAN_CHANGE_TEXT } from '@magotips/contracts/plan-periods';
import { type TPlanChangeQuote } from '@magotips/contracts/plan-change';
import type { Ref } from 'react';
import { formatDateTime } from '../format';
import { useReaderTimeZone } from '../../../lib/reader-zone';

/** "+$5.00 USD" / "−$5.00 USD": the proration's sign says charge or credit. */
export function signedUsd(amount: number): string {
  if (amount === 0) return formatUsd(0);
  return `${amount > 0 ? '+' : '−'}${formatUsd(Math.abs(amount))}`;
}

/** What today's charge line says: the amount due, the credit left, or nothing. */
export function todayText(quote: TPlanChangeQuote): string {
  if (quote.chargedNow) return PLAN_CHANGE_TEXT.chargedNow(quote.amountDueNow);
  if (quote.prorationAmount < 0 && quote.amountDueNow === 0)
    return PLAN_CHANGE_TEXT.creditNow(-quote.prorationAmount);
  return PLAN_CHANGE_TEXT.nothingNow;
}

/** The quote of a plan change, as Stripe's upcoming invoice shows it (decision 0100): the
 * adjustment for the days left, what is charged today, the next charge, and the new period. */
export function PlanChangeQuote({
  quote,
  id,
  ref,
}: {
  quote: TPlanChangeQuote;
  id: string;
  /** Focused when the amounts arrive. */
  ref?: Ref<HTMLDivElement>;
}) {
  const next = formatDateTime(quote.nextChargeDate, useReaderTimeZone());
  return (
    <div ref={ref} id={id} className="plan-change__quote" tabIndex={-1}>
      <dl className="plan-change__lines">
        <div>
          <dt>{PLAN_CHANGE_TEXT.proration}</dt>
          <dd>{signedUsd(quote.prorationAmount)}</dd>
        </div>
      </dl>
      <p className="plan-change__today">{todayText(quote)}</p>
      {next ? <p>{PLAN_CHANGE_TEXT.nextCharge(quote.nextChargeAmount, next)}</p> : null}
      {quote.chargedNow && next ? <p>{PLAN_CHANGE_TEXT.newPeriod(next)}</p> : null}
    </div>
  );
}
