export const PLAN_KEYS = ['free', 'basic', 'premium', 'vip'] as const;
export type PlanKey = (typeof PLAN_KEYS)[number];

export const PLAN_LABELS: Record<PlanKey, string> = {
  free: 'Plan Gratuito',
  basic: 'Plan Básico',
  premium: 'Plan Premium',
  vip: 'Plan VIP',
};

export function planLabel(key: string | null | undefined): string {
  return key && key in PLAN_LABELS ? PLAN_LABELS[key as PlanKey] : (key ?? PLAN_LABELS.free);
}

/** SPEC.md's `plan` value for a subscription's plan key (decision 0029): the seeded keys are
 * themselves; any other (paid) key reads as premium, which is what it unlocks. */
export function specPlanOf(key: string | null | undefined): PlanKey {
  if (!key) return 'free';
  return (PLAN_KEYS as readonly string[]).includes(key) ? (key as PlanKey) : 'premium';
}

/** The name a subscription shows: the snapshot taken when bought, else the spec's label. */
export function subscriptionPlanName(sub: {
  planKey?: string | null;
  planName?: string | null;
  plan?: string;
}): string {
  return sub.planName || planLabel(sub.planKey ?? sub.plan);
}

/** Days left under which the account page warns (SPEC.md §9). */
export const EXPIRY_WARNING_DAYS = 7;
export const DEFAULT_SUBSCRIPTION_MONTHS = 1;
export const CURRENCY = 'USD';

/** A plan named in a sentence: "Plan Premium" as it is, any other name as «plan "…"», so "el
 * plan «Todos los tips VIP»" reads right after "el" or "tu" (decision 0097: plans are named by
 * what they give, not all "Plan …"). */
export function planNoun(name: string): string {
  return /^plan\b/i.test(name.trim()) ? name : `plan «${name}»`;
}
