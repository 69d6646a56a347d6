import { z } from 'zod';
import { formatUsd } from './money';
import { planNoun } from './plans';
import { ZUser } from './users';

/**
 * Yearly prices and plan changes (issue 30 item 3; decisions 0099 and 0100). A plan is sold for
 * its own period (`price` every `duration` months) and, when it has a `yearlyPrice`, also by the
 * year. The saving a yearly price shows is computed here, never typed.
 */

export const MONTHS_PER_YEAR = 12;

/** What twelve months cost at the plan's own price, in cents (a 3-month plan: four periods). */
export function twelveMonthsCents(priceCents: number, durationMonths: number): number {
  return Math.round((priceCents * MONTHS_PER_YEAR) / Math.max(1, durationMonths));
}

/** The yearly price's saving against twelve months of the plan's own price, in whole percent;
 * null when there is no yearly price or it saves less than 1 %. Cents in, so "$179.99 against
 * 12 × $19.99" is 25 (24.97 rounded), as the buyer would work it out. */
export function yearlySavingPct(plan: {
  price: number;
  duration: number;
  yearlyPrice: number | null;
}): number | null {
  if (plan.yearlyPrice === null || plan.duration >= MONTHS_PER_YEAR) return null;
  const full = twelveMonthsCents(Math.round(plan.price * 100), plan.duration);
  const pct = Math.round((1 - Math.round(plan.yearlyPrice * 100) / full) * 100);
  return pct >= 1 ? pct : null;
}

export const PERIOD_TEXT = {
  /** The yearly badge, from yearlySavingPct. */
  save: (pct: number) => `Ahorra ${pct} %`,
  yearly: 'Anual',
  perYear: '/ año',
  /** The toggle on /subscription and /purchase. */
  chooseLabel: 'Periodo de facturación',
  planPeriod: (months: number) => (months === 1 ? 'Mensual' : `Cada ${months} meses`),
  yearlyPriceLabel: 'Precio anual (USD, opcional)',
  yearlyPriceHint:
    'Si lo indicas, el plan también se vende por año y se muestra el ahorro frente a doce meses.',
  yearlyNotCheaper: 'El precio anual debe ser menor que doce meses del precio del plan',
  yearlyTooLong: 'Solo un plan de menos de 12 meses por periodo puede tener precio anual',
  notSoldYearly: 'Este plan no se vende por año',
} as const;

/** Texts of a plan change (decision 0100). */
export const PLAN_CHANGE_TEXT = {
  open: 'Cambiar de plan',
  title: 'Cambiar de plan o de periodo',
  choose: 'Elige el plan nuevo',
  preview: 'Ver el importe del cambio',
  previewing: 'Calculando...',
  confirm: 'Confirmar el cambio',
  confirming: 'Cambiando...',
  cancel: 'Volver',
  current: 'Tu plan actual',
  /** The adjustment for the days left of the period (credit for the old plan, charge for the
   * new), as Stripe prorates. */
  proration: 'Ajuste por los días que quedan del periodo',
  chargedNow: (amount: number) => `Se cobra hoy: ${formatUsd(amount)}`,
  creditNow: (amount: number) =>
    `Hoy no se cobra nada: te queda un saldo a favor de ${formatUsd(amount)} para los próximos cobros.`,
  nothingNow: 'Hoy no se cobra nada.',
  nextCharge: (amount: number, date: string) => `Próximo cobro: ${formatUsd(amount)} el ${date}`,
  newPeriod: (date: string) => `El periodo nuevo empieza hoy y se renueva el ${date}.`,
  done: (planName: string) => `Listo: ahora tienes el ${planNoun(planName)}.`,
  samePlan: 'Ya tienes este plan con este periodo.',
  noSubscription:
    'No tienes una suscripción con pago recurrente que cambiar. Contrata un plan para tener una.',
  duringTrial:
    'Durante la prueba gratuita no se puede cambiar de plan. Cancela la prueba y elige otro plan, o espera a que termine.',
  paymentPending: 'Actualiza tu tarjeta con «Gestionar pago» antes de cambiar de plan.',
  giftPending:
    'Tu suscripción tiene días regalados pendientes de aplicar. Podrás cambiar de plan cuando empiece el próximo periodo.',
  expired: 'El importe calculado caducó. Vuelve a calcular el cambio antes de confirmarlo.',
  failed: 'No pudimos cambiar tu plan. El proveedor de pagos no respondió; intenta nuevamente.',
} as const;

/** A quote is valid this long: the proration is computed for its moment (Stripe's
 * `proration_date`), and the change applies with that same moment. */
export const PLAN_CHANGE_QUOTE_MINUTES = 15;

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
