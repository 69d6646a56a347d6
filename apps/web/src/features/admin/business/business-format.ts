// Formats of the business tab, all in Spanish as the receipts' amounts (formatReceiptAmount) and
// the tab's CSV: '$1.234,56 USD' (formatUsd's sign and currency, Spanish digits), '1.250', '4,25 %'.
import { formatCount } from '../../../lib/format-track-record';

const moneyFormat = new Intl.NumberFormat('es-ES', {
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
  // Spanish leaves 4-digit numbers ungrouped by default; a column of figures reads better with.
  useGrouping: true,
});
const pctFormat = new Intl.NumberFormat('es', {
  minimumFractionDigits: 1,
  maximumFractionDigits: 2,
});

export const NO_FIGURE = '—';

/** '$1.234,56 USD', '-$5,00 USD'; '—' when there is nothing to divide by. */
export function formatAmount(amount: number | null): string {
  if (amount === null) return NO_FIGURE;
  const sign = amount < 0 ? '-' : '';
  return `${sign}$${moneyFormat.format(Math.abs(amount))} USD`;
}

/** A 0–100 percentage as the API sends it: '4,25 %'; '—' without a denominator. */
export function formatPct(pct: number | null): string {
  // A no-break space: the sign never wraps away from its number.
  return pct === null ? NO_FIGURE : `${pctFormat.format(pct)}\u00a0%`;
}

export type FigureKind = 'money' | 'count' | 'pct';

export function formatFigure(kind: FigureKind, value: number | null): string {
  if (kind === 'money') return formatAmount(value);
  if (kind === 'pct') return formatPct(value);
  return value === null ? NO_FIGURE : formatCount(value);
}

export type Change = { direction: 'up' | 'down' | 'same' | 'none'; text: string };

/** The change from the previous period in words, with an arrow that is never the only sign:
 * '▲ sube $12,00 USD', '▼ baja 3', '▲ sube 1,5 puntos', 'sin cambios'. */
export function changeOf(kind: FigureKind, now: number | null, before: number | null): Change {
  if (now === null || before === null) return { direction: 'none', text: 'sin comparación' };
  // Cents and hundredths: floating-point dust is not a change.
  const delta = Math.round((now - before) * 100) / 100;
  if (delta === 0) return { direction: 'same', text: '= sin cambios' };
  const size = Math.abs(delta);
  const amount =
    kind === 'pct'
      ? `${pctFormat.format(size)} ${size === 1 ? 'punto' : 'puntos'}`
      : formatFigure(kind, size);
  return delta > 0
    ? { direction: 'up', text: `▲ sube ${amount}` }
    : { direction: 'down', text: `▼ baja ${amount}` };
}

const monthFormat = new Intl.DateTimeFormat('es', {
  month: 'short',
  year: 'numeric',
  timeZone: 'UTC',
});

/** '2026-11' → 'nov 2026'. */
export function formatMonth(month: string): string {
  const day = new Date(`${month.slice(0, 7)}-01T00:00:00.000Z`);
  return Number.isNaN(day.getTime()) ? month : monthFormat.format(day);
}
