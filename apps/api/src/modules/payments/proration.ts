/**
 * Stripe's proration arithmetic for moving a subscription to another price (decision 0100),
 * which the simulated provider applies itself so both quote the same change:
 *
 * - the unused part of the current period is credited at the old price, by the second;
 * - the same period length: the new price is charged for that same remaining part, and both
 *   lines go on the next invoice, with the new price's next period;
 * - another period length: Stripe resets the billing cycle to the change's moment and invoices
 *   at once: the new price's whole period less the credit.
 *
 * Each line is rounded to the cent as Stripe rounds line items.
 */
export type ProrationInput = {
  oldCents: number;
  newCents: number;
  periodStart: Date;
  periodEnd: Date;
  at: Date;
  /** The period's length changes: a new period starts at `at`. */
  newPeriod: boolean;
};

export type Proration = {
  /** Net of the proration lines (negative: a credit). */
  prorationCents: number;
  /** The invoice the change brings: now when `newPeriod`, else the next renewal's. May be
   * negative (a credit larger than the charge), which Stripe keeps as customer balance. */
  invoiceTotalCents: number;
};

export function prorate(input: ProrationInput): Proration {
  const total = input.periodEnd.getTime() - input.periodStart.getTime();
  const left = Math.min(Math.max(input.periodEnd.getTime() - input.at.getTime(), 0), total);
  const share = total > 0 ? left / total : 0;
  const credit = -Math.round(input.oldCents * share);
  if (input.newPeriod) {
    return { prorationCents: credit, invoiceTotalCents: input.newCents + credit };
  }
  const charge = Math.round(input.newCents * share);
  return {
    prorationCents: credit + charge,
    invoiceTotalCents: input.newCents + credit + charge,
  };
}
