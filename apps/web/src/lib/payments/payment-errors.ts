import { statusDefaultMessage } from '@magotips/contracts/http-errors';
import { ApiError } from '../api-error';

// SPEC.md §8 "Pack payment creation", "Subscription creation" and "Pending cleanup", word for word.
export const PACK_PAYMENT_ERRORS = {
  pendingTransaction:
    'Ya tienes una transacción pendiente para este pack. Espera unos minutos antes de intentar nuevamente.',
  activeCheckoutSession:
    'Ya tienes una sesión de pago activa para este pack. Completa el pago actual antes de crear uno nuevo.',
  conflict: 'Conflicto con transacción existente.',
  invalidData: 'Datos de pago inválidos. Verifica la información.',
  notFound: 'Pack no encontrado. Es posible que haya sido removido.',
  internal: 'Error interno del servidor. Intenta nuevamente en unos minutos.',
  network: 'Error de conexión. Verifica tu conexión a internet.',
} as const;

export const SUBSCRIPTION_ERROR = 'Error procesando la suscripción';
export const PURCHASE_ERROR = 'Error procesando la compra';
export const CLEANUP_ERROR = 'Error limpiando transacciones pendientes';
export const CLEANUP_BUTTON_LABEL = 'Limpiar Transacciones Pendientes';
export const CLEANUP_DONE = 'Transacciones pendientes limpiadas. Ya puedes intentar de nuevo.';

export function alreadyPurchasedMessage(packName: string): string {
  return `Ya has comprado el pack "${packName}" anteriormente. Puedes acceder a él desde tu panel.`;
}

export function serverStatusMessage(status: number): string {
  return `Error del servidor: ${status}`;
}

export function packPaymentFailedMessage(methodLabel: string): string {
  return `Error creando el pago del pack con ${methodLabel}`;
}

export function subscriptionPaymentFailedMessage(methodLabel: string): string {
  return `Error creando la suscripción con ${methodLabel}`;
}

/** SPEC.md §8: an error mentioning a pending transaction offers the cleanup button. */
export function offersCleanup(message: string | null): boolean {
  return message !== null && message.includes('transacción pendiente');
}

/** The text the server wrote, if it wrote one. The api client fills a missing message with the
 * status default, which these flows replace with their own fallbacks. */
function serverMessage(error: ApiError): string | undefined {
  if (error.status === 0 || error.code === 'INVALID_RESPONSE') return undefined;
  const text = error.message.trim();
  return text && text !== statusDefaultMessage(error.status) ? text : undefined;
}

const PACK_CONFLICTS: Record<string, string> = {
  PENDING_TRANSACTION: PACK_PAYMENT_ERRORS.pendingTransaction,
  ACTIVE_STRIPE_SESSION: PACK_PAYMENT_ERRORS.activeCheckoutSession,
};

/** A failed POST /api/packs/create-payment-*, as the buyer reads it (SPEC.md §8). */
export function packPaymentErrorMessage(
  error: unknown,
  packName: string,
  methodLabel: string,
): string {
  if (!(error instanceof ApiError)) return PURCHASE_ERROR;
  if (error.status === 0) return PACK_PAYMENT_ERRORS.network;
  // A 2xx that is not JSON: the payment was not created, as far as this page can tell.
  if (error.code === 'INVALID_RESPONSE') return packPaymentFailedMessage(methodLabel);
  switch (error.status) {
    case 409:
      if (error.code === 'PACK_ALREADY_PURCHASED') return alreadyPurchasedMessage(packName);
      return (
        (error.code ? PACK_CONFLICTS[error.code] : undefined) ??
        serverMessage(error) ??
        PACK_PAYMENT_ERRORS.conflict
      );
    case 400:
      return serverMessage(error) ?? PACK_PAYMENT_ERRORS.invalidData;
    case 404:
      return PACK_PAYMENT_ERRORS.notFound;
    case 500:
      return PACK_PAYMENT_ERRORS.internal;
    default:
      return serverMessage(error) ?? serverStatusMessage(error.status);
  }
}

/** A failed POST /api/subscriptions/create-payment-* (SPEC.md §8 "Subscription creation"). */
export function subscriptionPaymentErrorMessage(error: unknown, methodLabel: string): string {
  if (!(error instanceof ApiError)) return SUBSCRIPTION_ERROR;
  // 'Error de conexión con el servidor' (SPEC.md §7), as the api client words it.
  if (error.status === 0) return error.message;
  if (error.code === 'INVALID_RESPONSE') return subscriptionPaymentFailedMessage(methodLabel);
  return serverMessage(error) ?? serverStatusMessage(error.status);
}
