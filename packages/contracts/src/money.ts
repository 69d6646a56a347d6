// Plain functions, no Zod: pages that only show prices import this without the schema code.
/** Prices travel as decimal USD (19.99) and are stored as integer cents. */
export const toCents = (amount: number): number => Math.round(amount * 100);
export const fromCents = (cents: number): number => cents / 100;

export function formatUsd(amount: number): string {
  return `$${amount.toFixed(2)} USD`;
}
