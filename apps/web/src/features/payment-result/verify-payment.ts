import { ApiError } from '../../lib/api-error';
import {
  checkPayment,
  verifyCheckoutSession,
  type TransactionAnswer,
} from '../../lib/payments/api/check-payment';
import { readTransactionId, type PurchaseKind } from '../../lib/payments/transaction-storage';

// SPEC.md §8 "Payment verification", word for word.
export const VERIFY_TEXTS = {
  noSession: 'No se encontró información de sesión de pago',
  unverifiable: 'No se pudo verificar el pago. Contacta soporte si el cargo fue realizado.',
  packAnswer: 'Error verificando el pago del pack',
  packRequest: 'Error al verificar el pago del pack',
  subscription: 'Error verificando la suscripción',
  general: 'Error general al verificar el pago',
} as const;

export function notCompletedMessage(status: string | null | undefined): string {
  return `La transacción no se completó correctamente. Estado: ${status || 'desconocido'}`;
}

export type VerificationTarget = {
  kind: PurchaseKind;
  /** The id this browser stored when it created the payment, if it kept one. */
  transactionId: string | null;
  /** The provider's checkout session, from the return address. */
  sessionId: string | null;
};

/** What to verify, from the return address and the stored ids; null when there is nothing. */
export function resolveTarget(type: string | null, sessionId: string | null): VerificationTarget | null {
  let kind: PurchaseKind | null = type === 'pack' || type === 'subscription' ? type : null;
  if (!kind) {
    // A return address without a type (an older link): the one kind this browser is paying for.
    const pack = readTransactionId('pack');
    const subscription = readTransactionId('subscription');
    if (pack && !subscription) kind = 'pack';
    else if (subscription && !pack) kind = 'subscription';
  }
  if (!kind) return null;
  const transactionId = readTransactionId(kind);
  if (!transactionId && !sessionId) return null;
  return { kind, transactionId, sessionId };
}

/** SPEC.md §7: check-payment with the stored id, verify-session when none was stored. */
export async function fetchVerification(
  target: VerificationTarget,
  signal?: AbortSignal,
): Promise<TransactionAnswer> {
  const { kind, transactionId, sessionId } = target;
  if (!transactionId) return verifyCheckoutSession(kind, sessionId ?? '', signal);
  try {
    return await checkPayment(kind, transactionId, signal);
  } catch (error) {
    // The stored id may belong to another account that used this browser; the session id in
    // the address names the payment that has just been made.
    if (sessionId && error instanceof ApiError && [400, 403, 404].includes(error.status)) {
      return verifyCheckoutSession(kind, sessionId, signal);
    }
    throw error;
  }
}

/** An answer that says no, or a call that failed, as the buyer reads it. */
export function verificationErrorMessage(kind: PurchaseKind, error: unknown): string {
  if (!(error instanceof ApiError)) return VERIFY_TEXTS.general;
  if (error.status === 0 || error.code === 'INVALID_RESPONSE') return VERIFY_TEXTS.unverifiable;
  // The api client only fills in a status default when the server sent no code and message.
  if (error.code) return error.message;
  return kind === 'pack' ? VERIFY_TEXTS.packRequest : VERIFY_TEXTS.subscription;
}

export function refusedAnswerMessage(kind: PurchaseKind, answer: TransactionAnswer): string {
  const message = answer.message?.trim();
  if (message) return message;
  return kind === 'pack' ? VERIFY_TEXTS.packAnswer : VERIFY_TEXTS.subscription;
}

export const TRANSACTION_STATUS_LABELS: Record<string, string> = {
  completed: 'Completado',
  pending: 'Pendiente',
  failed: 'Fallido',
  cancelled: 'Cancelado',
  expired: 'Expirado',
  refunded: 'Reembolsado',
};

/** '$19.99 USD'; SPEC.md §2: the currency defaults to USD. */
export function formatAmount(amount: number | null | undefined, currency: string | null | undefined): string {
  const value = typeof amount === 'number' && Number.isFinite(amount) ? amount : 0;
  return `$${value.toFixed(2)} ${currency || 'USD'}`;
}
