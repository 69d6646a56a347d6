import {
  parseVerificationPeriod,
  VERIFICATION_BLOCKS,
  VERIFICATION_DEFAULT_WINDOW_DAYS,
  type TLatestVerificationResponse,
  type TReconciliation,
  type TVerificationHistoryResponse,
  type TVerificationResponse,
  type TVerificationSummary,
  type VerificationStatus,
  type VerificationType,
} from '@magotips/contracts/verification';
import { AppError } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import type {
  BalanceSnapshot,
  FinancialDataSource,
  Paged,
  PayoutTotals,
  Period,
  RetainedFunds,
  SalesActivity,
} from './financial-data-source';
import {
  balanceData,
  currencyOf,
  failureReason,
  giftActivity,
  payoutsData,
  reconcile,
  riskPaymentsData,
  total,
} from './verification-figures';
import { type StoredSummary, toRecord } from './verification-record';
import type { VerificationRepository } from './verification.repository';

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

export type VerifyingAdmin = { id: string; username: string };

type ReadResult<T> = { ok: true; value: T } | { ok: false; error: unknown } | null;

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
