import { deriveMatchStatus } from '@magotips/contracts/match-status';
import type { TManagementTip, TPublicTip, TipCategory } from '@magotips/contracts/tips';
import { profitMilli, roundUnits, type TipResult } from '@magotips/contracts/track-record';
import type { tips } from '../../db/schema';

export type TipRow = typeof tips.$inferSelect;
export type TipCardRow = Pick<
  TipRow,
  | 'id'
  | 'title'
  | 'icon'
  | 'matchDate'
  | 'category'
  | 'pick'
  | 'oddsCents'
  | 'stake'
  | 'bookmaker'
  | 'result'
  | 'publishedAt'
  | 'publicSince'
>;

type Bet = Pick<TPublicTip, 'pick' | 'odds' | 'stake' | 'bookmaker' | 'result' | 'profitUnits'>;

/** The tip's bet as the public reads it, or nothing for a tip without one. */
function betOf(row: TipCardRow): Bet {
  if (row.pick === null || row.oddsCents === null || row.stake === null) return {};
  const settled = row.result !== 'pendiente';
  return {
    pick: row.pick,
    odds: row.oddsCents / 100,
    stake: row.stake,
    ...(row.bookmaker ? { bookmaker: row.bookmaker } : {}),
    result: row.result,
    ...(settled
      ? { profitUnits: roundUnits(profitMilli(row.result as TipResult, row.oddsCents, row.stake)) }
      : {}),
  };
}

/** Public now only since after its kick-off (shown late, or hidden before it and shown again
 * after): labelled, and never counted (issue 14 item 2, the proof issue). */
export function isPublishedLate(row: Pick<TipRow, 'publicSince' | 'matchDate'>): boolean {
  return row.publicSince !== null && row.publicSince.getTime() > row.matchDate.getTime();
}

/** A tip card: everything the public may see of any published tip. Never the analysis; only
 * entitlement.ts adds that, so there is one place to audit. A bet shows here only once the tip
 * is settled: before that, the pick is what buyers pay for (issue 14 item 5). */
export function toTipCard(row: TipCardRow, now: Date): Omit<TPublicTip, 'analisis'> {
  return {
    _id: row.id,
    title: row.title,
    icon: row.icon,
    matchDate: row.matchDate.toISOString(),
    status: deriveMatchStatus(row.matchDate, row.icon, now),
    category: row.category as TipCategory,
    ...(row.result !== 'pendiente' ? betOf(row) : {}),
    ...(isPublishedLate(row) ? { publishedLate: true } : {}),
    ...(row.publicSince ? { publishedAt: row.publicSince.toISOString() } : {}),
    ...(row.oddsCents === null ? { noBet: true } : {}),
  };
}

/** The card of a tip whose analysis the viewer may read: its bet too, pending or not. Only
 * entitlement.ts calls it. */
export function toReadableTip(row: TipCardRow & { analisis: string }, now: Date): TPublicTip {
  return { ...toTipCard(row, now), ...betOf(row), analisis: row.analisis };
}

/** The match has started: the bet, category and date are fixed (issue 14 item 2). */
export function isLocked(row: Pick<TipRow, 'matchDate'>, now: Date): boolean {
  return row.matchDate.getTime() <= now.getTime();
}

/** The editor's view. Only management routes, behind the editor guard, build it. */
export function toManagementTip(row: TipRow, now: Date): TManagementTip {
  return {
    _id: row.id,
    icon: row.icon,
    title: row.title,
    matchDate: row.matchDate.toISOString(),
    analisis: row.analisis,
    category: row.category,
    isPublished: row.isPublished,
    status: deriveMatchStatus(row.matchDate, row.icon, now),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    pick: row.pick,
    odds: row.oddsCents === null ? null : row.oddsCents / 100,
    stake: row.stake,
    bookmaker: row.bookmaker,
    result: row.result,
    publishedAt: row.publishedAt?.toISOString() ?? null,
    publishAt: row.publishAt?.toISOString() ?? null,
    settledAt: row.settledAt?.toISOString() ?? null,
    locked: isLocked(row, now),
    publishedLate: isPublishedLate(row),
  };
}
