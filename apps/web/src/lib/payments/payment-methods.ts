import type { PaymentMethod } from '@magotips/contracts/payments';

export type PaymentMethodOption = {
  id: PaymentMethod;
  label: string;
  description: string;
  /** SPEC.md §9: only the card provider takes payments; the other two are 'Próximamente'. */
  available: boolean;
};

// Restated rather than built from the contract's PAYMENT_METHODS: that module carries Zod, which
// these pages do not otherwise need. The type keeps the ids in step with the contract.
export const PAYMENT_METHOD_OPTIONS: readonly PaymentMethodOption[] = [
  { id: 'stripe', label: 'Stripe', description: 'Tarjeta de crédito o débito', available: true },
  { id: 'paypal', label: 'PayPal', description: 'Cuenta PayPal', available: false },
  { id: 'mercadopago', label: 'Mercado Pago', description: 'Cuenta de Mercado Pago', available: false },
];

export const DEFAULT_PAYMENT_METHOD: PaymentMethod = 'stripe';

export const COMING_SOON_LABEL = 'Próximamente';

export function paymentMethodLabel(id: PaymentMethod): string {
  return PAYMENT_METHOD_OPTIONS.find((option) => option.id === id)?.label ?? id;
}

/** SPEC.md §5: 'PayPal estará disponible próximamente. Por favor, usa Stripe por ahora.', and
 * the same wording for the other disabled provider. */
export function comingSoonMessage(label: string): string {
  return `${label} estará disponible próximamente. Por favor, usa Stripe por ahora.`;
}

export function isPaymentMethod(value: unknown): value is PaymentMethod {
  return PAYMENT_METHOD_OPTIONS.some((option) => option.id === value);
}
