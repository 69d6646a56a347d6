import { z } from 'zod';
import { MSG } from './messages';

/** Financial verification (SPEC.md §2 /panel/stripe-verification, §3, §7; docs/decisions). */

export const VERIFICATION_TYPES = ['full', 'balance', 'payments', 'payouts', 'period'] as const;
export type VerificationType = (typeof VERIFICATION_TYPES)[number];

export const VERIFICATION_STATUSES = ['success', 'partial_success', 'failed'] as const;
export type VerificationStatus = (typeof VERIFICATION_STATUSES)[number];

/** Where the figures came from: Stripe itself, or the figures derived from our own payments
 * when no Stripe key is configured (DESIGN.md §4). */
export const FINANCIAL_PROVIDERS = ['stripe', 'simulated'] as const;
export type FinancialProvider = (typeof FINANCIAL_PROVIDERS)[number];

/** The blocks each type of check reads. Every check also compares the provider's charges of
 * its period with our own payments (the reconciliation). A block of a type that reads it is
 * null only when the provider could not be read. */
export const VERIFICATION_BLOCKS: Record<
  VerificationType,
  { balance: boolean; riskPayments: boolean; payouts: boolean }
> = {
  full: { balance: true, riskPayments: true, payouts: true },
  period: { balance: true, riskPayments: true, payouts: true },
  balance: { balance: true, riskPayments: false, payouts: false },
  payments: { balance: false, riskPayments: true, payouts: false },
  payouts: { balance: false, riskPayments: false, payouts: true },
};

/** A block whose figures add up amounts of more than one currency. */
export const MIXED_CURRENCY = 'mixed';

export const VERIFICATION_HISTORY_DEFAULT_LIMIT = 20;
export const VERIFICATION_HISTORY_MAX_LIMIT = 100;
/** Checks that take no dates cover this many days up to the moment they run. */
export const VERIFICATION_DEFAULT_WINDOW_DAYS = 30;
/** A period check reads every balance movement of the period: bounded, so one click cannot
 * page through years of provider history. */
export const VERIFICATION_PERIOD_MAX_DAYS = 366;

export const VERIFICATION_MSG = {
  // SPEC.md §5 and §8
  periodDates: MSG.periodDates,
  latestError: 'Error obteniendo última verificación',
  historyError: 'Error obteniendo historial',
  fullError: 'Error en verificación completa',
  balanceError: 'Error en verificación de balance',
  paymentsError: 'Error en verificación de pagos retenidos',
  payoutsError: 'Error en verificación de transferencias',
  periodError: 'Error en verificación de periodo',
  httpFallback: (status: number) => `HTTP error! status: ${status}`,
  // Ours (SPEC.md is silent)
  invalidDate: 'Fecha no válida: usa el formato AAAA-MM-DD.',
  startAfterEnd: 'La fecha de inicio no puede ser posterior a la fecha de fin.',
  periodTooLong: `El periodo no puede superar ${VERIFICATION_PERIOD_MAX_DAYS} días.`,
  historyLimit: `El límite debe ser un número entero entre 1 y ${VERIFICATION_HISTORY_MAX_LIMIT}.`,
} as const;

const DAY_MS = 86_400_000;
const DAY_RE = /^\d{4}-\d{2}-\d{2}$/;

/** 'AAAA-MM-DD' (a calendar day, read in UTC) or a full ISO instant; null when it is neither. */
function parseInstant(value: string, edge: 'start' | 'end'): Date | null {
  if (DAY_RE.test(value)) {
    const day = new Date(`${value}T00:00:00.000Z`);
    // '2026-02-30' parses to March: only a day that reads back the same is a real one.
    if (Number.isNaN(day.getTime()) || day.toISOString().slice(0, 10) !== value) return null;
    return edge === 'start' ? day : new Date(day.getTime() + DAY_MS - 1);
  }
  if (!z.iso.datetime({ offset: true }).safeParse(value).success) return null;
  const instant = new Date(value);
  return Number.isNaN(instant.getTime()) ? null : instant;
}

export type PeriodParse = { ok: true; start: Date; end: Date } | { ok: false; message: string };

/**
 * The period of a period verification. Days are whole UTC days: the end day is included up to
 * its last millisecond. Used by the server and by the form, so both refuse the same input with
 * the same words.
 */
export function parseVerificationPeriod(
  startDate: string | null | undefined,
  endDate: string | null | undefined,
): PeriodParse {
  const startText = startDate?.trim() ?? '';
  const endText = endDate?.trim() ?? '';
  if (startText === '' || endText === '')
    return { ok: false, message: VERIFICATION_MSG.periodDates };
  const start = parseInstant(startText, 'start');
  const end = parseInstant(endText, 'end');
  if (!start || !end) return { ok: false, message: VERIFICATION_MSG.invalidDate };
  if (start.getTime() > end.getTime())
    return { ok: false, message: VERIFICATION_MSG.startAfterEnd };
  if (end.getTime() - start.getTime() > VERIFICATION_PERIOD_MAX_DAYS * DAY_MS) {
    return { ok: false, message: VERIFICATION_MSG.periodTooLong };
  }
  return { ok: true, start, end };
}

/** GET /api/stripe-verification/period. Only shape here; the rules are parseVerificationPeriod's,
 * applied by the service so that a missing date reads 'Selecciona fechas de inicio y fin'. */
export const ZVerificationPeriodQuery = z.object({
  startDate: z.string().max(40, VERIFICATION_MSG.invalidDate).optional(),
  endDate: z.string().max(40, VERIFICATION_MSG.invalidDate).optional(),
});
export type TVerificationPeriodQuery = z.infer<typeof ZVerificationPeriodQuery>;

/** GET /api/stripe-verification/history. */
export const ZVerificationHistoryQuery = z.object({
  limit: z.coerce
    .number(VERIFICATION_MSG.historyLimit)
    .int(VERIFICATION_MSG.historyLimit)
    .min(1, VERIFICATION_MSG.historyLimit)
    .max(VERIFICATION_HISTORY_MAX_LIMIT, VERIFICATION_MSG.historyLimit)
    .default(VERIFICATION_HISTORY_DEFAULT_LIMIT),
});

/** Amounts are decimal units of their currency (19.99), as every price the API sends. A figure
 * is null when the check did not read that part of the provider (or could not). */
export const ZVerificationSummary = z.object({
  netRevenue: z.number().nullable(),
  totalFees: z.number().nullable(),
  retainedAmount: z.number().nullable(),
  bankTransfers: z.number().nullable(),
  pendingAmount: z.number().nullable(),
  /** ISO code ('USD'), or 'mixed' when the figures add up several currencies. */
  currency: z.string(),
});
export type TVerificationSummary = z.infer<typeof ZVerificationSummary>;

/** Charges and refunds of the period, as the provider's balance records them. */
export const ZBalanceData = z.object({
  totalNetAmount: z.number(),
  totalFees: z.number(),
  totalGrossAmount: z.number(),
  transactionCount: z.number().int(),
  currency: z.string(),
});
export type TBalanceData = z.infer<typeof ZBalanceData>;

/** Money the provider holds back: open disputes. */
export const ZRiskPaymentsData = z.object({
  totalRetainedAmount: z.number(),
  retainedPaymentsCount: z.number().int(),
  riskReasons: z.array(z.string()),
  currency: z.string(),
});
export type TRiskPaymentsData = z.infer<typeof ZRiskPaymentsData>;

/** Transfers to the bank that arrive within the period. */
export const ZPayoutsData = z.object({
  totalPayoutAmount: z.number(),
  payoutsCount: z.number().int(),
  lastPayoutDate: z.iso.datetime().nullable(),
  currency: z.string(),
});
export type TPayoutsData = z.infer<typeof ZPayoutsData>;

const ZSalesFigures = z.object({
  /** Charges taken in the period (on our side: payments completed in it, refunded later or not). */
  chargeCount: z.number().int(),
  chargeAmount: z.number(),
  /** Money given back in the period. */
  refundCount: z.number().int(),
  refundAmount: z.number(),
});

/** One currency of the comparison between the provider's charges and our own payments. */
export const ZReconciliationLine = z.object({
  currency: z.string(),
  provider: ZSalesFigures,
  local: ZSalesFigures,
  matches: z.boolean(),
});
export type TReconciliationLine = z.infer<typeof ZReconciliationLine>;

export const ZReconciliation = z.object({
  matches: z.boolean(),
  lines: z.array(ZReconciliationLine),
});
export type TReconciliation = z.infer<typeof ZReconciliation>;

/** Gifts in the period, told apart from the rest (issue 16, item 6). A gift sold is a payment
 * like any other, so it is already in the comparison's charges; a gift redeemed moved no money
 * (a zero-amount transaction of provider 'gift'), so it is in no total. */
export const ZGiftActivity = z.object({
  /** Gift checkouts of this provider paid in the period (refunded later or not). */
  soldCount: z.number().int(),
  soldAmount: z.number(),
  /** ISO code, or 'mixed'. */
  currency: z.string(),
  /** Codes redeemed in the period, whatever made them… */
  redeemedCount: z.number().int(),
  /** …of which bought by a customer (the rest an admin gave away). */
  redeemedPurchasedCount: z.number().int(),
  redeemedPlanCount: z.number().int(),
  redeemedPackCount: z.number().int(),
});
export type TGiftActivity = z.infer<typeof ZGiftActivity>;

/** SPEC.md §3's financial verification record, plus what a reader needs to trust it: the
 * provider, the period covered, the comparison with our payments and what went wrong. */
export const ZVerificationRecord = z.object({
  verificationId: z.uuid(),
  verificationType: z.enum(VERIFICATION_TYPES),
  status: z.enum(VERIFICATION_STATUSES),
  verifiedAt: z.iso.datetime(),
  verifiedBy: z.object({ _id: z.uuid().nullable(), username: z.string() }),
  provider: z.enum(FINANCIAL_PROVIDERS),
  period: z.object({ startDate: z.iso.datetime(), endDate: z.iso.datetime() }),
  summary: ZVerificationSummary,
  balanceData: ZBalanceData.nullable(),
  riskPaymentsData: ZRiskPaymentsData.nullable(),
  payoutsData: ZPayoutsData.nullable(),
  reconciliation: ZReconciliation.nullable(),
  /** Null on records made before gifts were told apart. */
  gifts: ZGiftActivity.nullable(),
  /** Spanish sentences: parts that could not be read, figures that differ. Empty on success. */
  issues: z.array(z.string()),
});
export type TVerificationRecord = z.infer<typeof ZVerificationRecord>;

export const ZVerificationResponse = z.object({
  success: z.literal(true),
  data: ZVerificationRecord,
});
export type TVerificationResponse = z.infer<typeof ZVerificationResponse>;

/** GET …/latest: null before the first verification. */
export const ZLatestVerificationResponse = z.object({
  success: z.literal(true),
  data: ZVerificationRecord.nullable(),
});
export type TLatestVerificationResponse = z.infer<typeof ZLatestVerificationResponse>;

export const ZVerificationHistoryResponse = z.object({
  success: z.literal(true),
  data: z.array(ZVerificationRecord),
});
export type TVerificationHistoryResponse = z.infer<typeof ZVerificationHistoryResponse>;
