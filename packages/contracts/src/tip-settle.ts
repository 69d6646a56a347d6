import { z } from 'zod';
import { ZOdds } from './bet-schema';
import { MSG } from './messages';
import { SETTLED_RESULTS } from './track-record';

/** A correction's reason: required, public beside the revision (the proof issue, item 1). */
export const CORRECTION_REASON = { min: 10, max: 300 } as const;

export function correctionReasonProblem(reason: string | null | undefined): string | null {
  const text = reason?.trim() ?? '';
  return text.length < CORRECTION_REASON.min || text.length > CORRECTION_REASON.max
    ? MSG.correctionReason
    : null;
}

/** PATCH /api/tips/{id}/result: the result (never back to 'pendiente'); the closing odds, optional
 * ("Cuota de cierre", for the CLV); and, when it replaces a recorded result, why. */
export const ZTipSettleRequest = z.object({
  result: z.enum(SETTLED_RESULTS, { error: MSG.resultRequired }),
  closingOdds: ZOdds.nullable().optional(),
  reason: z.string().trim().max(CORRECTION_REASON.max, MSG.correctionReason).optional(),
});
export type TTipSettleRequest = z.input<typeof ZTipSettleRequest>;
