import { dateInZoneText, dayAndTimeInZoneText, shortDateTimeInZoneText, zoneLabel } from '@magotips/contracts/time-zone';

export const UNKNOWN_DATE_LABEL = 'Fecha por confirmar';

function parse(iso: string | null | undefined): Date | null {
  if (!iso) return null;
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** A kick-off in the reader's zone, which it names (decision 0114): "sábado, 28 de noviembre,
 * 21:00 (hora de Ciudad de México)". `timeZone` comes from useReaderTimeZone(). */
export function formatMatchDate(iso: string | null | undefined, timeZone: string): string {
  const date = parse(iso);
  return date ? dayAndTimeInZoneText(date, timeZone) : UNKNOWN_DATE_LABEL;
}

/** A moment in a list or a history, with its year: "28 nov 2026, 21:00 (hora de Ciudad de
 * México)". */
export function formatMoment(iso: string | null | undefined, timeZone: string): string {
  const date = parse(iso);
  return date ? shortDateTimeInZoneText(date, timeZone) : UNKNOWN_DATE_LABEL;
}

const formats = new Map<string, Intl.DateTimeFormat>();
function zoned(timeZone: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${timeZone}|${JSON.stringify(options)}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat('es', { ...options, timeZone });
    formats.set(key, format);
  }
  return format;
}

/** A moment inside a sentence, month in full: "4 de mayo de 2026, 18:30 (hora de España)" (the
 * account's end dates and charges). */
export function formatLongMoment(iso: string | null | undefined, timeZone: string): string | null {
  const date = parse(iso);
  if (!date) return null;
  const text = zoned(timeZone, {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(date);
  return `${text} (${zoneLabel(timeZone)})`;
}

/** The match's day alone ("3 jun 2026") as the reader's calendar has it: where a list page
 * stands. A day carries no zone label (decision 0114). */
export function formatMatchDay(iso: string, timeZone: string): string {
  const date = parse(iso);
  if (!date) return UNKNOWN_DATE_LABEL;
  return zoned(timeZone, { day: 'numeric', month: 'short', year: 'numeric' }).format(date);
}

/** "28 de noviembre de 2026" in the reader's calendar, or null for no date. */
export function formatDayInZone(iso: string | null | undefined, timeZone: string): string | null {
  const date = parse(iso);
  return date ? dateInZoneText(date, timeZone) : null;
}
