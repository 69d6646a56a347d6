import { formatLongMoment } from '../../lib/format-date';

// Dates in the Spanish locale (SPEC.md §9).

const birthDateFormat = new Intl.DateTimeFormat('es', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  // A birth date is a calendar day, not an instant: read in UTC it never shifts by a day.
  timeZone: 'UTC',
});

/** '1990-05-04' → '4 de mayo de 1990'; null for anything that is not such a date. */
export function formatBirthDate(value: string | null | undefined): string | null {
  if (!value || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return null;
  const date = new Date(`${value}T00:00:00Z`);
  return Number.isNaN(date.getTime()) ? null : birthDateFormat.format(date);
}

/** An ISO instant in the reader's zone, which it names (decision 0114): '4 de mayo de 2026, 18:30
 * (hora de España)'. `timeZone` comes from useReaderTimeZone(). */
export const formatDateTime = formatLongMoment;
