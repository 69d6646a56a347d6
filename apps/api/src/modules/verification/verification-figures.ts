import { CURRENCY } from '@magotips/contracts/plans';
import {
  MIXED_CURRENCY,
  type TBalanceData,
  type TGiftActivity,
  type TPayoutsData,
  type TReconciliation,
  type TReconciliationLine,
  type TRiskPaymentsData,
} from '@magotips/contracts/verification';
import {
  fromMinor,
  type PayoutTotals,
  type RetainedFunds,
  roundMoney,
  type SalesActivity,
} from './financial-data-source';
import type { LocalGifts, LocalSales } from './verification.repository';

// The figures of a check, from what the provider and our own payments say: pure functions, apart
// from the service that reads and records them.

/** Stripe's dispute reasons in the admin's words; unknown codes are shown as they come. */
const DISPUTE_REASONS: Record<string, string> = {
  bank_cannot_process: 'El banco no pudo procesar el cargo',
  check_returned: 'Cheque devuelto',
  credit_not_processed: 'Reembolso no procesado',
  customer_initiated: 'Iniciada por el cliente',
  debit_not_authorized: 'Débito no autorizado',
  duplicate: 'Cargo duplicado',
  fraudulent: 'Fraude',
  general: 'Motivo general',
  incorrect_account_details: 'Datos de cuenta incorrectos',
  insufficient_funds: 'Fondos insuficientes',
  noncompliant: 'Incumplimiento de normas de la red',
  product_not_received: 'Producto no recibido',
  product_unacceptable: 'Producto no aceptable',
  subscription_canceled: 'Suscripción cancelada',
  unrecognized: 'Cargo no reconocido',
};

/** One currency code, or 'mixed'; the site's currency when there is nothing to add up. */
export function currencyOf(currencies: Iterable<string>): string {
  const distinct = new Set([...currencies].map((c) => c.toUpperCase()));
  if (distinct.size === 0) return CURRENCY;
  if (distinct.size > 1) return MIXED_CURRENCY;
  return [...distinct][0] ?? CURRENCY;
}

/** Adds minor-unit amounts of possibly different currencies as decimal amounts. */
export function total(entries: { currency: string; amount: number }[]): number {
  return roundMoney(entries.reduce((sum, e) => sum + fromMinor(e.amount, e.currency), 0));
}

function money(amount: number, currency: string): string {
  return `${fromMinor(amount, currency).toFixed(2)} ${currency}`;
}

/** Why a read failed, in words an admin can act on, without the provider's internals. */
export function failureReason(error: unknown): string {
  const type =
    typeof error === 'object' && error !== null ? (error as { type?: unknown }).type : undefined;
  switch (type) {
    case 'StripeAuthenticationError':
      return 'el proveedor rechazó la clave configurada (STRIPE_SECRET_KEY)';
    case 'StripePermissionError':
      return 'la clave configurada no tiene permiso para leer estos datos';
    case 'StripeRateLimitError':
      return 'el proveedor limitó las peticiones; inténtalo de nuevo en unos minutos';
    case 'StripeConnectionError':
      return 'no se pudo conectar con el proveedor';
    default:
      return 'el proveedor no respondió correctamente';
  }
}

export function balanceData(sales: SalesActivity[]): TBalanceData {
  const gross = total(
    sales.map((s) => ({ currency: s.currency, amount: s.chargeAmount - s.refundAmount })),
  );
  const fees = total(
    sales.map((s) => ({ currency: s.currency, amount: s.chargeFees + s.refundFees })),
  );
  return {
    totalGrossAmount: gross,
    totalFees: fees,
    totalNetAmount: roundMoney(gross - fees),
    transactionCount: sales.reduce((n, s) => n + s.chargeCount + s.refundCount, 0),
    currency: currencyOf(sales.map((s) => s.currency)),
  };
}

export function riskPaymentsData(retained: RetainedFunds[]): TRiskPaymentsData {
  const reasons = new Set<string>();
  for (const r of retained)
    for (const code of r.reasons) reasons.add(DISPUTE_REASONS[code] ?? code);
  return {
    totalRetainedAmount: total(retained),
    retainedPaymentsCount: retained.reduce((n, r) => n + r.count, 0),
    riskReasons: [...reasons],
    currency: currencyOf(retained.map((r) => r.currency)),
  };
}

export function payoutsData(payouts: PayoutTotals[]): TPayoutsData {
  const last = payouts.reduce<Date | null>(
    (latest, p) => (p.lastArrival && (!latest || p.lastArrival > latest) ? p.lastArrival : latest),
    null,
  );
  return {
    totalPayoutAmount: total(payouts),
    payoutsCount: payouts.reduce((n, p) => n + p.count, 0),
    lastPayoutDate: last ? last.toISOString() : null,
    currency: currencyOf(payouts.map((p) => p.currency)),
  };
}

export function reconcile(
  sales: SalesActivity[],
  local: LocalSales[],
): { reconciliation: TReconciliation; issues: string[] } {
  const currencies = [...new Set([...sales, ...local].map((s) => s.currency.toUpperCase()))].sort();
  const issues: string[] = [];
  const lines: TReconciliationLine[] = currencies.map((currency) => {
    const p = sales.find((s) => s.currency.toUpperCase() === currency);
    const l = local.find((s) => s.currency.toUpperCase() === currency);
    const provider = {
      chargeCount: p?.chargeCount ?? 0,
      chargeAmount: p?.chargeAmount ?? 0,
      refundCount: p?.refundCount ?? 0,
      refundAmount: p?.refundAmount ?? 0,
    };
    const ours = {
      chargeCount: l?.chargeCount ?? 0,
      chargeAmount: l?.chargeAmount ?? 0,
      refundCount: l?.refundCount ?? 0,
      refundAmount: l?.refundAmount ?? 0,
    };
    const chargesMatch =
      provider.chargeCount === ours.chargeCount && provider.chargeAmount === ours.chargeAmount;
    const refundsMatch =
      provider.refundCount === ours.refundCount && provider.refundAmount === ours.refundAmount;
    if (!chargesMatch) {
      issues.push(
        `${currency}: el proveedor registra ${provider.chargeCount} cobros por ${money(provider.chargeAmount, currency)} y nuestras transacciones completadas son ${ours.chargeCount} por ${money(ours.chargeAmount, currency)}.`,
      );
    }
    if (!refundsMatch) {
      issues.push(
        `${currency}: el proveedor registra ${provider.refundCount} reembolsos por ${money(provider.refundAmount, currency)} y nosotros ${ours.refundCount} por ${money(ours.refundAmount, currency)}.`,
      );
    }
    const decimal = (f: typeof provider) => ({
      chargeCount: f.chargeCount,
      chargeAmount: fromMinor(f.chargeAmount, currency),
      refundCount: f.refundCount,
      refundAmount: fromMinor(f.refundAmount, currency),
    });
    return {
      currency,
      provider: decimal(provider),
      local: decimal(ours),
      matches: chargesMatch && refundsMatch,
    };
  });
  return { reconciliation: { matches: lines.every((l) => l.matches), lines }, issues };
}

export function giftActivity(gifts: LocalGifts): TGiftActivity {
  const redeemed = (kind: 'pack' | 'subscription') =>
    gifts.redeemed.filter((r) => r.kind === kind).reduce((n, r) => n + r.count, 0);
  return {
    soldCount: gifts.sold.reduce((n, s) => n + s.count, 0),
    soldAmount: total(gifts.sold),
    currency: currencyOf(gifts.sold.map((s) => s.currency)),
    redeemedCount: gifts.redeemed.reduce((n, r) => n + r.count, 0),
    redeemedPurchasedCount: gifts.redeemed.reduce((n, r) => n + r.purchased, 0),
    redeemedPlanCount: redeemed('subscription'),
    redeemedPackCount: redeemed('pack'),
  };
}
