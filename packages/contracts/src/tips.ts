import { z } from 'zod';
import { isValidMatchYear } from './age';
import { checkBetIsWhole, ZBookmaker, ZOdds, ZPick, ZStake } from './bet-schema';
import { MATCH_STATUSES } from './match-status';
import { MSG } from './messages';
import { publishAtProblem } from './publish-schedule';
import { SPORT_IDS } from './sports';
import {
  cursorAtInstant,
  type TipCursor,
  type TipListPosition,
  ZKeysetPagination,
  ZTipCursorParam,
  ZTipJumpParam,
} from './tip-cursor';
import { TIP_RESULTS } from './track-record';
import { titleGivesPickAway } from './vip-title';

export const TIP_CATEGORIES = ['free', 'premium'] as const;
export type TipCategory = (typeof TIP_CATEGORIES)[number];
export const TIP_TITLE_MAX = 200;
export const TIP_PAGE_SIZE = 10;
/** Cards shown: landing free card 1, packs-section tabs 5, default 3 (SPEC.md §9). */
export const TIP_CARDS_LANDING = 1;
export const TIP_CARDS_TAB = 5;
export const TIP_CARDS_DEFAULT = 3;
export const DEFAULT_TIP_TITLE = 'Análisis del día';

/** A tip as the public reads it. `analisis` is present only for a caller entitled to it. */
export const ZPublicTip = z.object({
  _id: z.uuid(),
  title: z.string(),
  icon: z.string(),
  matchDate: z.iso.datetime(),
  status: z.enum(MATCH_STATUSES),
  category: z.enum(TIP_CATEGORIES),
  analisis: z.string().optional(),
  /** The bet (issue 14), for a tip that has one: to those who may read the analysis, and to
   * everyone once the tip is settled. */
  pick: z.string().optional(),
  odds: z.number().optional(),
  stake: z.number().int().optional(),
  bookmaker: z.string().optional(),
  /** Whenever the tip has a bet: 'pendiente' until settled. */
  result: z.enum(TIP_RESULTS).optional(),
  /** Units won or lost, once settled. */
  profitUnits: z.number().optional(),
  /** Made public only after its kick-off: labelled "Publicado tras el inicio", never counted. */
  publishedLate: z.boolean().optional(),
  /** The last change after publication, to those who may read the analysis. */
  editedAt: z.iso.datetime().optional(),
  /** When the publication that counts began (the tip has been public since then). */
  publishedAt: z.iso.datetime().optional(),
  /** Only for a tip without a bet: "Análisis sin apuesta", never in the record. */
  noBet: z.boolean().optional(),
});
export type TPublicTip = z.infer<typeof ZPublicTip>;

/** A tip as editors manage it. */
export const ZManagementTip = z.object({
  _id: z.uuid(),
  icon: z.string(),
  title: z.string(),
  matchDate: z.iso.datetime(),
  analisis: z.string(),
  category: z.enum(TIP_CATEGORIES),
  isPublished: z.boolean(),
  status: z.enum(MATCH_STATUSES),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
  pick: z.string().nullable(),
  odds: z.number().nullable(),
  stake: z.number().int().nullable(),
  bookmaker: z.string().nullable(),
  result: z.enum(TIP_RESULTS),
  /** When it first became public; null while it never was. */
  publishedAt: z.iso.datetime().nullable(),
  /** A scheduled publication still to come (only while unpublished). */
  publishAt: z.iso.datetime().nullable(),
  settledAt: z.iso.datetime().nullable(),
  /** The match has started: pick, odds, stake, category and date can no longer change. */
  locked: z.boolean(),
  publishedLate: z.boolean(),
});
export type TManagementTip = z.infer<typeof ZManagementTip>;

/** GET /api/tips/preview: the visitor teaser, free tips without their analysis. */
export const ZTipPreviewResponse = z.object({
  success: z.literal(true),
  tips: z.array(ZPublicTip.omit({ analisis: true })),
});
export type TTipPreviewResponse = z.infer<typeof ZTipPreviewResponse>;

/** GET /api/tips: `management=true` (editors) lists every tip with its analysis; otherwise
 * published tips only, with the analysis only where the caller is entitled. Two ways through:
 * - `page` (SPEC.md's callers): newest created first, by page number;
 * - by match date, latest first (issue 17 item 3, editors only): `order=match` for the top,
 *   `after`/`before` with a cursor from the previous answer, or `from` (a date-time) to jump to
 *   the tips at or before it. */
export const ZTipListQuery = z
  .object({
    page: z.coerce.number().int().min(1).max(100_000).optional(),
    limit: z.coerce.number().int().min(1).max(100).default(TIP_PAGE_SIZE),
    management: z
      .enum(['true', 'false'])
      .optional()
      .transform((v) => v === 'true'),
    category: z.enum(TIP_CATEGORIES).optional(),
    order: z
      .enum(['created', 'match'])
      .optional()
      .describe('`match`: por fecha del partido, la más tardía primero (solo gestión)'),
    after: ZTipCursorParam.optional().describe('Cursor `pagination.next`: la página siguiente'),
    before: ZTipCursorParam.optional().describe('Cursor `pagination.previous`: la página anterior'),
    from: ZTipJumpParam.optional().describe('Salta a los tips de este momento o anteriores'),
  })
  .superRefine((q, ctx) => {
    const positions = [q.after, q.before, q.from].filter((p) => p !== undefined).length;
    const byMatch = positions > 0 || q.order === 'match';
    const mixed = positions > 1 || (positions > 0 && q.order === 'created');
    if (mixed || (byMatch && q.page !== undefined))
      ctx.addIssue({ code: 'custom', path: ['page'], message: MSG.tipListOneWay });
    else if (byMatch && !q.management)
      ctx.addIssue({ code: 'custom', path: ['management'], message: MSG.tipListKeysetManagement });
  })
  .transform(({ page, limit, management, category, order, after, before, from }) => {
    const common = { limit, management, category };
    if (after) return { ...common, mode: 'match' as const, position: cursorAfter(after) };
    if (before) return { ...common, mode: 'match' as const, position: cursorBefore(before) };
    if (from)
      return { ...common, mode: 'match' as const, position: cursorAfter(cursorAtInstant(from)) };
    if (order === 'match') return { ...common, mode: 'match' as const, position: TOP };
    return { ...common, mode: 'page' as const, page: page ?? 1 };
  });
export type TTipListQuery = z.input<typeof ZTipListQuery>;

const TOP: TipListPosition = { kind: 'first' };
const cursorAfter = (cursor: TipCursor): TipListPosition => ({ kind: 'after', cursor });
const cursorBefore = (cursor: TipCursor): TipListPosition => ({ kind: 'before', cursor });

export const ZPagination = z.object({
  page: z.number().int(),
  limit: z.number().int(),
  pages: z.number().int(),
  total: z.number().int(),
  /** True when `total` is the database's estimate: only for very large lists (beyond
   * TIP_EXACT_COUNT_LIMIT matching tips), where an exact count would slow every page. */
  estimated: z.boolean().optional(),
});
/** Up to this many matching tips, list totals are exact. */
export const TIP_EXACT_COUNT_LIMIT = 10_000;

export const ZTipListResponse = z.object({
  success: z.literal(true),
  tips: z.array(z.union([ZManagementTip, ZPublicTip])),
  /** `ZPagination` by page number, `ZKeysetPagination` by match date. */
  pagination: z.union([ZPagination, ZKeysetPagination]),
});
export type TTipListResponse = z.infer<typeof ZTipListResponse>;

/** GET /api/packs/tips-gratis and /tips-vips: matches still to come (or under way) first,
 * soonest first, then the most recent finished ones. */
export const ZTipFeedQuery = z.object({
  limit: z.coerce.number().int().min(1).max(50).default(TIP_CARDS_TAB),
});

/** GET /api/packs/tips-gratis and /tips-vips. */
export const ZTipFeedResponse = z.object({
  success: z.boolean(),
  tips: z.array(ZPublicTip),
  message: z.string(),
});
export type TTipFeedResponse = z.infer<typeof ZTipFeedResponse>;

/** One change to a tip after its publication (issue 14 item 2): who, when, and the fields it
 * changed, before and after. `kind` 'result' is a settle. */
export const ZTipRevision = z.object({
  at: z.iso.datetime(),
  /** The editor's first name and initial ("Ana P."), or 'Editor' once their account is gone. */
  by: z.string(),
  /** 'result': the first result; 'correction': a recorded result changed, with `reason`. */
  kind: z.enum(['edit', 'result', 'correction']),
  reason: z.string().optional(),
  /** Written while the tip was VIP and the reader is not entitled to VIP: every value reads
   * "Contenido anterior reservado a suscriptores" (the proof issue, item 3). */
  reserved: z.boolean().optional(),
  changes: z.array(
    z.object({
      field: z.string(),
      before: z.union([z.string(), z.number(), z.boolean(), z.null()]),
      after: z.union([z.string(), z.number(), z.boolean(), z.null()]),
    }),
  ),
});
export type TTipRevision = z.infer<typeof ZTipRevision>;

/** GET /api/tips/{id}: the tip with its analysis for an entitled caller, and its history of
 * changes after publication, oldest first. */
export const ZTipDetailResponse = z.object({
  success: z.literal(true),
  tip: ZPublicTip,
  revisions: z.array(ZTipRevision),
});
export type TTipDetailResponse = z.infer<typeof ZTipDetailResponse>;

/** The 403 of GET /api/tips/{id} for a premium tip the caller may not read: the card without
 * its analysis and the active packs that hold it, so the page can offer them. */
export const ZTipLockedResponse = z.object({
  success: z.literal(false),
  message: z.string(),
  code: z.literal('PREMIUM_REQUIRED'),
  tip: ZPublicTip.omit({ analisis: true }),
  packs: z.array(z.object({ _id: z.uuid(), nombre: z.string(), precio: z.number() })),
  /** The public history: results and corrections with their reasons; VIP edits reserved. */
  revisions: z.array(ZTipRevision).optional(),
});
export type TTipLockedResponse = z.infer<typeof ZTipLockedResponse>;

/** The 401 of GET /api/tips/{id} for a visitor and a free tip: the analysis is for registered
 * readers (SPEC.md), but the card, its publication and its public history are what the ledger
 * already publishes, so a visitor who follows /historial to the tip can check it (decision 0089). */
export const ZTipSignInResponse = z.object({
  success: z.literal(false),
  message: z.string(),
  code: z.literal('SIGN_IN_REQUIRED'),
  tip: ZPublicTip.omit({ analisis: true }),
  revisions: z.array(ZTipRevision),
});
export type TTipSignInResponse = z.infer<typeof ZTipSignInResponse>;

/** POST /api/tips and PUT /api/tips/{id}. The future-date rule applies on creation only and
 * is checked by the server with its clock (and by the form). */
export const ZTipRequest = z
  .object({
    icon: z.enum(SPORT_IDS, { error: MSG.sportRequired }),
    title: z
      .string({ error: MSG.titleRequired })
      .trim()
      .min(1, MSG.titleRequired)
      .max(TIP_TITLE_MAX, MSG.titleTooLong),
    // A date without its time ("2026-06-01") is the form's missing time.
    matchDate: z.iso
      .datetime({
        offset: true,
        error: (iss) =>
          typeof iss.input === 'string' && /^\s*\d{4}-\d{2}-\d{2}\s*$/.test(iss.input)
            ? MSG.matchTimeRequired
            : MSG.matchDateRequired,
      })
      .refine(isValidMatchYear, MSG.matchDateInvalid),
    analisis: z.string({ error: MSG.analysisRequired }).trim().min(1, MSG.analysisRequired),
    category: z.enum(TIP_CATEGORIES).default('free'),
    // Left out: published, as SPEC.md's body implies, unless a publication is scheduled.
    isPublished: z.boolean().optional(),
    // A future time the queue publishes the tip at (issue 15 item 2); null cancels a schedule,
    // leaving it out keeps the stored one.
    publishAt: z.iso.datetime({ offset: true, error: MSG.publishAtInvalid }).nullable().optional(),
    // The bet (issue 14): optional so SPEC.md's body still works; sent whole (checkBetIsWhole).
    pick: ZPick.nullable().optional(),
    odds: ZOdds.nullable().optional(),
    stake: ZStake.nullable().optional(),
    bookmaker: ZBookmaker.nullable().optional(),
  })
  .superRefine(checkBetIsWhole)
  .superRefine(checkSchedule)
  .superRefine(checkVipTitle);
export type TTipRequest = z.input<typeof ZTipRequest>;

/** A premium tip's title names the match, never its pick (the proof issue, item 4). The server
 * checks again with the stored pick when the body leaves the bet out. */
function checkVipTitle(
  value: { category?: string; title: string; pick?: string | null },
  ctx: z.RefinementCtx,
) {
  if (value.category === 'premium' && titleGivesPickAway(value.title, value.pick))
    ctx.addIssue({ code: 'custom', path: ['title'], message: MSG.vipTitleHasPick });
}

/** A schedule goes with an unpublished tip and a time before kick-off; "in the future" needs the
 * server's clock and is checked there (publishAtProblem). */
function checkSchedule(
  value: { isPublished?: boolean; publishAt?: string | null; matchDate: string },
  ctx: z.RefinementCtx,
) {
  if (!value.publishAt) return;
  const issue = (message: string) => ctx.addIssue({ code: 'custom', path: ['publishAt'], message });
  if (value.isPublished === true) return issue(MSG.publishAtWhilePublished);
  const problem = publishAtProblem(new Date(value.publishAt), new Date(value.matchDate), null);
  if (problem) issue(problem);
}

export const ZTipPublishRequest = z.object({ isPublished: z.boolean() });

/** The answer of POST, PUT and PATCH /api/tips…: the tip as editors see it. */
export const ZTipResponse = z.object({
  success: z.literal(true),
  message: z.string(),
  tip: ZManagementTip,
});
export type TTipResponse = z.infer<typeof ZTipResponse>;

/** The editor's form: date and time apart, as the inputs give them. */
export const ZTipForm = z.object({
  icon: z.enum(SPORT_IDS, { error: MSG.sportRequired }),
  title: z.string().trim().min(1, MSG.titleRequired).max(TIP_TITLE_MAX, MSG.titleTooLong),
  date: z.string().min(1, MSG.matchDateRequired).refine(isValidMatchYear, MSG.matchDateInvalid),
  time: z.string().min(1, MSG.matchTimeRequired),
  analisis: z.string().trim().min(1, MSG.analysisRequired),
  category: z.enum(TIP_CATEGORIES),
  isPublished: z.boolean(),
});
export type TTipForm = z.infer<typeof ZTipForm>;
