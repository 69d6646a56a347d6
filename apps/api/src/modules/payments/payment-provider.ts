import type { Charged } from './charged-amount';

/** The payment provider port (DESIGN.md §4): what the product asks of a card processor. Two
 * adapters implement it, `stripe` (the official SDK) and `simulated` (a local checkout page),
 * chosen by configuration in payments-kit.ts. Services never see the SDK's types. */

export type ProviderName = 'stripe' | 'simulated';

export type CheckoutRequest = {
  /** Our transaction id: the provider carries it back in metadata and client_reference_id. */
  transactionId: string;
  userId: string;
  /** The provider's customer of this user (one per user), when the provider has customers. */
  customerId: string | null;
  kind: 'pack' | 'subscription';
  itemName: string;
  description: string | null;
  /** Always the database price, in cents of `currency`. */
  amountCents: number;
  currency: 'USD';
  /** A subscription that renews every `recurringMonths` months; null for a one-off payment. */
  recurringMonths: number | null;
  /** Free days before the first charge of a recurring subscription (decision 0098); null for
   * none. `amountCents` is then the price of each period after it. */
  trialDays: number | null;
  successUrl: string;
  cancelUrl: string;
  expiresAt: Date;
  metadata: Record<string, string>;
  /** A discount the checkout applies by itself (a referred reader's welcome, decision 0119):
   * Stripe gets `discounts` with the promotion code's id instead of the code field; the
   * simulated page shows it applied. Null: the buyer may type a code. */
  promotion?: OfferedDiscount | null;
};

/** A promotion made for one buyer: the code they see, its percentage and the provider's id of
 * it (Stripe's promo_…; null on the simulated provider, which knows it from our rows). */
export type OfferedDiscount = {
  code: string;
  percentOff: number;
  providerPromotionId: string | null;
};

/** A promotion code for one customer, one redemption, first-time transactions only, of a
 * coupon of `percentOff` % that applies once (decision 0119). */
export type PromotionCodeRequest = {
  code: string;
  percentOff: number;
  userId: string;
  customerId: string | null;
};

export type CreatedCheckout = { sessionId: string; url: string; expiresAt: Date };

/** A checkout session as the provider sees it now. */
export type SessionState = {
  id: string;
  status: 'open' | 'complete' | 'expired';
  /** The money is ours (card paid, or an async method that succeeded). */
  paid: boolean;
  transactionId: string | null;
  paymentIntentId: string | null;
  subscriptionId: string | null;
  invoiceId: string | null;
  customerId: string | null;
  /** What the provider charged (or will charge) for it, discounts included; null if unknown. */
  charged: Charged | null;
};

/** A provider subscription as it is now. */
export type SubscriptionState = {
  id: string;
  status: string;
  /** It will charge again at the end of the period (not cancelled, not set to end). */
  renews: boolean;
  transactionId: string | null;
  customerId: string | null;
  /** When it charges next (the end of its trial or of its period); null when unknown. */
  nextChargeAt: Date | null;
};

export type CustomerInput = { userId: string; email: string; name: string };

/** An invoice as the provider sees it now (a webhook's copy may be stale or arrive late). */
export type InvoiceState = {
  id: string;
  /** Stripe's: draft, open, paid, uncollectible, void. */
  status: string;
  /** When the provider tries the charge again; null when it will not. */
  nextPaymentAttempt: Date | null;
};

/** Where the customer manages card, renewal and invoices (decision 0096). */
export type PortalRequest = {
  userId: string;
  /** The provider's customer; null for a simulated subscription bought before it had one. */
  customerId: string | null;
  returnUrl: string;
};

/** Moving a renewing subscription to another price (decision 0100). */
export type PriceChangeRequest = {
  subscriptionId: string;
  customerId: string | null;
  /** The new terms: the plan's name, each period's price and length. */
  itemName: string;
  amountCents: number;
  currency: 'USD';
  recurringMonths: number;
  /** The moment the proration is computed for: the preview's, reused when applying. */
  prorationDate: Date;
  /** The current terms as we hold them (the simulated provider prorates from them; Stripe
   * reads its own). */
  current: { amountCents: number; periodStart: Date; periodEnd: Date; recurringMonths: number };
};

export type PriceChangeQuote = {
  /** Net of the proration lines (negative: a credit). */
  prorationCents: number;
  /** The invoice the change brings (charged now when the period's length changes, else the
   * next renewal's), before any customer balance. */
  invoiceTotalCents: number;
};

export interface PaymentProvider {
  readonly name: ProviderName;
  createCustomer(input: CustomerInput): Promise<string>;
  createCheckoutSession(request: CheckoutRequest): Promise<CreatedCheckout>;
  /** Null when the provider does not know the session. */
  retrieveSession(sessionId: string): Promise<SessionState | null>;
  /** Closes an open session so it can no longer be paid; answers the state it ends in (a session
   * paid a moment before stays complete: the caller must then fulfil, not expire). */
  expireSession(sessionId: string): Promise<SessionState | null>;
  retrieveSubscription(subscriptionId: string): Promise<SubscriptionState | null>;
  /** cancel=true: no renewal at the end of the period; false: renew again. */
  setCancelAtPeriodEnd(subscriptionId: string, cancel: boolean): Promise<SubscriptionState>;
  /** Moves the next charge to `at` without charging or crediting anything for the change (a
   * gift lengthened the period, decision 0086); answers the subscription as it then is. */
  moveNextCharge(subscriptionId: string, at: Date): Promise<SubscriptionState>;
  /** Null when the provider does not know the invoice. */
  retrieveInvoice(invoiceId: string): Promise<InvoiceState | null>;
  /** Opens a billing portal session; answers its address. */
  createPortalSession(request: PortalRequest): Promise<string>;
  /** The invoice a payment (Stripe payment intent) paid, for refunds of subscription periods. */
  invoiceIdForPayment(paymentIntentId: string): Promise<string | null>;
  /** What moving the subscription to the new price would bring, with create_prorations. */
  previewPriceChange(request: PriceChangeRequest): Promise<PriceChangeQuote>;
  /** Moves it, with the preview's proration date; `changeId` makes a retry the same change,
   * and `metadata` replaces the subscription's (its transaction becomes the change's). */
  applyPriceChange(
    request: PriceChangeRequest & { changeId: string; metadata: Record<string, string> },
  ): Promise<SubscriptionState>;
  /** Makes the promotion code; answers the provider's id of it (null when the provider keeps
   * none: the simulated one applies the code from our rows). */
  createPromotionCode(request: PromotionCodeRequest): Promise<{ id: string | null }>;
  /** The card fingerprints of a customer's charges (the same card on two accounts is one
   * person, decision 0119); empty when the provider has no cards. */
  cardFingerprints(customerId: string): Promise<string[]>;
}

/** The provider could not be reached or refused the call: the service answers a Spanish 502. */
export class PaymentProviderError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'PaymentProviderError';
  }
}
