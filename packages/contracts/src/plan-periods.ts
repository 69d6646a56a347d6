import { formatUsd } from './money';
import { planNoun } from './plans';

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
