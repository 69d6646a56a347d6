import {
  MIXED_CURRENCY,
  type FinancialProvider,
  type VerificationStatus,
  type VerificationType,
} from '@magotips/contracts/verification';

export const TYPE_LABELS: Record<VerificationType, string> = {
  full: 'Completa',
  balance: 'Balance',
  payments: 'Pagos retenidos',
  payouts: 'Transferencias',
  period: 'Periodo',
};

export const STATUS_LABELS: Record<VerificationStatus, string> = {
  success: 'Éxito',
  partial_success: 'Éxito parcial',
  failed: 'Fallida',
};

export const PROVIDER_LABELS: Record<FinancialProvider, string> = {
  stripe: 'Stripe',
  simulated: 'Simulado (sin clave de Stripe)',
};

// Grouped thousands and a decimal point, as every price on the site reads ('$19.99 USD').
const amountFormat = new Intl.NumberFormat('en-US', {
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

/** '$1,234.50 USD', '20.00 EUR', or the bare sum marked when it adds several currencies. */
export function formatMoney(amount: number, currency: string): string {
  const sign = amount < 0 ? '-' : '';
  const digits = amountFormat.format(Math.abs(amount));
  if (currency === MIXED_CURRENCY) return `${sign}${digits} (varias monedas)`;
  if (currency === 'USD') return `${sign}$${digits} USD`;
  return `${sign}${digits} ${currency}`;
}

/** The amount alone, for tables whose caption names the currency: '$1,234.50', '20.00'. */
export function formatAmount(amount: number, currency: string): string {
  const sign = amount < 0 ? '-' : '';
  return `${sign}${currency === 'USD' ? '$' : ''}${amountFormat.format(Math.abs(amount))}`;
}

export function currencyLabel(currency: string): string {
  return currency === MIXED_CURRENCY ? 'Varias monedas' : currency;
}

const dateTimeFormat = new Intl.DateTimeFormat('es', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
});

// Periods and payout days are whole UTC days on the server: shown in UTC, so a period that ends
// on 10 June does not read '11 de junio, 01:59' in Madrid.
const utcDateTimeFormat = new Intl.DateTimeFormat('es', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  timeZone: 'UTC',
});

const utcDayFormat = new Intl.DateTimeFormat('es', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'UTC',
});

function parse(iso: string): Date | null {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** When a check ran, in the reader's time zone: '15 de junio de 2026, 14:00'. */
export function formatDateTime(iso: string): string {
  const date = parse(iso);
  return date ? dateTimeFormat.format(date) : iso;
}

/** '1 jun 2026, 00:00 – 10 jun 2026, 23:59 (UTC)'. */
export function formatPeriod(startIso: string, endIso: string): string {
  const start = parse(startIso);
  const end = parse(endIso);
  if (!start || !end) return `${startIso} – ${endIso}`;
  return `${utcDateTimeFormat.format(start)} – ${utcDateTimeFormat.format(end)} (UTC)`;
}

/** A payout's arrival day: '13 de junio de 2026'. */
export function formatDay(iso: string): string {
  const date = parse(iso);
  return date ? utcDayFormat.format(date) : iso;
}
