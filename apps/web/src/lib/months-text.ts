/** "1 mes", "3 meses": plan durations and subscription lengths are whole months. */
export function monthsText(months: number): string {
  return months === 1 ? '1 mes' : `${months} meses`;
}

/** The price's period: "/ mes" for a one-month plan, "/ 3 meses" otherwise (the price is per period). */
export function perPeriodText(months: number): string {
  return months === 1 ? '/ mes' : `/ ${monthsText(months)}`;
}

/** How often a renewing plan is charged: "cada mes", "cada 3 meses". */
export function everyPeriodText(months: number): string {
  return months === 1 ? 'cada mes' : `cada ${monthsText(months)}`;
}
