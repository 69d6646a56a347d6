import { STAFF_ROLES } from '@magotips/contracts/roles';
import type { TipCategory, TPublicTip } from '@magotips/contracts/tips';
import type { AuthContext } from '../../plugins/auth';
import { type TipCardRow, toReadableTip, toTipCard } from './tip-views';

/** Who asks: the session of the request, or null for a visitor. */
export type Viewer = Pick<
  AuthContext,
  'userId' | 'roles' | 'isSubscriber' | 'readsAllVip' | 'readsPackTips'
> | null;

/** A tip as the public paths read it: its card plus the analysis they may or may not send. */
export type TipWithAnalysis = TipCardRow & { analisis: string };

/** Editors and admins write the tips, so they read every one of them. */
export function isStaff(viewer: Viewer): boolean {
  return viewer !== null && STAFF_ROLES.some((r) => viewer.roles.has(r));
}

/** Viewers `present` treats alike, for caching what it gives them: everyone who reads every
 * analysis shares one answer; anyone else's depends on their own purchases. */
export function readerClass(viewer: Viewer): string {
  if (viewer === null) return 'visitor';
  if (viewer.readsAllVip || isStaff(viewer)) return 'all';
  return `user:${viewer.userId}`;
}

export type EntitlementDeps = {
  /** Of `tipIds`, those inside a pack `userId` bought and still holds (revoked_at null). */
  purchasedTipIds(userId: string, tipIds: string[]): Promise<ReadonlySet<string>>;
  /** Of `tipIds`, those inside a pack on sale: a plan that includes packs opens them. */
  packedTipIds(tipIds: string[]): Promise<ReadonlySet<string>>;
};

/**
 * THE rule for who reads a tip's analysis (DESIGN.md §4). Every public path (lists, detail,
 * feeds) builds its tips through `present`, so no path can send an analysis on its own:
 * - a free tip: any signed-in user;
 * - a premium tip: a subscriber whose plan grants every VIP tip, one whose plan includes the
 *   packs when a pack on sale holds it, a buyer of a pack that holds it, or an editor/admin
 *   (what a plan grants: decision 0097).
 * The bet (pick, odds, stake) goes with the analysis; anyone else sees it once the tip is settled.
 * Visibility (published or not) is the caller's business; this only decides the analysis.
 * See docs/decisions/0009.
 */
export function createEntitlement(deps: EntitlementDeps) {
  /** Of the premium `tipIds`, those `viewer` opens through a pack: bought, or in the plan. */
  async function throughPacks(
    viewer: NonNullable<Viewer>,
    tipIds: string[],
  ): Promise<ReadonlySet<string>> {
    const bought = await deps.purchasedTipIds(viewer.userId, tipIds);
    if (!viewer.readsPackTips) return bought;
    return new Set([...bought, ...(await deps.packedTipIds(tipIds))]);
  }

  async function readableIds(
    viewer: Viewer,
    rows: readonly TipCardRow[],
  ): Promise<ReadonlySet<string>> {
    if (viewer === null || rows.length === 0) return new Set();
    if (viewer.readsAllVip || isStaff(viewer)) return new Set(rows.map((r) => r.id));
    const readable = new Set(rows.filter((r) => r.category === 'free').map((r) => r.id));
    const premium = rows.filter((r) => r.category !== 'free').map((r) => r.id);
    if (premium.length > 0) {
      for (const id of await throughPacks(viewer, premium)) readable.add(id);
    }
    return readable;
  }

  return {
    /** Whether `viewer` may read what was written on tip `tipId` while it had `category`: a
     * revision's values keep the category they were written under (the proof issue, item 3). */
    async mayReadAs(viewer: Viewer, tipId: string, category: TipCategory): Promise<boolean> {
      if (category === 'free') return true;
      if (viewer === null) return false;
      if (viewer.readsAllVip || isStaff(viewer)) return true;
      return (await throughPacks(viewer, [tipId])).has(tipId);
    },

    /** The public view of each tip, with `analisis` only where `viewer` is entitled. */
    async present(
      viewer: Viewer,
      rows: readonly TipWithAnalysis[],
      now: Date,
    ): Promise<TPublicTip[]> {
      const readable = await readableIds(viewer, rows);
      return rows.map((row) =>
        readable.has(row.id) ? toReadableTip(row, now) : toTipCard(row, now),
      );
    },
  };
}
export type Entitlement = ReturnType<typeof createEntitlement>;
