import type { FinancialProvider } from '@magotips/contracts/verification';

/** A closed interval of instants. */
export type Period = { start: Date; end: Date };

/** Amounts in the currency's smallest unit (cents), as providers and our database keep them.
 * Currencies are upper-case ISO codes ('USD'). */
export type CurrencyAmount = { currency: string; amount: number };

/** What the provider's balance holds right now. */
export type BalanceSnapshot = { available: CurrencyAmount[]; pending: CurrencyAmount[] };

/** Charges and refunds of a period, one entry per currency. Refund amounts are positive. */
export type SalesActivity = {
  currency: string;
  chargeCount: number;
  chargeAmount: number;
  chargeFees: number;
  refundCount: number;
  refundAmount: number;
  refundFees: number;
};

/** Money held back (open disputes), one entry per currency; reasons are the provider's codes. */
export type RetainedFunds = { currency: string; count: number; amount: number; reasons: string[] };

/** Transfers to the bank arriving within a period, one entry per currency. */
export type PayoutTotals = {
  currency: string;
  count: number;
  amount: number;
  lastArrival: Date | null;
};

/** A read that returned only part of the truth (too many items to page through). */
export type Paged<T> = { items: T; truncated: boolean };

/**
 * Where a verification reads the provider's figures. Two implementations: `stripe` (the official
 * SDK) and `simulated` (derived from our own transactions table when no Stripe key is set).
 * Every method may throw when the provider cannot be reached; the service records that.
 */
export interface FinancialDataSource {
  readonly provider: FinancialProvider;
  balance(): Promise<BalanceSnapshot>;
  salesActivity(period: Period): Promise<Paged<SalesActivity[]>>;
  retainedFunds(): Promise<Paged<RetainedFunds[]>>;
  payouts(period: Period): Promise<Paged<PayoutTotals[]>>;
}

// ISO 4217 currencies Stripe charges without decimals (amount 500 = ¥500, not ¥5.00).
const ZERO_DECIMAL = new Set([
  'BIF',
  'CLP',
  'DJF',
  'GNF',
  'JPY',
  'KMF',
  'KRW',
  'MGA',
  'PYG',
  'RWF',
  'UGX',
  'VND',
  'VUV',
  'XAF',
  'XOF',
  'XPF',
]);

/** Smallest units to the decimal amount the API sends (1999 USD → 19.99). */
export function fromMinor(amount: number, currency: string): number {
  return ZERO_DECIMAL.has(currency.toUpperCase()) ? amount : amount / 100;
}

/** Rounds a sum of decimal amounts to cents, so 0.1 + 0.2 reads 0.3. */
export function roundMoney(value: number): number {
  return Math.round(value * 100) / 100;
}
