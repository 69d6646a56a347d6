import { deriveMatchStatus, TIP_EXPIRY_HOURS } from '@magotips/contracts/match-status';
import type { TTipPreviewResponse } from '@magotips/contracts/tips';
import type { Clock } from '../../lib/clock';
import type { TipCardRow, TipsRepository } from './tips.repository';

export function toTipCard(row: TipCardRow, now: Date) {
  return {
    _id: row.id,
    title: row.title,
    icon: row.icon,
    matchDate: row.matchDate.toISOString(),
    status: deriveMatchStatus(row.matchDate, row.icon, now),
    category: row.category,
  };
}

export function createTipsService(deps: { tips: TipsRepository; clock: Clock }) {
  return {
    /** The visitor teaser: never carries the analysis. */
    async preview(limit: number): Promise<TTipPreviewResponse> {
      const now = deps.clock();
      const since = new Date(now.getTime() - TIP_EXPIRY_HOURS * 3_600_000);
      const rows = await deps.tips.listFreePreview(since, limit);
      return { success: true, tips: rows.map((r) => toTipCard(r, now)) };
    },
  };
}
export type TipsService = ReturnType<typeof createTipsService>;
