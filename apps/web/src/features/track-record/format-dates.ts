import { shortDateTimeInZoneText } from '@magotips/contracts/time-zone';

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

const HOUR = 3_600_000;

/** How long before kick-off a tip went public: minutes under an hour, hours under two days,
 * whole days after that ("3 días"). Rounded down: it never claims more notice than there was. */
export function leadTime(publishedAt: string, matchDate: string): string {
  const ms = Date.parse(matchDate) - Date.parse(publishedAt);
  if (Number.isNaN(ms) || ms <= 0) return 'después del inicio';
  if (ms < HOUR) {
    const minutes = Math.floor(ms / 60_000);
    return `${minutes} min antes del inicio`;
  }
  if (ms < 48 * HOUR) return `${Math.floor(ms / HOUR)} h antes del inicio`;
  return `${Math.floor(ms / (24 * HOUR))} días antes del inicio`;
}

/** "Publicado el 24 nov 2026, 11:00 (hora de España) · 10 h antes del inicio": the reader's own
 * clock, named (decision 0114). */
export function publishedText(publishedAt: string, matchDate: string, timeZone: string): string {
  return `Publicado el ${shortDateTimeInZoneText(new Date(publishedAt), timeZone)} · ${leadTime(publishedAt, matchDate)}`;
}
