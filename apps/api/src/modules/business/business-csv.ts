import {
  type BusinessTable,
  COHORT_MONTHS,
  type TBusinessResponse,
} from '@magotips/contracts/business';

// The dashboard's tables as CSV for a spreadsheet in Spanish (decision 0117): semicolons between
// cells and a decimal comma, which Excel set to Spanish opens into columns and numbers with a
// double click; UTF-8 with a byte-order mark so it reads the accents; CRLF line ends.

const BYTE_ORDER_MARK = '\uFEFF';

/** A text cell: a leading = + - @ (what a spreadsheet runs as a formula) gets an apostrophe, as
 * track-record-csv.ts does; then quotes when it holds a semicolon, a quote or a line break. */
export function textCell(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[";\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** A number with a decimal comma ("12,5"); empty when there is none. */
export const numberCell = (value: number | null): string =>
  value === null ? '' : String(value).replace('.', ',');

const line = (cells: string[]) => `${cells.join(';')}\r\n`;

type Table = { header: string[]; rows: (string | number | null)[][] };

function tableOf(data: TBusinessResponse, table: BusinessTable): Table {
  switch (table) {
    case 'revenueByProduct':
      return {
        header: ['Producto', 'Clave', 'Cobros', 'Bruto (USD)', 'Reembolsos (USD)', 'Neto (USD)'],
        rows: data.revenueByProduct.map((r) => [
          r.label,
          r.product,
          r.charges,
          r.gross,
          r.refunds,
          r.net,
        ]),
      };
    case 'signupsBySource':
      return {
        header: ['Origen', 'Registros', 'Primeros pagos'],
        rows: data.signupsBySource.map((s) => [s.source, s.signups, s.firstPayments]),
      };
    case 'cohorts':
      return {
        header: [
          'Mes del primer pago',
          'Lectores',
          ...Array.from({ length: COHORT_MONTHS }, (_, k) => `Mes +${k + 1} (%)`),
        ],
        rows: data.cohorts.map((c) => [c.month, c.size, ...c.retainedPct]),
      };
    case 'monthly':
      return {
        header: [
          'Mes',
          'Apuestas resueltas',
          'Yield (%)',
          'Registros',
          'Nuevos suscriptores',
          'Bajas',
          'Ingresos netos (USD)',
        ],
        rows: data.monthly.map((m) => [
          m.month,
          m.settledBets,
          m.yield === null ? null : Math.round(m.yield * 1000) / 10,
          m.signups,
          m.newSubscribers,
          m.cancellations,
          m.netRevenue,
        ]),
      };
    case 'referralRewards':
      return {
        header: [
          'Fecha (UTC)',
          'Lector',
          'E-mail del lector',
          'Amigo invitado',
          'E-mail del amigo',
          'Meses',
        ],
        rows: data.referralRewards.map((r) => [
          r.grantedAt.slice(0, 16).replace('T', ' '),
          r.referrerName,
          r.referrerEmail,
          r.referredName,
          r.referredEmail,
          r.months,
        ]),
      };
  }
}

/** One table of the dashboard as a whole CSV file. */
export function businessCsv(data: TBusinessResponse, table: BusinessTable): string {
  const { header, rows } = tableOf(data, table);
  const cell = (v: string | number | null) => (typeof v === 'string' ? textCell(v) : numberCell(v));
  return BYTE_ORDER_MARK + line(header.map(textCell)) + rows.map((r) => line(r.map(cell))).join('');
}

/** The file's name: the table and the period, so two downloads never overwrite each other. */
export const csvFileName = (table: BusinessTable, from: string, to: string): string =>
  `negocio-${table}-${from}-${to}.csv`;
