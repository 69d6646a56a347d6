// Plain data, no Zod: the odds bands of the track record (issue 27 item 6), written once for the
// figure (yieldByOddsBand), the filter (`oddsBand`), the day summaries and the list's SQL.

/**
 * Decimal odds below 1.5, from 1.5 to 2, from 2 to 3, and 3 or more: each band holds its lower
 * bound and not its upper one, so 2.00 is in '2-3'. In hundredths, as odds are stored
 * (`fromCents` inclusive, `toCents` exclusive, null for no upper bound).
 */
export const ODDS_BANDS = [
  { id: 'under-1.5', fromCents: 0, toCents: 150, label: 'Menos de 1,50' },
  { id: '1.5-2', fromCents: 150, toCents: 200, label: 'De 1,50 a 1,99' },
  { id: '2-3', fromCents: 200, toCents: 300, label: 'De 2,00 a 2,99' },
  { id: '3-plus', fromCents: 300, toCents: null, label: '3,00 o más' },
] as const;

export type OddsBand = (typeof ODDS_BANDS)[number];
export type OddsBandId = OddsBand['id'];
export const ODDS_BAND_IDS = ODDS_BANDS.map((b) => b.id) as [OddsBandId, ...OddsBandId[]];

/** The position in ODDS_BANDS of odds in hundredths (1.85 → 185 → 1, the '1.5-2' band). */
export function oddsBandIndex(oddsCents: number): number {
  let i = 0;
  while (i < ODDS_BANDS.length - 1 && oddsCents >= ODDS_BANDS[i + 1]!.fromCents) i += 1;
  return i;
}

export function oddsBandOf(oddsCents: number): OddsBandId {
  return ODDS_BANDS[oddsBandIndex(oddsCents)]!.id;
}

export function findOddsBand(id: string): OddsBand | undefined {
  return ODDS_BANDS.find((b) => b.id === id);
}
