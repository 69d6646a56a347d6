/** "1 mes", "3 meses": plan durations and subscription lengths are whole months. */
export function monthsText(months: number): string {
  return months === 1 ? '1 mes' : `${months} meses`;
}
