import { z } from 'zod';
import { MSG } from './messages';
import { grantsSomething, PLAN_GRANT_MSG, TRIAL_DAYS_MAX, TRIAL_DAYS_MIN } from './plan-grants';
import { MONTHS_PER_YEAR, PERIOD_TEXT, twelveMonthsCents } from './plan-periods';
import { ZPrice } from './price-schema';

export const PLAN_NAME_MAX = 100;
export const PLAN_KEY_MAX = 50;
export const PLAN_FEATURE_MAX = 200;
export const PLAN_DURATION_MIN = 1;
export const PLAN_DURATION_MAX = 120;

const ZDuration = z.preprocess(
  (v) => (typeof v === 'string' ? (v.trim() === '' ? undefined : Number(v)) : v),
  z
    .number({ error: MSG.planDuration })
    .int(MSG.planDuration)
    .min(PLAN_DURATION_MIN, MSG.planDuration)
    .max(PLAN_DURATION_MAX, MSG.planDuration),
);

/** The key a new plan's name suggests (editable in the form): "Plan Trimestral" gives
 * "plan-trimestral". Accents are dropped, anything outside the key's alphabet becomes one hyphen,
 * and the result fits PLAN_KEY_MAX without a trailing hyphen. */
export function planKeyFromName(name: string): string {
  return name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9_]+/g, '-')
    .replace(/^[-_]+|-+$/g, '')
    .slice(0, PLAN_KEY_MAX)
    .replace(/-+$/, '');
}

const ZTrialDays = z.preprocess(
  (v) => (typeof v === 'string' ? (v.trim() === '' ? 0 : Number(v)) : v),
  z
    .number({ error: PLAN_GRANT_MSG.trialDays })
    .int(PLAN_GRANT_MSG.trialDays)
    .min(TRIAL_DAYS_MIN, PLAN_GRANT_MSG.trialDays)
    .max(TRIAL_DAYS_MAX, PLAN_GRANT_MSG.trialDays),
);

/** POST /api/subscriptions/admin/planes and PUT …/{id} (full body). What the plan grants and
 * its trial are optional for clients written before them (decision 0097: the defaults are what
 * every plan granted then, without a trial). */
export const ZPlanFields = z.object({
  name: z
    .string({ error: MSG.planNameRequired })
    .trim()
    .min(1, MSG.planNameRequired)
    .max(PLAN_NAME_MAX, MSG.planNameTooLong),
  key: z
    .string({ error: MSG.planKeyRequired })
    .trim()
    .min(1, MSG.planKeyRequired)
    .max(PLAN_KEY_MAX, MSG.planKeyTooLong)
    .regex(/^[a-z0-9_-]+$/, MSG.planKeyFormat),
  price: ZPrice,
  duration: ZDuration,
  features: z
    .array(z.string().trim().min(1).max(PLAN_FEATURE_MAX, MSG.planFeatureTooLong))
    .max(20)
    .default([]),
  isActive: z.boolean().default(true),
  grantsAllVipTips: z.boolean().default(true),
  includesPacks: z.boolean().default(true),
  trialDays: ZTrialDays.default(0),
  /** Also sold by the year at this price (decision 0099); an empty field is none. */
  yearlyPrice: z
    .preprocess((v) => (typeof v === 'string' && v.trim() === '' ? null : v), ZPrice.nullable())
    .default(null),
});
/** A plan must open something (the form's check, refined again where fields are replaced). */
export const refinePlanGrants = { message: PLAN_GRANT_MSG.grantsNothing, path: ['includesPacks'] };

type YearlyFields = { price: number; duration: number; yearlyPrice: number | null };
/** The yearly price's own message, or null when it is fine: only a plan of less than a year per
 * period has one, and it must cost less than twelve months at the plan's price (the saving the
 * pages show is computed from the two). */
export function yearlyPriceProblem(plan: YearlyFields): string | null {
  if (plan.yearlyPrice === null) return null;
  if (plan.duration >= MONTHS_PER_YEAR) return PERIOD_TEXT.yearlyTooLong;
  const full = twelveMonthsCents(Math.round(plan.price * 100), plan.duration);
  return Math.round(plan.yearlyPrice * 100) < full ? null : PERIOD_TEXT.yearlyNotCheaper;
}

export const ZPlanRequest = ZPlanFields.refine(grantsSomething, refinePlanGrants).superRefine(
  (plan, ctx) => {
    const problem = yearlyPriceProblem(plan);
    if (problem) ctx.addIssue({ code: 'custom', message: problem, path: ['yearlyPrice'] });
  },
);
export type TPlanRequest = z.input<typeof ZPlanRequest>;

/** PUT …/{id} with only `isActive` toggles the plan. */
export const ZPlanActiveRequest = z.object({ isActive: z.boolean() });

/** PUT …/{id}: exactly `{ isActive }` (the list's toggle), or the full plan. */
export const ZPlanUpdateRequest = z.union([ZPlanActiveRequest.strict(), ZPlanRequest]);
export type TPlanUpdateRequest = z.input<typeof ZPlanUpdateRequest>;

/** The branch of ZPlanUpdateRequest a body answers to. Validating against that branch alone
 * gives the failing field's own message; the union would only say that no branch matched. */
export function planUpdateSchema(body: unknown): typeof ZPlanRequest | typeof ZPlanActiveRequest {
  const toggleOnly =
    typeof body === 'object' &&
    body !== null &&
    Object.keys(body).length === 1 &&
    'isActive' in body;
  return toggleOnly ? ZPlanActiveRequest : ZPlanRequest;
}

export const ZPlan = z.object({
  _id: z.uuid(),
  name: z.string(),
  key: z.string(),
  price: z.number(),
  duration: z.number().int(),
  features: z.array(z.string()),
  isActive: z.boolean(),
  grantsAllVipTips: z.boolean(),
  includesPacks: z.boolean(),
  trialDays: z.number().int(),
  /** Null: sold only for its own period. */
  yearlyPrice: z.number().nullable(),
});
export type TPlan = z.infer<typeof ZPlan>;

export const ZPlansResponse = z.object({ success: z.literal(true), data: z.array(ZPlan) });

/** The answer of POST and PUT /api/subscriptions/admin/planes…. */
export const ZPlanResponse = z.object({
  success: z.literal(true),
  message: z.string(),
  data: ZPlan,
});
export type TPlanResponse = z.infer<typeof ZPlanResponse>;
