import { MSG } from '@magotips/contracts/messages';
import { grantsSomething } from '@magotips/contracts/plan-grants';
import {
  PLAN_FEATURE_MAX,
  refinePlanGrants,
  yearlyPriceProblem,
  ZPlanFields,
  type TPlan,
  type TPlanRequest,
} from '@magotips/contracts/subscription-plans';
import { z } from 'zod';

/**
 * ZPlanRequest with the features as editable lines ({ text } objects, which react-hook-form's
 * field array needs). A blank line is simply dropped on saving rather than reported.
 */
export const ZPlanForm = ZPlanFields.omit({ features: true, isActive: true })
  .extend({
    features: z.array(
      z.object({ text: z.string().trim().max(PLAN_FEATURE_MAX, MSG.planFeatureTooLong) }),
    ),
    isActive: z.boolean(),
    grantsAllVipTips: z.boolean(),
    includesPacks: z.boolean(),
  })
  .refine(grantsSomething, refinePlanGrants)
  // The route's own check (ZPlanRequest), so the editor reads it under the field before saving.
  .superRefine((plan, ctx) => {
    const problem = yearlyPriceProblem(plan);
    if (problem) ctx.addIssue({ code: 'custom', message: problem, path: ['yearlyPrice'] });
  });
export type TPlanFormInput = z.input<typeof ZPlanForm>;
export type TPlanFormOutput = z.output<typeof ZPlanForm>;

export function toPlanRequest(values: TPlanFormOutput): TPlanRequest {
  return {
    name: values.name,
    key: values.key,
    price: values.price,
    duration: values.duration,
    features: values.features.map((line) => line.text).filter((text) => text !== ''),
    isActive: values.isActive,
    grantsAllVipTips: values.grantsAllVipTips,
    includesPacks: values.includesPacks,
    trialDays: values.trialDays,
    yearlyPrice: values.yearlyPrice,
  };
}

export function planFormDefaults(plan?: TPlan): TPlanFormInput {
  return plan
    ? {
        name: plan.name,
        key: plan.key,
        price: plan.price.toFixed(2),
        duration: String(plan.duration),
        features: plan.features.map((text) => ({ text })),
        isActive: plan.isActive,
        grantsAllVipTips: plan.grantsAllVipTips,
        includesPacks: plan.includesPacks,
        trialDays: String(plan.trialDays),
        yearlyPrice: typeof plan.yearlyPrice === 'number' ? plan.yearlyPrice.toFixed(2) : '',
      }
    : {
        name: '',
        key: '',
        price: '',
        duration: '1',
        features: [{ text: '' }],
        isActive: true,
        grantsAllVipTips: true,
        includesPacks: true,
        trialDays: '0',
        yearlyPrice: '',
      };
}
