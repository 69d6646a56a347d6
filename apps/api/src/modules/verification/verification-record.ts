import {
  FINANCIAL_PROVIDERS,
  type TVerificationRecord,
  type VerificationType,
  ZBalanceData,
  ZGiftActivity,
  ZPayoutsData,
  ZReconciliation,
  ZRiskPaymentsData,
  ZVerificationSummary,
} from '@magotips/contracts/verification';
import { CURRENCY } from '@magotips/contracts/plans';
import { z } from 'zod';
import type { VerificationRow } from './verification.repository';

/** What the summary jsonb column holds: SPEC.md's summary plus what the record needs to be read
 * alone later (provider, comparison, issues), so no schema change was needed. */
const ZStoredSummary = ZVerificationSummary.extend({
  provider: z.enum(FINANCIAL_PROVIDERS),
  reconciliation: ZReconciliation.nullable(),
  // Optional: records stored before gifts were told apart have none.
  gifts: ZGiftActivity.nullable().optional(),
  issues: z.array(z.string()),
});
export type StoredSummary = z.infer<typeof ZStoredSummary>;

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

export function toRecord(row: VerificationRow): TVerificationRecord {
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
