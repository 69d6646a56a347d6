import { z } from 'zod';

/**
 * Self-service billing and failed renewals (issue 30, items 4, 5 and 7; decisions 0095, 0096):
 * the Spanish words of the account page, the billing portal and its answers, written once for
 * the API and the web.
 */

/** `invoice.upcoming` is acted on this many days before the renewal of a yearly plan (the
 * Stripe Dashboard's "upcoming renewal events" setting must say the same). */
export const UPCOMING_NOTICE_DAYS = 7;
/** Plans of this many months per period get the upcoming-charge e-mail. */
export const UPCOMING_NOTICE_MONTHS = 12;

export const BILLING_MSG = {
  paymentPending: 'Pago pendiente',
  /** The account page's line while the provider retries a failed renewal. */
  pendingDetail: (nextAttempt: string | null) =>
    nextAttempt
      ? `No pudimos cobrar tu renovación. Volveremos a intentarlo el ${nextAttempt}; mientras tanto conservas el acceso VIP. Actualiza tu tarjeta para evitar que tu suscripción termine.`
      : 'No pudimos cobrar tu renovación y no quedan más intentos. Actualiza tu tarjeta para conservar tu suscripción.',
  nextAttemptLabel: 'Próximo intento de cobro',
  managePayment: 'Gestionar pago',
  opening: 'Abriendo...',
  portalFailed:
    'No pudimos abrir la gestión de pagos. El proveedor de pagos no respondió; intenta nuevamente.',
  retry: 'Reintentar',
  noBillingAccount:
    'No tienes una suscripción con pago recurrente que gestionar. Contrata un plan para tener una.',
  portalTitle: 'Gestionar pago',
  cardUpdated: 'Tarjeta actualizada.',
  cardUpdatedAndCharged: 'Tarjeta actualizada y renovación cobrada. Tu suscripción sigue activa.',
  cardDeclined: 'La tarjeta fue rechazada. Volveremos a intentar el cobro en los próximos días.',
  cancelled: 'Renovación cancelada. Conservas el acceso hasta el final del periodo pagado.',
  renewedNow: 'Renovación cobrada. Tu suscripción sigue activa.',
  portalExpired:
    'Este enlace de gestión de pagos caducó. Vuelve a tu cuenta y pulsa «Gestionar pago» otra vez.',
} as const;

/** POST /api/billing/portal: where the customer manages card, renewal and invoices. */
export const ZBillingPortalResponse = z.object({ url: z.url() });
export type TBillingPortalResponse = z.infer<typeof ZBillingPortalResponse>;
