import { DEFAULT_TIME_ZONE, dayAndTimeInZoneText } from './time-zone';

/** "sábado, 28 de noviembre, 21:00 (hora de Ciudad de México)": a kick-off in the reader's zone,
 * named (issue 32 item 1). Without a zone it is Spain's, as alerts were before readers chose. */
export function kickOffText(date: Date, timeZone: string = DEFAULT_TIME_ZONE): string {
  return dayAndTimeInZoneText(date, timeZone);
}

/** Odds the Spanish way: 1,85. */
export function oddsText(odds: number): string {
  return odds.toLocaleString('es-ES', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
}
