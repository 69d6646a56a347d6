import { z } from 'zod';
import { PLAN_CHANGE_TEXT } from './plan-periods';
import { ZUser } from './users';

// The plan change's requests and answers (decision 0100). Apart from plan-periods.ts, which the
// landing's plan cards read and which must stay free of Zod (the landing's entry carries none).

const ZPlanKeyField = z
  .string({ error: 'Selecciona un plan' })
  .trim()
  .min(1, 'Selecciona un plan')
  .max(50, 'Selecciona un plan');

/** POST /api/subscriptions/change/preview. */
export const ZPlanChangePreviewRequest = z.object({
  plan: ZPlanKeyField,
  /** Billed by the year (the plan's `yearlyPrice`) rather than the plan's own period. */
  yearly: z.boolean().default(false),
});
export type TPlanChangePreviewRequest = z.input<typeof ZPlanChangePreviewRequest>;

export const ZPlanChangeQuote = z.object({
  changeId: z.uuid(),
  fromPlanName: z.string(),
  toPlanName: z.string(),
  /** Months per period after the change (12 for yearly). */
  toDurationMonths: z.number().int().positive(),
  /** What each period costs after the change (USD). */
  periodAmount: z.number(),
  /** Net of the proration lines: charge for the new plan's remaining time minus the credit for
   * the old one's (USD; negative is a credit). */
  prorationAmount: z.number(),
  /** Charged at once: true when the period's length changes (a new period starts today). */
  chargedNow: z.boolean(),
  /** What is charged today (0 unless chargedNow). */
  amountDueNow: z.number(),
  /** The next charge after the change: date and amount (the proration included when it goes on
   * the next invoice). */
  nextChargeDate: z.iso.datetime().nullable(),
  nextChargeAmount: z.number(),
  expiresAt: z.iso.datetime(),
});
export type TPlanChangeQuote = z.infer<typeof ZPlanChangeQuote>;

export const ZPlanChangePreviewResponse = z.object({
  success: z.literal(true),
  data: ZPlanChangeQuote,
});
export type TPlanChangePreviewResponse = z.infer<typeof ZPlanChangePreviewResponse>;

/** POST /api/subscriptions/change: applies a quote, once (a repeated call answers the same). */
export const ZPlanChangeRequest = z.object({
  changeId: z.uuid({ error: PLAN_CHANGE_TEXT.expired }),
});
export type TPlanChangeRequest = z.input<typeof ZPlanChangeRequest>;

export const ZPlanChangeResponse = z.object({
  success: z.literal(true),
  message: z.string(),
  user: ZUser,
});
export type TPlanChangeResponse = z.infer<typeof ZPlanChangeResponse>;
