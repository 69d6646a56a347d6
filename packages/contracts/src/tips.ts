import { z } from 'zod';
import { MATCH_STATUSES } from './match-status';
import { MSG } from './messages';
import { SPORT_IDS } from './sports';

export const TIP_CATEGORIES = ['free', 'premium'] as const;
export type TipCategory = (typeof TIP_CATEGORIES)[number];
export const TIP_TITLE_MAX = 200;
export const TIP_PAGE_SIZE = 10;

/** A tip as the public reads it. `analisis` is present only for a caller entitled to it. */
export const ZPublicTip = z.object({
  _id: z.uuid(),
  title: z.string(),
  icon: z.string(),
  matchDate: z.iso.datetime(),
  status: z.enum(MATCH_STATUSES),
  category: z.enum(TIP_CATEGORIES),
  analisis: z.string().optional(),
});
export type TPublicTip = z.infer<typeof ZPublicTip>;

/** GET /api/tips/preview: the visitor teaser, free tips without their analysis. */
export const ZTipPreviewResponse = z.object({
  success: z.literal(true),
  tips: z.array(ZPublicTip.omit({ analisis: true })),
});
export type TTipPreviewResponse = z.infer<typeof ZTipPreviewResponse>;

/** The body an editor sends to create or replace a tip. */
export const ZTipRequest = z.object({
  icon: z.enum(SPORT_IDS, { error: MSG.sportRequired }),
  title: z
    .string({ error: MSG.titleRequired })
    .trim()
    .min(1, MSG.titleRequired)
    .max(TIP_TITLE_MAX, MSG.titleTooLong),
  matchDate: z.iso.datetime({ offset: true, error: MSG.matchDateRequired }),
  analisis: z.string({ error: MSG.analysisRequired }).trim().min(1, MSG.analysisRequired),
  category: z.enum(TIP_CATEGORIES).default('free'),
  isPublished: z.boolean().default(true),
});
export type TTipRequest = z.infer<typeof ZTipRequest>;
