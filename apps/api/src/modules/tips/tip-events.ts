import type { TipResult } from '@magotips/contracts/track-record';
import type { EventBus } from '../events/event-bus';
import type { TipRow } from './tip-views';

/** A tip as its subscribers need it: the match, the bet, its state. Never the analysis. */
export type TipSnapshot = {
  id: string;
  title: string;
  sport: string;
  matchDate: Date;
  category: 'free' | 'premium';
  isPublished: boolean;
  /** When its current publication began (null while hidden). */
  publicSince: Date | null;
  bet: { pick: string; oddsCents: number; stake: number; bookmaker: string | null } | null;
  result: TipResult;
};

/**
 * What tips tell the rest of the product (issue 28 item 2): alerts and the ledger subscribe in
 * app.ts; tips imports neither. Each is emitted inside the transaction of its change.
 */
export type TipEvent =
  /** Made public: for the first time (`first`), or again after being hidden. */
  | { type: 'published'; at: Date; tip: TipSnapshot; first: boolean }
  /** A public tip changed; `fields` names what (title, icon, matchDate, category, analisis, pick,
   * odds, stake, bookmaker). */
  | { type: 'changed'; at: Date; tip: TipSnapshot; fields: string[] }
  | { type: 'hidden'; at: Date; tip: TipSnapshot }
  | { type: 'deleted'; at: Date; tip: TipSnapshot; wasPublic: boolean }
  /** The match of a public tip has started (the tips.kickoff job). */
  | { type: 'kickedOff'; at: Date; tip: TipSnapshot }
  /** A result recorded, or corrected (`previous` is not 'pendiente', `reason` says why). */
  | {
      type: 'settled';
      at: Date;
      tip: TipSnapshot;
      previous: TipResult;
      reason: string | null;
      closingOddsCents: number | null;
    };

export type TipEventBus = EventBus<TipEvent>;

export function snapshotOf(row: TipRow): TipSnapshot {
  const hasBet = row.pick !== null && row.oddsCents !== null && row.stake !== null;
  return {
    id: row.id,
    title: row.title,
    sport: row.icon,
    matchDate: row.matchDate,
    category: row.category,
    isPublished: row.isPublished,
    publicSince: row.publicSince,
    bet: hasBet
      ? {
          pick: row.pick ?? '',
          oddsCents: row.oddsCents ?? 0,
          stake: row.stake ?? 0,
          bookmaker: row.bookmaker,
        }
      : null,
    result: row.result,
  };
}
