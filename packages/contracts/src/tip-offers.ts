import { z } from 'zod';

/**
 * GET /api/tips/{id}/offers (issue 31 item 5): every way to read a VIP tip, cheapest first, so
 * "Desbloquear" can offer the pack that holds it before a subscription. Public: prices and
 * pack names are what the shop already shows; the tip's content is not part of it.
 */
export const ZTipOfferPack = z.object({
  _id: z.uuid(),
  nombre: z.string(),
  price: z.number(),
  /** How many tips the pack holds (this one included). */
  tipCount: z.number().int().nonnegative(),
});

export const ZTipOfferPlan = z.object({
  _id: z.uuid(),
  key: z.string(),
  name: z.string(),
  price: z.number(),
  duration: z.number().int(),
  yearlyPrice: z.number().nullable(),
  trialDays: z.number().int(),
  /** Opens it because it grants every VIP tip (else: because it includes the packs). */
  grantsAllVipTips: z.boolean(),
});

export const ZTipOffersResponse = z.object({
  success: z.literal(true),
  /** Packs on sale that hold the tip, cheapest first. Empty for a free tip. */
  packs: z.array(ZTipOfferPack),
  /** Active plans that open it, cheapest first. Empty for a free tip. */
  plans: z.array(ZTipOfferPlan),
});
export type TTipOffersResponse = z.infer<typeof ZTipOffersResponse>;
