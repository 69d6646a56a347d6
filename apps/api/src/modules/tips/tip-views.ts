import { deriveMatchStatus } from '@magotips/contracts/match-status';
import type { TManagementTip, TPublicTip, TipCategory } from '@magotips/contracts/tips';
import type { tips } from '../../db/schema';

export type TipRow = typeof tips.$inferSelect;
export type TipCardRow = Pick<TipRow, 'id' | 'title' | 'icon' | 'matchDate' | 'category'>;

/** A tip card: everything the public may see of any published tip. Never the analysis; only
 * entitlement.ts adds that, so there is one place to audit. */
export function toTipCard(row: TipCardRow, now: Date): Omit<TPublicTip, 'analisis'> {
  return {
    _id: row.id,
    title: row.title,
    icon: row.icon,
    matchDate: row.matchDate.toISOString(),
    status: deriveMatchStatus(row.matchDate, row.icon, now),
    category: row.category as TipCategory,
  };
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
  };
}
