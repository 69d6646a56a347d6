/** The colour class of a profit: green up, red down. The sign is always in the text as well. */
export function profitTone(units: number | null | undefined): string {
  if (!units) return 'tr-tone';
  return units > 0 ? 'tr-tone tr-tone--up' : 'tr-tone tr-tone--down';
}
