import { CURRENCY } from '@magotips/contracts/plans';
import {
  MIXED_CURRENCY,
  parseVerificationPeriod,
  VERIFICATION_BLOCKS,
  VERIFICATION_DEFAULT_WINDOW_DAYS,
  type TBalanceData,
  type TGiftActivity,
  type TLatestVerificationResponse,
  type TPayoutsData,
  type TReconciliation,
  type TReconciliationLine,
  type TRiskPaymentsData,
  type TVerificationHistoryResponse,
  type TVerificationRecord,
  type TVerificationResponse,
  type TVerificationSummary,
  type VerificationStatus,
  type VerificationType,
  ZBalanceData,
  ZGiftActivity,
  ZPayoutsData,
  ZReconciliation,
  ZRiskPaymentsData,
  ZVerificationSummary,
  FINANCIAL_PROVIDERS,
} from '@magotips/contracts/verification';
import { z } from 'zod';
import { AppError } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import {
  type BalanceSnapshot,
  type FinancialDataSource,
  fromMinor,
  type Paged,
  type PayoutTotals,
  type Period,
  type RetainedFunds,
  roundMoney,
  type SalesActivity,
} from './financial-data-source';
import type {
  LocalGifts,
  LocalSales,
  VerificationRepository,
  VerificationRow,
} from './verification.repository';

export const VERIFICATION_ERROR_CODES = { invalidPeriod: 'INVALID_PERIOD' } as const;

type Part = 'sales' | 'balance' | 'retained' | 'payouts';

/** Every check compares the provider's charges with our payments (`sales`); each type adds the
 * parts of the provider its blocks need. */
function partsOf(type: VerificationType): Part[] {
  const blocks = VERIFICATION_BLOCKS[type];
  const parts: Part[] = ['sales'];
  if (blocks.balance) parts.push('balance');
  if (blocks.riskPayments) parts.push('retained');
  if (blocks.payouts) parts.push('payouts');
  return parts;
}

/** What each part is called in the record's issues (Spanish agreement spelled out per part). */
const PART_TEXTS: Record<Part, { unreadable: string; truncated: string }> = {
  sales: {
    unreadable: 'No se pudieron leer los cobros y reembolsos',
    truncated:
      'Hay demasiados cobros y reembolsos para leerlos todos: las cifras del balance están incompletas.',
  },
  balance: {
    unreadable: 'No se pudo leer el balance',
    truncated: 'El balance está incompleto.',
  },
  retained: {
    unreadable: 'No se pudieron leer las disputas',
    truncated: 'Hay demasiadas disputas para leerlas todas: los pagos retenidos están incompletos.',
  },
  payouts: {
    unreadable: 'No se pudieron leer las transferencias al banco',
    truncated:
      'Hay demasiadas transferencias para leerlas todas: la cifra de transferencias está incompleta.',
  },
};

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

export type VerifyingAdmin = { id: string; username: string };

type ReadResult<T> = { ok: true; value: T } | { ok: false; error: unknown } | null;

/** One currency code, or 'mixed'; the site's currency when there is nothing to add up. */
function currencyOf(currencies: Iterable<string>): string {
  const distinct = new Set([...currencies].map((c) => c.toUpperCase()));
  if (distinct.size === 0) return CURRENCY;
  if (distinct.size > 1) return MIXED_CURRENCY;
  return [...distinct][0] ?? CURRENCY;
}

/** Adds minor-unit amounts of possibly different currencies as decimal amounts. */
function total(entries: { currency: string; amount: number }[]): number {
  return roundMoney(entries.reduce((sum, e) => sum + fromMinor(e.amount, e.currency), 0));
}

function money(amount: number, currency: string): string {
  return `${fromMinor(amount, currency).toFixed(2)} ${currency}`;
}

/** Why a read failed, in words an admin can act on, without the provider's internals. */
function failureReason(error: unknown): string {
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

function balanceData(sales: SalesActivity[]): TBalanceData {
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

function riskPaymentsData(retained: RetainedFunds[]): TRiskPaymentsData {
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

function payoutsData(payouts: PayoutTotals[]): TPayoutsData {
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

function reconcile(
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

function giftActivity(gifts: LocalGifts): TGiftActivity {
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

/** What the summary jsonb column holds: SPEC.md's summary plus what the record needs to be read
 * alone later (provider, comparison, issues), so no schema change was needed. */
const ZStoredSummary = ZVerificationSummary.extend({
  provider: z.enum(FINANCIAL_PROVIDERS),
  reconciliation: ZReconciliation.nullable(),
  // Optional: records stored before gifts were told apart have none.
  gifts: ZGiftActivity.nullable().optional(),
  issues: z.array(z.string()),
});
type StoredSummary = z.infer<typeof ZStoredSummary>;

const EMPTY_SUMMARY: StoredSummary = {
  netRevenue: null,
  totalFees: null,
  retainedAmount: null,
  bankTransfers: null,
  pendingAmount: null,
  currency: CURRENCY,
  provider: 'simulated',
  reconciliation: null,
  issues: ['Este registro no se pudo leer completo.'],
};

function block<T>(schema: z.ZodType<T>, value: unknown): T | null {
  const parsed = schema.safeParse(value);
  return parsed.success ? parsed.data : null;
}

function toRecord(row: VerificationRow): TVerificationRecord {
  const stored = ZStoredSummary.safeParse(row.summary);
  const { provider, reconciliation, gifts, issues, ...summary } = stored.success
    ? stored.data
    : EMPTY_SUMMARY;
  return {
    verificationId: row.id,
    verificationType: row.verificationType as VerificationType,
    status: row.status,
    verifiedAt: row.verifiedAt.toISOString(),
    verifiedBy: { _id: row.verifiedBy, username: row.verifiedByUsername },
    provider,
    period: {
      startDate: (row.periodStart ?? row.verifiedAt).toISOString(),
      endDate: (row.periodEnd ?? row.verifiedAt).toISOString(),
    },
    summary,
    balanceData: block(ZBalanceData, row.balanceData),
    riskPaymentsData: block(ZRiskPaymentsData, row.riskPaymentsData),
    payoutsData: block(ZPayoutsData, row.payoutsData),
    reconciliation,
    gifts: gifts ?? null,
    issues,
  };
}

export type VerificationServiceDeps = {
  repo: VerificationRepository;
  source: FinancialDataSource;
  clock: Clock;
  /** Told about every failed provider read (the routes log it); the record keeps the reason. */
  onProviderError?: (part: string, error: unknown) => void;
};

export function createVerificationService(deps: VerificationServiceDeps) {
  async function read<T>(
    part: Part,
    wanted: readonly Part[],
    call: () => Promise<T>,
  ): Promise<ReadResult<T>> {
    if (!wanted.includes(part)) return null;
    try {
      return { ok: true, value: await call() };
    } catch (error) {
      deps.onProviderError?.(part, error);
      return { ok: false, error };
    }
  }

  async function run(
    type: VerificationType,
    admin: VerifyingAdmin,
    period: Period,
  ): Promise<TVerificationResponse> {
    const wanted = partsOf(type);
    const { source } = deps;
    const [sales, balance, retained, payouts, local, gifts] = await Promise.all([
      read<Paged<SalesActivity[]>>('sales', wanted, () => source.salesActivity(period)),
      read<BalanceSnapshot>('balance', wanted, () => source.balance()),
      read<Paged<RetainedFunds[]>>('retained', wanted, () => source.retainedFunds()),
      read<Paged<PayoutTotals[]>>('payouts', wanted, () => source.payouts(period)),
      deps.repo.localSales(source.provider, period),
      deps.repo.giftActivity(source.provider, period),
    ]);

    const issues: string[] = [];
    const reads: [Part, ReadResult<unknown>][] = [
      ['sales', sales],
      ['balance', balance],
      ['retained', retained],
      ['payouts', payouts],
    ];
    for (const [part, result] of reads) {
      if (result && !result.ok)
        issues.push(`${PART_TEXTS[part].unreadable}: ${failureReason(result.error)}.`);
      if (
        result?.ok &&
        typeof result.value === 'object' &&
        result.value !== null &&
        'truncated' in result.value
      ) {
        if (result.value.truncated) issues.push(PART_TEXTS[part].truncated);
      }
    }

    const includesBalance = wanted.includes('balance');
    const balanceBlock = includesBalance && sales?.ok ? balanceData(sales.value.items) : null;
    const riskBlock = retained?.ok ? riskPaymentsData(retained.value.items) : null;
    const payoutsBlock = payouts?.ok ? payoutsData(payouts.value.items) : null;
    let reconciliation: TReconciliation | null = null;
    if (sales?.ok) {
      const compared = reconcile(sales.value.items, local);
      reconciliation = compared.reconciliation;
      issues.push(...compared.issues);
    }

    const currencies: string[] = [];
    if (includesBalance && sales?.ok) currencies.push(...sales.value.items.map((s) => s.currency));
    if (balance?.ok)
      currencies.push(
        ...balance.value.pending.filter((p) => p.amount !== 0).map((p) => p.currency),
      );
    if (retained?.ok) currencies.push(...retained.value.items.map((r) => r.currency));
    if (payouts?.ok) currencies.push(...payouts.value.items.map((p) => p.currency));
    const summary: TVerificationSummary = {
      netRevenue: balanceBlock?.totalNetAmount ?? null,
      totalFees: balanceBlock?.totalFees ?? null,
      retainedAmount: riskBlock?.totalRetainedAmount ?? null,
      bankTransfers: payoutsBlock?.totalPayoutAmount ?? null,
      pendingAmount: balance?.ok ? total(balance.value.pending) : null,
      currency: currencyOf(currencies),
    };

    const attempted = reads.filter(([, r]) => r !== null);
    const failed = attempted.filter(([, r]) => r && !r.ok).length;
    const status: VerificationStatus =
      failed === attempted.length ? 'failed' : issues.length > 0 ? 'partial_success' : 'success';

    const stored: StoredSummary = {
      ...summary,
      provider: source.provider,
      reconciliation,
      gifts: giftActivity(gifts),
      issues,
    };
    const row = await deps.repo.insert({
      verificationType: type,
      status,
      verifiedAt: deps.clock(),
      verifiedBy: admin.id,
      verifiedByUsername: admin.username.slice(0, 120),
      periodStart: period.start,
      periodEnd: period.end,
      summary: stored,
      balanceData: balanceBlock,
      riskPaymentsData: riskBlock,
      payoutsData: payoutsBlock,
    });
    return { success: true, data: toRecord(row) };
  }

  /** The last VERIFICATION_DEFAULT_WINDOW_DAYS days, up to now. */
  function recentWindow(): Period {
    const end = deps.clock();
    return { start: new Date(end.getTime() - VERIFICATION_DEFAULT_WINDOW_DAYS * 86_400_000), end };
  }

  return {
    verify(
      type: Exclude<VerificationType, 'period'>,
      admin: VerifyingAdmin,
    ): Promise<TVerificationResponse> {
      return run(type, admin, recentWindow());
    },

    verifyPeriod(
      admin: VerifyingAdmin,
      startDate: string | undefined,
      endDate: string | undefined,
    ): Promise<TVerificationResponse> {
      const period = parseVerificationPeriod(startDate, endDate);
      if (!period.ok)
        throw new AppError(VERIFICATION_ERROR_CODES.invalidPeriod, 400, period.message);
      return run('period', admin, { start: period.start, end: period.end });
    },

    async latest(): Promise<TLatestVerificationResponse> {
      const row = await deps.repo.latest();
      return { success: true, data: row ? toRecord(row) : null };
    },

    async history(limit: number): Promise<TVerificationHistoryResponse> {
      const rows = await deps.repo.history(limit);
      return { success: true, data: rows.map(toRecord) };
    },
  };
}
export type VerificationService = ReturnType<typeof createVerificationService>;
