import { z } from 'zod';

// GET /api/subscriptions/trial-eligibility's answer (decision 0098). Apart from plan-grants.ts,
// which the landing's plan cards read and which must stay free of Zod.

/** GET /api/subscriptions/trial-eligibility. */
export const ZTrialEligibilityResponse = z.object({
  success: z.literal(true),
  eligible: z.boolean(),
  /** Why not: this person had their trial, or a subscription of theirs still runs (a trial is
   * for newcomers: it would cut a running period short). Null when eligible. */
  reason: z.enum(['used', 'running']).nullable(),
});
export type TTrialEligibilityResponse = z.infer<typeof ZTrialEligibilityResponse>;
