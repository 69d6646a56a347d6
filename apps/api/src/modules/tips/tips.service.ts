import { TIP_EXPIRY_HOURS } from '@magotips/contracts/match-status';
import { MSG, NOTICE } from '@magotips/contracts/messages';
import { fromCents } from '@magotips/contracts/money';
import type {
  TipCategory,
  TTipDetailResponse,
  TTipFeedResponse,
  TTipListResponse,
  TTipLockedResponse,
  TTipPreviewResponse,
  TTipRevision,
  TTipSignInResponse,
} from '@magotips/contracts/tips';
import { AppError } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import type { ReadCache } from '../../lib/read-cache';
import { type Entitlement, isStaff, type Viewer } from './entitlement';
import type { TipHistoryRepository } from './tip-history.repository';
import { toManagementTip, toTipCard } from './tip-views';
import type { TipsRepository } from './tips.repository';

export type TipListInput = {
  page: number;
  limit: number;
  management: boolean;
  category?: TipCategory;
};

export type TipDetail =
  | { kind: 'readable'; body: TTipDetailResponse }
  | { kind: 'locked'; body: TTipLockedResponse }
  | { kind: 'sign-in'; body: TTipSignInResponse };

/** A visitor's copy of a free tip's history: the analysis is for registered readers, the rest
 * (match, bet, publication, results) is what the public ledger already shows. */
const withoutAnalysis = (revision: TTipRevision): TTipRevision => ({
  ...revision,
  changes: revision.changes.map((c) =>
    c.field === 'analisis'
      ? { field: c.field, before: MSG.analysisForRegistered, after: MSG.analysisForRegistered }
      : c,
  ),
});

const HOUR_MS = 3_600_000;

/** The management list is an editor tool (decision 0026): the editor role, not admin alone. */
export function requireEditor(viewer: Viewer): void {
  if (!viewer) throw AppError.unauthorized(MSG.noToken);
  if (!viewer.roles.has('editor')) throw AppError.forbidden(MSG.editorRequired);
}

export function createTipsService(deps: {
  repo: TipsRepository;
  history: TipHistoryRepository;
  entitlement: Entitlement;
  clock: Clock;
  /** Shares the feeds' rows and the lists' counts between requests; the entitlement still
   * runs for each viewer. (The routes also keep whole encoded answers: the editors' pages and
   * one tip per class of viewer.) */
  readCache?: ReadCache;
}) {
  const { repo, entitlement, clock } = deps;
  const shared = <T>(key: string, load: () => Promise<T>) =>
    deps.readCache ? deps.readCache.get(key, load) : load();

  /** The total of a list: exact up to TIP_EXACT_COUNT_LIMIT, an estimate beyond. Read once per
   * cache life: the count changes only with new or deleted tips. */
  const countOf = (filter: { category?: TipCategory; publishedOnly: boolean }) =>
    shared(`tips:count:${filter.category ?? 'all'}:${filter.publishedOnly}`, () =>
      repo.count(filter),
    );

  /** Whether `viewer` bought a pack holding this unpublished tip, published once before. */
  async function keptByBuyer(
    viewer: Viewer,
    row: { id: string; publishedAt: Date | null },
  ): Promise<boolean> {
    if (!viewer || !row.publishedAt) return false;
    return (await repo.purchasedTipIds(viewer.userId, [row.id])).has(row.id);
  }

  /** The tip's history as `viewer` may read it: every revision, with the values of those written
   * while it was VIP replaced by a notice for readers not entitled to VIP (the proof issue). */
  async function publicRevisions(viewer: Viewer, row: { id: string; publishedAt: Date | null }) {
    if (!row.publishedAt) return [];
    const stored = await deps.history.revisionsOf(row.id);
    const vipReadable = stored.some((r) => r.category === 'premium')
      ? await entitlement.mayReadAs(viewer, row.id, 'premium')
      : true;
    return stored.map(({ category, ...revision }): TTipRevision => {
      if (category === 'free' || vipReadable) return revision;
      const hidden = MSG.previousContentReserved;
      return {
        ...revision,
        reserved: true,
        changes: revision.changes.map((c) => ({ field: c.field, before: hidden, after: hidden })),
      };
    });
  }

  return {
    /** The visitor teaser: cards only, whoever asks. */
    async preview(limit: number): Promise<TTipPreviewResponse> {
      const now = clock();
      const rows = await repo.listFreePreview(
        now,
        new Date(now.getTime() - TIP_EXPIRY_HOURS * HOUR_MS),
        limit,
      );
      return { success: true, tips: rows.map((r) => toTipCard(r, now)) };
    },

    /** `management`: every tip with its analysis, the editor role only. Otherwise the published tips,
     * with the analysis where the viewer is entitled. Newest created first in both. */
    async list(viewer: Viewer, input: TipListInput): Promise<TTipListResponse> {
      if (input.management) requireEditor(viewer);
      const now = clock();
      const filter = { category: input.category, publishedOnly: !input.management };
      const offset = (input.page - 1) * input.limit;
      // Concurrent on PostgreSQL's pool; PGlite, a single connection, simply queues them.
      const [rows, { total, estimated }] = await Promise.all([
        repo.listPage(filter, input.limit, offset),
        countOf(filter),
      ]);
      const tips = input.management
        ? rows.map((r) => toManagementTip(r, now))
        : await entitlement.present(viewer, rows, now);
      return {
        success: true,
        tips,
        pagination: {
          page: input.page,
          limit: input.limit,
          pages: Math.ceil(total / input.limit),
          total,
          ...(estimated ? { estimated: true } : {}),
        },
      };
    },

    /** The lists' total, shared between requests (the list by match date uses it too). */
    total: countOf,

    /** One tip. An unpublished tip exists for editors, and for its buyers once it has been
     * published: they keep what they paid for (decision 0084, over 0009's "editors only"). A
     * visitor must sign in for a free tip's analysis (401 with the card, decision 0089); a
     * premium tip the viewer may not read answers
     * its card and the packs that hold it (403), so the page can offer them. */
    async detail(
      viewer: Viewer,
      id: string,
      /** False: an unpublished tip is a 404 but for staff, as for a class of readers sharing
       * one cached answer (the route asks again, uncached, for a buyer's own copy). */
      { buyersKeep = true }: { buyersKeep?: boolean } = {},
    ): Promise<TipDetail> {
      const row = await repo.findById(id);
      if (!row) throw AppError.notFound();
      const kept = () => buyersKeep && keptByBuyer(viewer, row);
      if (!row.isPublished && !isStaff(viewer) && !(await kept())) throw AppError.notFound();
      const now = clock();
      const [tip] = await entitlement.present(viewer, [row], now);
      const revisions = await publicRevisions(viewer, row);
      if (tip?.analisis !== undefined) {
        const lastEdit = revisions.findLast((r) => r.kind === 'edit');
        return {
          kind: 'readable',
          body: {
            success: true,
            tip: lastEdit ? { ...tip, editedAt: lastEdit.at } : tip,
            revisions,
          },
        };
      }
      if (row.category === 'free') {
        // Only a visitor reaches here. A 401 as before, with what a reader who followed
        // /historial to this tip needs to check it (decision 0089).
        return {
          kind: 'sign-in',
          body: {
            success: false,
            message: MSG.signInToRead,
            code: 'SIGN_IN_REQUIRED',
            tip: toTipCard(row, now),
            revisions: revisions.map(withoutAnalysis),
          },
        };
      }
      const packs = await repo.activePacksHolding(row.id);
      return {
        kind: 'locked',
        body: {
          success: false,
          // A packs-only plan already pays for packs: "subscribe" would not be the way in.
          message: viewer?.readsPackTips ? MSG.tipOutsidePlanPacks : MSG.premiumRequired,
          code: 'PREMIUM_REQUIRED',
          tip: toTipCard(row, now),
          revisions,
          packs: packs.map((p) => ({
            _id: p.id,
            nombre: p.nombre,
            precio: fromCents(p.priceCents),
          })),
        },
      };
    },

    /** The packs-section tabs. Free tips for any signed-in user. Premium ones: every one for
     * those who read every premium tip (subscribers, editors/admins); anyone else first gets the
     * tips their packs unlock, with the analysis, then locked teasers of the other VIP tips,
     * cards only (decision 0031). All of them go through the one entitlement rule. */
    async feed(viewer: Viewer, category: TipCategory, limit: number): Promise<TTipFeedResponse> {
      if (!viewer) throw AppError.unauthorized(MSG.noToken);
      const now = clock();
      const since = new Date(now.getTime() - TIP_EXPIRY_HOURS * HOUR_MS);
      const feedRows = () =>
        shared(`tips:feed:${category}:${limit}`, () => repo.listFeed(category, since, limit));
      if (category === 'free' || viewer.readsAllVip || isStaff(viewer)) {
        const tips = await entitlement.present(viewer, await feedRows(), now);
        return {
          success: true,
          tips,
          message: tips.length > 0 ? NOTICE.tipsLoaded : MSG.noTipsAvailable,
        };
      }
      const owned = await repo.listPurchasedFeed(viewer.userId, since, limit);
      const ownedIds = new Set(owned.map((r) => r.id));
      // The feed's first `limit` less the owned ones always leave enough teasers to fill up.
      const teasers =
        owned.length >= limit
          ? []
          : (await feedRows()).filter((r) => !ownedIds.has(r.id)).slice(0, limit - owned.length);
      const tips = await entitlement.present(viewer, [...owned, ...teasers], now);
      // Some analyses open: bought packs, or the packs a packs-only plan includes (0097).
      if (owned.length > 0 || tips.some((tip) => tip.analisis !== undefined))
        return { success: true, tips, message: NOTICE.tipsLoaded };
      const message = viewer.readsPackTips ? MSG.planPacksOnlyEmpty : MSG.vipSubscriptionRequired;
      return { success: false, tips, message };
    },
  };
}
export type TipsService = ReturnType<typeof createTipsService>;
