import type { TipResult } from './tip-results';

/** What the rule reads of a tip, as the API's row and the editor's list both carry it. */
export type TipRecordFacts = {
  result: TipResult;
  /** It has a bet (odds): an analysis without one never enters the track record. */
  hasBet: boolean;
  /** It was public once (publishedAt set). */
  everPublic: boolean;
  /** Its match has started. */
  started: boolean;
};

/** In the track record, or bound to enter it: settled, or a published bet whose match has
 * started. Such a tip can be neither deleted nor hidden (decision 0038): the API refuses both
 * (409) and the editor's list does not offer the delete (decision 0087). */
export function isInTrackRecord(tip: TipRecordFacts): boolean {
  return tip.result !== 'pendiente' || (tip.hasBet && tip.everPublic && tip.started);
}
