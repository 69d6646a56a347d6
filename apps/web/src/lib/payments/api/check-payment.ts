import type { TTransaction } from '@magotips/contracts/payments';
import { apiRequest } from '../../api-client';
import type { PurchaseKind } from '../transaction-storage';

/** check-payment and verify-session answers. `success` is widened to boolean: SPEC.md §7 lists
 * a `message` beside it, which an answer saying "no" would carry. */
export type TransactionAnswer = {
  success: boolean;
  message?: string;
  transaction?: Partial<TTransaction> & { status?: string };
};

const BASE: Record<PurchaseKind, string> = { pack: '/packs', subscription: '/subscriptions' };

/** GET /api/{packs|subscriptions}/check-payment/{transactionId}: the payment as the server knows
 * it now (the server asks the provider when it is still pending). */
export function checkPayment(
  kind: PurchaseKind,
  transactionId: string,
  signal?: AbortSignal,
): Promise<TransactionAnswer> {
  return apiRequest<TransactionAnswer>(
    `${BASE[kind]}/check-payment/${encodeURIComponent(transactionId)}`,
    { signal },
  );
}

/** GET /api/{packs|subscriptions}/verify-session/{sessionId}: the same, found by the provider's
 * checkout session (the fallback when the browser kept no transaction id). */
export function verifyCheckoutSession(
  kind: PurchaseKind,
  sessionId: string,
  signal?: AbortSignal,
): Promise<TransactionAnswer> {
  return apiRequest<TransactionAnswer>(
    `${BASE[kind]}/verify-session/${encodeURIComponent(sessionId)}`,
    { signal },
  );
}
