import { encodeTipCursor, type TipListPosition } from '@magotips/contracts/tip-cursor';
import type { TipCategory, TTipListResponse } from '@magotips/contracts/tips';
import type { Clock } from '../../lib/clock';
import type { Viewer } from './entitlement';
import type { TipsByMatchRepository } from './tips-by-match.repository';
import type { TipCount } from './tips.repository';
import { requireEditor } from './tips.service';
import { toManagementTip } from './tip-views';

export type TipsByMatchInput = {
  limit: number;
  category?: TipCategory;
  position: TipListPosition;
};

/** The editors' list by match date, latest first (issue 17 item 3, decision 0056): a page from
 * its position, the cursors around it, and the same cached total as the pages by number. */
export function createTipsByMatchService(deps: {
  byMatch: TipsByMatchRepository;
  total: (filter: { category?: TipCategory; publishedOnly: boolean }) => Promise<TipCount>;
  clock: Clock;
}) {
  return {
    async list(viewer: Viewer, input: TipsByMatchInput): Promise<TTipListResponse> {
      requireEditor(viewer);
      const now = deps.clock();
      const [page, { total, estimated }] = await Promise.all([
        deps.byMatch.page(input.category, input.position, input.limit),
        deps.total({ category: input.category, publishedOnly: false }),
      ]);
      return {
        success: true,
        tips: page.rows.map((r) => toManagementTip(r, now)),
        pagination: {
          limit: input.limit,
          pages: Math.ceil(total / input.limit),
          total,
          ...(estimated ? { estimated: true } : {}),
          next: page.next ? encodeTipCursor(page.next) : null,
          previous: page.previous ? encodeTipCursor(page.previous) : null,
        },
      };
    },
  };
}
