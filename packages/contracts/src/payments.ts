import { z } from 'zod';
import { IMMEDIATE_ACCESS_CONSENT } from './purchase-consent';
import { ZUser } from './users';

export const TRANSACTION_STATUSES = [
  'pending',
  'completed',
  'failed',
  'cancelled',
  'expired',
  'refunded',
] as const;
export type TransactionStatus = (typeof TRANSACTION_STATUSES)[number];
export const PAYMENT_METHODS = ['stripe', 'paypal', 'mercadopago'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

/** Browser storage keys of SPEC.md §3 for the payment in progress. */
export const LAST_PACK_TRANSACTION_KEY = 'lastPackTransactionId';
export const LAST_SUBSCRIPTION_TRANSACTION_KEY = 'lastSubscriptionTransactionId';

/** POST /api/packs/create-payment-stripe and /api/subscriptions/create-payment-stripe. */
export const ZPaymentCreateResponse = z.object({
  success: z.literal(true),
  message: z.string(),
  payment: z.object({
    transactionId: z.uuid(),
    stripeCheckoutUrl: z.string(),
  }),
});
export type TPaymentCreateResponse = z.infer<typeof ZPaymentCreateResponse>;

/** A payment as its owner reads it (check-payment, verify-session). */
export const ZTransaction = z.object({
  _id: z.uuid(),
  transactionId: z.uuid(),
  status: z.enum(TRANSACTION_STATUSES),
  amount: z.number(),
  currency: z.string(),
  type: z.enum(['pack', 'subscription']),
  pack: z.object({ _id: z.uuid().nullable(), nombre: z.string() }).nullable(),
  plan: z.string().nullable(),
  planData: z.object({ name: z.string(), duration: z.number().int() }).nullable(),
  isRecurring: z.boolean(),
  createdAt: z.iso.datetime(),
  completedAt: z.iso.datetime().nullable(),
});
export type TTransaction = z.infer<typeof ZTransaction>;

export const ZTransactionResponse = z.object({
  success: z.literal(true),
  message: z.string().optional(),
  transaction: ZTransaction,
});
export type TTransactionResponse = z.infer<typeof ZTransactionResponse>;

/** GET /api/packs/mis-packs: the caller's purchased packs. */
export const ZPurchasedPack = z.object({
  pack: z.object({
    _id: z.uuid(),
    nombre: z.string(),
    descripcion: z.string(),
    precio: z.number(),
  }),
  tipsDisponibles: z.number().int(),
  fechaCompra: z.iso.datetime(),
  /** Every tip this purchase holds (decision 0028), so the buyer can open each one (its page shows the analysis). */
  tips: z.array(
    z.object({ _id: z.uuid(), title: z.string(), icon: z.string(), matchDate: z.iso.datetime() }),
  ),
});
export type TPurchasedPack = z.infer<typeof ZPurchasedPack>;
export const ZMyPacksResponse = z.object({
  success: z.literal(true),
  data: z.array(ZPurchasedPack),
});

/** POST /api/subscriptions/cancel and /resume: the renewal flag, with the user as it now is. */
export const ZSubscriptionRenewalResponse = z.object({
  success: z.literal(true),
  message: z.string(),
  user: ZUser,
});
export type TSubscriptionRenewalResponse = z.infer<typeof ZSubscriptionRenewalResponse>;

// ---------------------------------------------------------------------------------------------
// Added with the payments server (additive: the shapes above are what the web pages build on).

/** A checkout (our pending transaction and the provider's session) lives this long, then expires. */
export const CHECKOUT_SESSION_MINUTES = 30;
/** Days after `endDate` during which a renewing subscription shows 'Procesando renovación...'
 * (daysRemaining -1) while the provider collects the renewal; after them it simply ends. */
export const RENEWAL_GRACE_DAYS = 3;

/** Spanish texts of the payment calls: SPEC.md §8 where it gives them, decided here otherwise. */
export const PAYMENT_MESSAGES = {
  packAlreadyPurchased: (nombre: string) =>
    `Ya has comprado el pack "${nombre}" anteriormente. Puedes acceder a él desde tu panel.`,
  pendingTransaction:
    'Ya tienes una transacción pendiente para este pack. Espera unos minutos antes de intentar nuevamente.',
  activeStripeSession:
    'Ya tienes una sesión de pago activa para este pack. Completa el pago actual antes de crear uno nuevo.',
  packIdInvalid: 'ID del pack no válido',
  packNotFound: 'Pack no encontrado. Es posible que haya sido removido.',
  packUnavailable: 'Este pack ya no está disponible: todos sus partidos han terminado.',
  planRequired: 'Por favor selecciona un plan',
  planNotFound: 'El plan seleccionado no existe o ya no está disponible.',
  planNotRecurring:
    'Este plan no admite renovación automática. Desmarca el pago recurrente para contratarlo.',
  amountRequired: 'El monto del pago es requerido.',
  amountMismatch:
    'El monto no coincide con el precio actual. Actualiza la página e inténtalo de nuevo.',
  currencyUsd: 'Solo aceptamos pagos en dólares estadounidenses (USD).',
  paypalSoon: 'PayPal estará disponible próximamente. Por favor, usa Stripe por ahora.',
  mercadopagoSoon: 'Mercado Pago estará disponible próximamente. Por favor, usa Stripe por ahora.',
  recurringSubscriptionActive:
    'Ya tienes una suscripción con renovación automática. Cancela la renovación desde tu panel antes de contratar otro plan.',
  subscriptionPaymentPending:
    'Ya tienes un pago de suscripción en curso. Espera unos minutos antes de intentar nuevamente.',
  previousPaymentCompleted:
    'Tu pago anterior se acaba de confirmar. Revisa tu panel antes de iniciar otro pago.',
  paymentCreated: 'Sesión de pago creada. Te llevamos al pago seguro.',
  providerUnavailable:
    'No pudimos comunicarnos con el proveedor de pagos. Intenta nuevamente en unos minutos.',
  paymentsDisabled: 'Los pagos no están disponibles en este momento. Intenta más tarde.',
  transactionNotFound: 'Transacción no encontrada.',
  sessionInvalid: 'No se encontró información de sesión de pago',
  status: {
    pending: 'El pago aún está pendiente de confirmación.',
    completed: 'Pago completado correctamente.',
    failed: 'El pago no se pudo completar. No se realizó ningún cargo.',
    cancelled: 'El pago fue cancelado. No se realizó ningún cargo.',
    expired: 'La sesión de pago expiró sin completarse. No se realizó ningún cargo.',
    refunded: 'Este pago fue reembolsado.',
  } satisfies Record<TransactionStatus, string>,
  cleanNothing: 'No tienes transacciones pendientes.',
  cleanDone: (expired: number, completed: number) =>
    `Transacciones pendientes limpiadas: ${expired} cancelada(s)${completed > 0 ? `, ${completed} confirmada(s) porque ya estaban pagadas` : ''}.`,
  noSubscription: 'No tienes una suscripción activa.',
  renewalCancelled:
    'Renovación automática cancelada. Conservas el acceso hasta el final del periodo pagado.',
  renewalAlreadyCancelled: 'Tu suscripción ya no se renueva automáticamente.',
  renewalResumed: 'Renovación automática reactivada.',
  renewalAlreadyOn: 'Tu suscripción ya se renueva automáticamente.',
  resumeEnded: 'Tu suscripción ya terminó. Contrata un plan nuevo para volver a suscribirte.',
  resumeOneOff:
    'Tu plan actual es de pago único y no tiene renovación automática. Podrás contratar un plan recurrente cuando termine.',
  webhookSignature: 'Firma del webhook de Stripe inválida.',
  webhookNotConfigured: 'El webhook de Stripe no está configurado en este servidor.',
} as const;

const ZCurrency = z
  .string({ error: PAYMENT_MESSAGES.currencyUsd })
  .trim()
  .toUpperCase()
  .refine((c) => c === 'USD', PAYMENT_MESSAGES.currencyUsd);
const ZAmount = z
  .number({ error: PAYMENT_MESSAGES.amountRequired })
  .positive(PAYMENT_MESSAGES.amountMismatch)
  .max(1_000_000, PAYMENT_MESSAGES.amountMismatch);
/** The buyer ticked 'Acepto los Términos y solicito acceso inmediato…' (decision 0034). Added to
 * SPEC.md's bodies and required: without it the payment is refused with a 400 in Spanish. The
 * time of the consent is the server's clock, stored on the transaction. */
const ZImmediateAccessConsent = z.literal(true, { error: IMMEDIATE_ACCESS_CONSENT.required });

/** POST /api/packs/create-payment-stripe. The amount is checked against the database price,
 * never charged from the body. */
export const ZPackPaymentRequest = z.object({
  packId: z.uuid({ error: PAYMENT_MESSAGES.packIdInvalid }),
  amount: ZAmount,
  currency: ZCurrency,
  paymentMethod: z.string().trim().max(30).optional(),
  immediateAccessConsent: ZImmediateAccessConsent,
});
export type TPackPaymentRequest = z.input<typeof ZPackPaymentRequest>;

/** POST /api/subscriptions/create-payment-stripe. `recurring` true: a monthly Stripe
 * subscription; false: one payment for the plan's duration. */
export const ZSubscriptionPaymentRequest = z.object({
  plan: z
    .string({ error: PAYMENT_MESSAGES.planRequired })
    .trim()
    .min(1, PAYMENT_MESSAGES.planRequired)
    .max(50, PAYMENT_MESSAGES.planNotFound),
  amount: ZAmount,
  currency: ZCurrency,
  recurring: z.boolean().default(true),
  /** Billed by the year at the plan's `yearlyPrice` (decision 0099); `amount` is then that
   * price. */
  yearly: z.boolean().default(false),
  paymentMethod: z.string().trim().max(30).optional(),
  immediateAccessConsent: ZImmediateAccessConsent,
});
export type TSubscriptionPaymentRequest = z.input<typeof ZSubscriptionPaymentRequest>;

/** GET /api/packs/verify-status/{packId}. */
export const ZPackPurchaseStatusResponse = z.object({
  success: z.literal(true),
  isPurchased: z.boolean(),
});

/** GET /api/packs/estado-usuario: a Spanish summary plus the counts behind it. */
export const ZPackUserStatusResponse = z.object({
  success: z.literal(true),
  message: z.string(),
  pendingCount: z.number().int(),
  purchasedCount: z.number().int(),
});

/** POST /api/packs/clean-pending-transactions: what became of each pending payment. */
export const ZCleanPendingResponse = z.object({
  success: z.literal(true),
  message: z.string(),
  results: z.array(
    z.object({
      transactionId: z.uuid(),
      type: z.enum(['pack', 'subscription']),
      item: z.string(),
      status: z.enum(TRANSACTION_STATUSES),
    }),
  ),
});
export type TCleanPendingResponse = z.infer<typeof ZCleanPendingResponse>;
