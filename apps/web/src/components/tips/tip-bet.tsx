import type { TipResult } from '@magotips/contracts/track-record';
import { formatOdds } from '../../lib/format-track-record';

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
export const NO_BET_TEXT = 'Análisis sin apuesta';

/** "Ambos marcan @ 1,85 · 3 u": the card's one line about the bet; a tip without one says so,
 * since it never enters the record (the proof issue, item 5). */
export function TipBetLine({ tip }: { tip: TipBetFields & { noBet?: boolean | null } }) {
  if (tip.noBet) return <p className="tip-bet tip-bet--none">{NO_BET_TEXT}</p>;
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
