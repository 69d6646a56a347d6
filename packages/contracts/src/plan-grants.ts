import { formatUsd } from './money';
import { planNoun } from './plans';

/**
 * What a plan grants (decision 0097), in the fields the plan itself carries. "VIP" names the
 * premium content (the tips marked VIP, sold singly inside packs or with a subscription); a plan
 * is named by what it is, and these say what it opens. The API's entitlement rule, the plan form
 * and the comparison on /subscription and the landing all read them through this file.
 */
export type PlanGrants = {
  /** Every VIP tip, inside a pack or not. */
  grantsAllVipTips: boolean;
  /** The VIP tips inside the packs on sale, without buying the packs. */
  includesPacks: boolean;
};

/** Free days a plan may offer before its first charge (decision 0098). */
export const TRIAL_DAYS_MIN = 0;
export const TRIAL_DAYS_MAX = 30;

export const PLAN_GRANT_MSG = {
  grantsNothing: 'El plan debe dar acceso a todos los tips VIP o a los packs',
  trialDays: `Los días de prueba deben ser un número entero entre ${TRIAL_DAYS_MIN} y ${TRIAL_DAYS_MAX}`,
} as const;

/** Every VIP tip includes those inside packs: a plan that grants all of them includes the packs
 * whatever its second field says. THE rule the server stores and the comparison shows. */
export function effectiveGrants(plan: PlanGrants): PlanGrants {
  return {
    grantsAllVipTips: plan.grantsAllVipTips,
    includesPacks: plan.grantsAllVipTips || plan.includesPacks,
  };
}

export function grantsSomething(plan: PlanGrants): boolean {
  return plan.grantsAllVipTips || plan.includesPacks;
}

/** The rows of the plan comparison, in the order shown; each reads one grant. */
export const PLAN_COMPARISON_ROWS: readonly { key: keyof PlanGrants; label: string }[] = [
  { key: 'grantsAllVipTips', label: 'Todos los tips VIP, con su análisis y apuesta' },
  { key: 'includesPacks', label: 'Los tips VIP de todos los packs, sin comprarlos' },
];

/** What the form's check boxes are called. */
export const PLAN_GRANT_LABELS: Record<keyof PlanGrants, string> = {
  grantsAllVipTips: 'Da acceso a todos los tips VIP',
  includesPacks: 'Incluye los tips de todos los packs',
};

/** Texts of the free trial (decision 0098). */
export const TRIAL_TEXT = {
  badge: (days: number) => `${days} días gratis`,
  offer: (days: number, amount: number) =>
    `Prueba gratuita de ${days} días: hoy no se cobra nada y después ${formatUsd(amount)} por periodo. Puedes cancelar antes sin coste.`,
  alreadyUsed:
    'Ya disfrutaste de una prueba gratuita: esta suscripción se cobra hoy, sin periodo de prueba.',
  running:
    'Ya tienes una suscripción activa: esta se cobra hoy, sin periodo de prueba, y se suma a la que tienes.',
  until: (date: string) => `Prueba gratuita hasta el ${date}`,
  thenCharged: (amount: number, date: string) =>
    `El ${date} se cobrarán ${formatUsd(amount)} si no cancelas antes.`,
  cancelled: (date: string) =>
    `Cancelaste la renovación: no se cobrará nada y tu acceso termina el ${date}.`,
  startedReceipt: (planName: string, days: number) =>
    `Tu prueba gratuita de ${days} días del ${planNoun(planName)} ha empezado: hoy no se ha cobrado nada.`,
} as const;
