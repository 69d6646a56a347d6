/** `date` plus `months` calendar months in UTC. The day is clamped to the end of the target
 * month (Jan 31 + 1 month = Feb 28/29), as card processors bill, instead of spilling into the
 * month after. Negative `months` go back the same way (refunds pull a period back). */
export function addMonths(date: Date, months: number): Date {
  const result = new Date(date.getTime());
  const day = result.getUTCDate();
  result.setUTCDate(1);
  result.setUTCMonth(result.getUTCMonth() + months);
  const lastDay = new Date(
    Date.UTC(result.getUTCFullYear(), result.getUTCMonth() + 1, 0),
  ).getUTCDate();
  result.setUTCDate(Math.min(day, lastDay));
  return result;
}

/** A new paid period starts when the current one ends, or now if it already ended. */
export function extendEnd(currentEnd: Date | null, now: Date, months: number): Date {
  const base = currentEnd && currentEnd.getTime() > now.getTime() ? currentEnd : now;
  return addMonths(base, months);
}
