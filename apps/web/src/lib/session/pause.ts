import { PAUSE_TEXT } from '@magotips/contracts/pause';
import { dateInZoneText } from '@magotips/contracts/time-zone';
import type { PauseView } from './pause-state';

// The pause's texts, in the reader's zone (its state, without contracts, is pause-state.ts).
export { browserTimeZone, pauseOf, usePause, type PauseView } from './pause-state';

/** "28 de noviembre de 2026", in the reader's zone. */
export function pauseDateText(date: Date, pause: Pick<PauseView, 'zone'>): string {
  return dateInZoneText(date, pause.zone);
}

/** "Tu cuenta está en pausa hasta el …" or "… en pausa indefinida." */
export function pauseStatusText(pause: PauseView): string {
  return pause.until
    ? PAUSE_TEXT.pausedUntil(pauseDateText(pause.until, pause))
    : PAUSE_TEXT.pausedIndefinitely;
}

/** What replaces a purchase or gift button while paused (the API's 409 PAUSED, word for word). */
export function pauseRefusalText(pause: PauseView): string {
  return PAUSE_TEXT.refused(pause.until ? pauseDateText(pause.until, pause) : null);
}
