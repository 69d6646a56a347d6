import type { TipResult } from '@magotips/contracts/track-record';
import { formatOdds } from '../../lib/format-track-record';

// No ResultBadge here: this module ships with the landing's tip card, and the badge brings the
// track record's contracts along (tip-card.tsx loads it only for a settled tip).

/** The bet a tip may carry (issue 14), as every feed sends it: all optional. */
export type TipBetFields = {
  pick?: string | null;
  odds?: number | null;
  stake?: number | null;
  bookmaker?: string | null;
  result?: TipResult | null;
  profitUnits?: number | null;
  publishedLate?: boolean | null;
};

export const PUBLISHED_LATE_TEXT = 'Publicado tras el inicio';

/** "Ambos marcan @ 1,85 · 3 u": the card's one line about the bet. */
export function TipBetLine({ tip }: { tip: TipBetFields }) {
  if (!tip.pick) return null;
  return (
    <p className="tip-bet">
      <strong className="tip-bet__pick">{tip.pick}</strong>
      {tip.odds ? ` @ ${formatOdds(tip.odds)}` : null}
      {tip.stake ? ` · ${tip.stake} u` : null}
    </p>
  );
}

/** A pending bet needs no result badge: its match status says enough. */
export function isSettled(result: TipResult | null | undefined): result is TipResult {
  return !!result && result !== 'pendiente';
}

/** Published after kick-off: shown, and never counted in the record (contracts/tips.ts). */
export function PublishedLate({ late }: { late?: boolean | null }) {
  return late ? <p className="tip-bet__late">{PUBLISHED_LATE_TEXT}</p> : null;
}
