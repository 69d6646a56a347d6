/** Alerts are read on a phone minutes after publication, far from the site and its reader's
 * own time zone: they say the kick-off in Spain's time, and say so. */
const kickOffFormat = new Intl.DateTimeFormat('es-ES', {
  weekday: 'long',
  day: 'numeric',
  month: 'long',
  hour: '2-digit',
  minute: '2-digit',
  timeZone: 'Europe/Madrid',
});

/** "sábado, 28 de noviembre, 21:00 (hora de España)". */
export function kickOffText(date: Date): string {
  return `${kickOffFormat.format(date)} (hora de España)`;
}

/** Odds the Spanish way: 1,85. */
export function oddsText(odds: number): string {
  return odds.toLocaleString('es-ES', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
}
