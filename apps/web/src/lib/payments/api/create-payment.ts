import type { PaymentMethod } from '@magotips/contracts/payments';
import { apiRequest } from '../../api-client';

/** The answer of both create-payment calls. Wider than the contract's ZPaymentCreateResponse
 * (success: true): SPEC.md §8 also describes a `success: false` answer with an optional message. */
export type PaymentCreateAnswer = {
  success: boolean;
  message?: string;
  payment?: { transactionId?: string; stripeCheckoutUrl?: string; paypalApprovalUrl?: string };
};

export type PackPaymentRequest = {
  packId: string;
  /** The price shown to the buyer; the server charges the database price (DESIGN.md §4). */
  amount: number;
  currency: 'USD';
  paymentMethod: PaymentMethod;
  /** The ticked 'Acepto los Términos y solicito acceso inmediato…' (decision 0034). */
  immediateAccessConsent: true;
};

export type SubscriptionPaymentRequest = {
  /** The plan's key. */
  plan: string;
  amount: number;
  currency: 'USD';
  recurring: boolean;
  /** Billed by the year: `amount` is then the plan's yearly price (decision 0099). */
  yearly: boolean;
  immediateAccessConsent: true;
};

/** POST /api/packs/create-payment-{method} (SPEC.md §7: one call per provider). */
export function createPackPayment(
  body: PackPaymentRequest,
  method: PaymentMethod,
): Promise<PaymentCreateAnswer> {
  return apiRequest<PaymentCreateAnswer>(`/packs/create-payment-${method}`, {
    method: 'POST',
    body,
  });
}

/** POST /api/subscriptions/create-payment-{method}. */
export function createSubscriptionPayment(
  body: SubscriptionPaymentRequest,
  method: PaymentMethod,
): Promise<PaymentCreateAnswer> {
  return apiRequest<PaymentCreateAnswer>(`/subscriptions/create-payment-${method}`, {
    method: 'POST',
    body,
  });
}
