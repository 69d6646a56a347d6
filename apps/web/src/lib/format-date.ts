const matchDateFormat = new Intl.DateTimeFormat('es', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
});

export const UNKNOWN_DATE_LABEL = 'Fecha por confirmar';

/** Dates are shown in the Spanish locale, in the reader's own time zone (SPEC.md §9). */
export function formatMatchDate(iso: string | null | undefined): string {
  if (!iso) return UNKNOWN_DATE_LABEL;
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? UNKNOWN_DATE_LABEL : matchDateFormat.format(date);
}

const matchDayFormat = new Intl.DateTimeFormat('es', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
});

/** The match's day alone ("3 jun 2026"), in the reader's time zone: where a list page stands. */
export function formatMatchDay(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? UNKNOWN_DATE_LABEL : matchDayFormat.format(date);
}
