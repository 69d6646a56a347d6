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
