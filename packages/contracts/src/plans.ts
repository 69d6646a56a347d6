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

/** Days left under which the account page warns (SPEC.md §9). */
export const EXPIRY_WARNING_DAYS = 7;
export const DEFAULT_SUBSCRIPTION_MONTHS = 1;
export const CURRENCY = 'USD';
