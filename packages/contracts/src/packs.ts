import { z } from 'zod';
import { MATCH_STATUSES } from './match-status';
import { MSG } from './messages';
import { ZPrice } from './price-schema';
import { TIP_CATEGORIES } from './tips';

export const PACK_STATUSES = ['available', 'purchased', 'unavailable'] as const;
export type PackStatus = (typeof PACK_STATUSES)[number];
/** The pack form previews 3 tips then '+N más'; the purchase summary shows 3 matches. */
export const PACK_PREVIEW_TIPS = 3;
export const ANALYSIS_SNIPPET_CHARS = 100;

/** POST /api/packs and PUT /api/packs/{id}. */
export const ZPackRequest = z.object({
  nombre: z.string({ error: MSG.packNameRequired }).trim().min(1, MSG.packNameRequired).max(120),
  descripcion: z
    .string({ error: MSG.packDescriptionRequired })
    .trim()
    .min(1, MSG.packDescriptionRequired)
    .max(2000),
  precio: ZPrice,
  tips: z
    .array(z.uuid({ error: MSG.packTipsInvalid }), { error: MSG.packTipsRequired })
    .min(1, MSG.packTipsRequired)
    .max(50),
  activo: z.boolean().default(true),
});
export type TPackRequest = z.input<typeof ZPackRequest>;

export const ZPackActiveRequest = z.object({ isActive: z.boolean() });

/** A tip inside a pack, as editors see it in the list and the form. */
export const ZPackTipSummary = z.object({
  _id: z.uuid(),
  title: z.string(),
  icon: z.string(),
  matchDate: z.iso.datetime(),
  category: z.enum(TIP_CATEGORIES),
  /** Editors may put a draft in a pack; buyers only ever see published tips. */
  isPublished: z.boolean().optional(),
});

export const ZManagementPack = z.object({
  _id: z.uuid(),
  nombre: z.string(),
  descripcion: z.string(),
  precio: z.number(),
  tips: z.array(ZPackTipSummary),
  activo: z.boolean(),
  createdAt: z.iso.datetime(),
});
export type TManagementPack = z.infer<typeof ZManagementPack>;

export const ZPackListResponse = z.object({
  success: z.literal(true),
  data: z.array(ZManagementPack),
});

/** The answer of POST, PUT and PATCH /api/packs…. */
export const ZPackResponse = z.object({
  success: z.literal(true),
  message: z.string(),
  data: ZManagementPack,
});
export type TPackResponse = z.infer<typeof ZPackResponse>;

/** A match inside a pack as buyers see it (no analysis). */
export const ZPackMatch = z.object({
  /** The tip's id: a buyer opens its page from the pack to read the analysis. */
  tipId: z.uuid(),
  nombre: z.string(),
  fecha: z.iso.datetime(),
  icon: z.string(),
  status: z.enum(MATCH_STATUSES),
});
export type TPackMatch = z.infer<typeof ZPackMatch>;

/** GET /api/packs/disponibles: active packs, with the caller's purchase state when signed in. */
export const ZAvailablePack = z.object({
  _id: z.uuid(),
  nombre: z.string(),
  descripcion: z.string(),
  precio: z.number(),
  isPurchased: z.boolean(),
  packStatus: z.enum(PACK_STATUSES),
  transactionInfo: z.object({ transactionId: z.uuid(), purchasedAt: z.iso.datetime() }).nullable(),
  partidos: z.array(ZPackMatch),
});
export type TAvailablePack = z.infer<typeof ZAvailablePack>;

export const ZAvailablePacksResponse = z.object({
  success: z.literal(true),
  data: z.array(ZAvailablePack),
});

export const ZPackForm = z.object({
  nombre: z.string().trim().min(1, MSG.packNameRequired),
  descripcion: z.string().trim().min(1, MSG.packDescriptionRequired),
  precio: ZPrice,
  tips: z.array(z.string()).min(1, MSG.packTipsRequired),
  activo: z.boolean(),
});
export type TPackForm = z.input<typeof ZPackForm>;
