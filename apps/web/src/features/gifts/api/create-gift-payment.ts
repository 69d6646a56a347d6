import type { TGiftPaymentRequest } from '@magotips/contracts/gifts';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import type { PaymentCreateAnswer } from '../../../lib/payments/api/create-payment';

/** POST /api/gifts/create-payment-stripe: the same answer as the other checkouts. */
export function createGiftPayment(body: TGiftPaymentRequest): Promise<PaymentCreateAnswer> {
  return apiRequest<PaymentCreateAnswer>('/gifts/create-payment-stripe', { method: 'POST', body });
}

export function useCreateGiftPayment() {
  return useMutation({ mutationFn: createGiftPayment });
}
