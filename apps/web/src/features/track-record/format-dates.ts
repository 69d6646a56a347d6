// The record's days and months are UTC calendar days (contracts/track-record.ts dayOf): read
// in UTC too, or a reader west of Greenwich would see each point a day early.
const dayFormat = new Intl.DateTimeFormat('es', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  timeZone: 'UTC',
});
const longDayFormat = new Intl.DateTimeFormat('es', { dateStyle: 'long', timeZone: 'UTC' });
const monthFormat = new Intl.DateTimeFormat('es', {
  month: 'long',
  year: 'numeric',
  timeZone: 'UTC',
});
const shortMonthFormat = new Intl.DateTimeFormat('es', {
  month: 'short',
  year: '2-digit',
  timeZone: 'UTC',
});

/** "2026-11-03" → "3 nov 2026". */
export const formatDay = (day: string) => dayFormat.format(new Date(`${day}T00:00:00Z`));
/** "2026-11-03" → "3 de noviembre de 2026". */
export const formatLongDay = (day: string) => longDayFormat.format(new Date(`${day}T00:00:00Z`));
/** "2026-11" → "noviembre de 2026". */
export const formatMonth = (month: string) => monthFormat.format(new Date(`${month}-01T00:00:00Z`));
/** "2026-11" → "nov 26". */
export const formatShortMonth = (month: string) =>
  shortMonthFormat.format(new Date(`${month}-01T00:00:00Z`));
