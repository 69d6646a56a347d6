// The reader's clock (issue 32 item 1, decision 0114): every time a page, an e-mail or a push
// shows is in the reader's IANA zone and names it ("21:00 (hora de Ciudad de México)").

/** The zone of accounts from before the choice existed and of readers whose browser gives none. */
export const DEFAULT_TIME_ZONE = 'Europe/Madrid';

export const TIME_ZONE_TEXT = {
  invalid: 'Elige una zona horaria válida.',
} as const;

/** Whether the runtime knows the zone: Intl throws a RangeError for a name it does not. */
export function isTimeZone(value: string): boolean {
  if (value.length === 0 || value.length > 64) return false;
  try {
    new Intl.DateTimeFormat('es', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

/** The zones readers choose from in /panel/cuenta, with the place each is named after. A zone
 * outside the list (a browser's) is still accepted and named from its IANA city. */
export const TIME_ZONE_CHOICES = [
  { zone: 'Europe/Madrid', place: 'España' },
  { zone: 'Atlantic/Canary', place: 'Canarias' },
  { zone: 'America/Mexico_City', place: 'Ciudad de México' },
  { zone: 'America/Cancun', place: 'Cancún' },
  { zone: 'America/Monterrey', place: 'Monterrey' },
  { zone: 'America/Chihuahua', place: 'Chihuahua' },
  { zone: 'America/Hermosillo', place: 'Hermosillo' },
  { zone: 'America/Tijuana', place: 'Tijuana' },
  { zone: 'America/Bogota', place: 'Bogotá' },
  { zone: 'America/Lima', place: 'Lima' },
  { zone: 'America/Argentina/Buenos_Aires', place: 'Buenos Aires' },
  { zone: 'America/Santiago', place: 'Santiago de Chile' },
  { zone: 'America/Caracas', place: 'Caracas' },
  { zone: 'America/Montevideo', place: 'Montevideo' },
  { zone: 'America/Asuncion', place: 'Asunción' },
  { zone: 'America/La_Paz', place: 'La Paz' },
  { zone: 'America/Guayaquil', place: 'Guayaquil' },
  { zone: 'America/Panama', place: 'Panamá' },
  { zone: 'America/Costa_Rica', place: 'Costa Rica' },
  { zone: 'America/Guatemala', place: 'Guatemala' },
  { zone: 'America/El_Salvador', place: 'El Salvador' },
  { zone: 'America/Tegucigalpa', place: 'Tegucigalpa' },
  { zone: 'America/Managua', place: 'Managua' },
  { zone: 'America/Santo_Domingo', place: 'Santo Domingo' },
  { zone: 'America/Puerto_Rico', place: 'Puerto Rico' },
  { zone: 'America/Havana', place: 'La Habana' },
  { zone: 'America/New_York', place: 'Nueva York' },
  { zone: 'America/Chicago', place: 'Chicago' },
  { zone: 'America/Denver', place: 'Denver' },
  { zone: 'America/Los_Angeles', place: 'Los Ángeles' },
  { zone: 'Europe/London', place: 'Londres' },
  { zone: 'UTC', place: 'UTC' },
] as const;

/** Older names browsers still report for the same places. */
const ZONE_ALIASES: Record<string, string> = {
  'America/Buenos_Aires': 'America/Argentina/Buenos_Aires',
  'America/Mexico City': 'America/Mexico_City',
  'Etc/UTC': 'UTC',
  'Etc/GMT': 'UTC',
};

/** The place a zone is named after: from the list, else the IANA city with spaces. */
export function zonePlace(timeZone: string): string {
  const zone = ZONE_ALIASES[timeZone] ?? timeZone;
  const known = TIME_ZONE_CHOICES.find((c) => c.zone === zone);
  if (known) return known.place;
  const city = zone.split('/').pop() ?? zone;
  return city.replaceAll('_', ' ');
}

/** "hora de Ciudad de México"; "hora UTC" for UTC. */
export function zoneLabel(timeZone: string): string {
  const place = zonePlace(timeZone);
  return place === 'UTC' ? 'hora UTC' : `hora de ${place}`;
}

/** A zone the runtime knows, or the default: stored values are checked, but a renamed zone
 * must never break an e-mail. */
export function safeTimeZone(timeZone: string | null | undefined): string {
  return timeZone && isTimeZone(timeZone) ? timeZone : DEFAULT_TIME_ZONE;
}

const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(timeZone: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${timeZone}|${JSON.stringify(options)}`;
  let f = formatters.get(key);
  if (!f) {
    f = new Intl.DateTimeFormat('es-ES', { ...options, timeZone: safeTimeZone(timeZone) });
    formatters.set(key, f);
  }
  return f;
}

const TIME: Intl.DateTimeFormatOptions = { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' };
const DAY_AND_TIME: Intl.DateTimeFormatOptions = {
  weekday: 'long',
  day: 'numeric',
  month: 'long',
  ...TIME,
};
const DATE: Intl.DateTimeFormatOptions = { day: 'numeric', month: 'long', year: 'numeric' };
const SHORT_DAY_AND_TIME: Intl.DateTimeFormatOptions = {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  ...TIME,
};

/** "21:00 (hora de Ciudad de México)". */
export function timeInZoneText(date: Date, timeZone: string): string {
  return `${formatter(timeZone, TIME).format(date)} (${zoneLabel(timeZone)})`;
}

/** "sábado, 28 de noviembre, 21:00 (hora de Ciudad de México)": a kick-off. */
export function dayAndTimeInZoneText(date: Date, timeZone: string): string {
  return `${formatter(timeZone, DAY_AND_TIME).format(date)} (${zoneLabel(timeZone)})`;
}

/** "28 nov 2026, 21:00 (hora de Ciudad de México)": a moment in a list or a receipt. */
export function shortDateTimeInZoneText(date: Date, timeZone: string): string {
  return `${formatter(timeZone, SHORT_DAY_AND_TIME).format(date)} (${zoneLabel(timeZone)})`;
}

/** "28 de noviembre de 2026": a day as the reader's calendar has it (no label: a day is a day). */
export function dateInZoneText(date: Date, timeZone: string): string {
  return formatter(timeZone, DATE).format(date);
}

/** The zones of the audience that public Telegram posts name (issue 32 item 1): one line for
 * all, because a channel post has no single reader. */
export const AUDIENCE_ZONES = [
  { label: 'España', zone: 'Europe/Madrid' },
  { label: 'México', zone: 'America/Mexico_City' },
  { label: 'Colombia/Perú', zone: 'America/Bogota' },
  { label: 'Argentina', zone: 'America/Argentina/Buenos_Aires' },
  { label: 'Chile', zone: 'America/Santiago' },
] as const;

const DAY_OF_WEEK: Intl.DateTimeFormatOptions = { weekday: 'short' };
const DAY_KEY: Intl.DateTimeFormatOptions = { year: 'numeric', month: '2-digit', day: '2-digit' };

/** "21:00 España · 14:00 México · 15:00 Colombia/Perú · 17:00 Argentina/Chile". Zones that
 * show the same time at that moment are named together (Chile joins Argentina in its summer),
 * and a zone whose calendar day differs from Spain's says its day ("(vie.)"). */
export function kickOffInAudienceZones(date: Date): string {
  const spainDay = formatter('Europe/Madrid', DAY_KEY).format(date);
  const groups: { time: string; labels: string[] }[] = [];
  for (const { label, zone } of AUDIENCE_ZONES) {
    const sameDay = formatter(zone, DAY_KEY).format(date) === spainDay;
    const time =
      formatter(zone, TIME).format(date) +
      (sameDay ? '' : ` (${formatter(zone, DAY_OF_WEEK).format(date)})`);
    const group = groups.find((g) => g.time === time);
    if (group) group.labels.push(label);
    else groups.push({ time, labels: [label] });
  }
  return groups.map((g) => `${g.time} ${g.labels.join('/')}`).join(' · ');
}
