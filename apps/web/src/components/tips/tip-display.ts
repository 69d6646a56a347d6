import { MATCH_STATUSES } from '@magotips/contracts/match-status';
import type { TipBetFields } from './tip-bet';

export const DEFAULT_TIP_TITLE = 'Análisis del día';

/** The CSS modifier of a status badge; anything unknown is styled as 'desconocido'. */
export function statusModifier(status: string | null | undefined): string {
  return MATCH_STATUSES.find((known) => known === status) ?? 'desconocido';
}

/** Only what a tip card shows, loosely typed: previews, packs and VIP lists all feed it. */
export type TipCardTip = TipBetFields & {
  _id: string;
  title?: string | null;
  icon?: string | null;
  matchDate?: string | null;
  status?: string | null;
  /** Present only where the reader is entitled to it (free and VIP feeds, the tip page). */
  analisis?: string | null;
  /** When the publication that counts began. */
  publishedAt?: string | null;
  /** An analysis without a bet: "Análisis sin apuesta", never in the record. */
  noBet?: boolean | null;
};

/** The tip's own title, or the default one when the editor left it blank. */
export function tipTitle(tip: Pick<TipCardTip, 'title'>): string {
  return tip.title?.trim() || DEFAULT_TIP_TITLE;
}
