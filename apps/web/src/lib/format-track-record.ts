// Spanish number formats of the track record (issue 14): "+38,5 u", "7,2 %", "1,85".
const unitsFormat = new Intl.NumberFormat('es', {
  minimumFractionDigits: 0,
  maximumFractionDigits: 2,
  signDisplay: 'exceptZero',
});
const percentFormat = new Intl.NumberFormat('es', {
  style: 'percent',
  minimumFractionDigits: 1,
  maximumFractionDigits: 1,
  signDisplay: 'auto',
});
const oddsFormat = new Intl.NumberFormat('es', {
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});
const countFormat = new Intl.NumberFormat('es', { useGrouping: true });

/** Units won or lost, signed: "+38,5 u", "−2 u", "0 u". */
export function formatUnits(units: number): string {
  return `${unitsFormat.format(units)} u`;
}

/** A fraction as a percentage with one decimal ("7,2 %"); '—' when there is nothing to divide by. */
export function formatPercent(fraction: number | null | undefined): string {
  if (fraction === null || fraction === undefined) return '—';
  // Intl writes "7,2 %" with a narrow no-break space in Spanish: kept, it never wraps.
  return percentFormat.format(fraction);
}

/** Decimal odds with two places: "1,85". */
export function formatOdds(odds: number | null | undefined): string {
  return odds === null || odds === undefined ? '—' : oddsFormat.format(odds);
}

/** A count with Spanish grouping ("1.250"). */
export function formatCount(n: number): string {
  return countFormat.format(n);
}
