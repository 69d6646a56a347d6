import {
  COHORT_MONTHS,
  type BusinessTable,
  type TBusinessResponse,
} from '@magotips/contracts/business';
import type { ReactNode } from 'react';
import { formatCount, formatPercent } from '../../../lib/format-track-record';
import type { BusinessPeriodParams } from '../api/get-business';
import { TableRegion } from '../components/admin-list-parts';
import { CsvLink } from './csv-link';
import { formatAmount, formatMonth, formatPct } from './business-format';

export const TABLE_TEXT = {
  revenue: 'Ingresos por producto',
  sources: 'Registros y primeros pagos por origen',
  cohorts: 'Cohortes mensuales: lectores que siguen pagando',
  monthly: 'Por mes: yield del historial, registros y bajas',
  none: 'Sin datos en este periodo.',
  total: 'Total',
} as const;

/** One table of the tab: its region (scrolling sideways on a phone, never the page), then its
 * CSV. An empty table says so (in its own words when it has them) instead of drawing headers
 * over nothing. */
export function BusinessTableBlock({
  table,
  caption,
  period,
  rows,
  none = TABLE_TEXT.none,
  children,
}: {
  table: BusinessTable;
  caption: string;
  period: BusinessPeriodParams;
  rows: number;
  none?: string;
  children: ReactNode;
}) {
  return (
    <div className="business-table">
      {rows === 0 ? (
        <p className="business-table__none">
          <strong>{caption}:</strong> {none}
        </p>
      ) : (
        <TableRegion label={caption} busy={false}>
          {children}
        </TableRegion>
      )}
      <CsvLink table={table} period={period} caption={caption} />
    </div>
  );
}

export type BusinessTableProps = { data: TBusinessResponse; period: BusinessPeriodParams };
type Props = BusinessTableProps;

export function RevenueTable({ data, period }: Props) {
  const lines = data.revenueByProduct;
  return (
    <BusinessTableBlock
      table="revenueByProduct"
      caption={TABLE_TEXT.revenue}
      period={period}
      rows={lines.length}
    >
      <table className="admin-table">
        <caption>{TABLE_TEXT.revenue}</caption>
        <thead>
          <tr>
            <th scope="col">Producto</th>
            <th scope="col">Cobros</th>
            <th scope="col">Bruto</th>
            <th scope="col">Reembolsos</th>
            <th scope="col">Neto</th>
          </tr>
        </thead>
        <tbody>
          {lines.map((line) => (
            <tr key={line.product}>
              <th scope="row">{line.label}</th>
              <td>{formatCount(line.charges)}</td>
              <td>{formatAmount(line.gross)}</td>
              <td>{formatAmount(line.refunds === 0 ? 0 : -line.refunds)}</td>
              <td>{formatAmount(line.net)}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row">{TABLE_TEXT.total}</th>
            <td>{formatCount(lines.reduce((sum, line) => sum + line.charges, 0))}</td>
            <td>{formatAmount(data.grossRevenue)}</td>
            <td>{formatAmount(data.refunds === 0 ? 0 : -data.refunds)}</td>
            <td>{formatAmount(data.netRevenue)}</td>
          </tr>
        </tfoot>
      </table>
    </BusinessTableBlock>
  );
}

export function SourcesTable({ data, period }: Props) {
  const lines = data.signupsBySource;
  return (
    <BusinessTableBlock
      table="signupsBySource"
      caption={TABLE_TEXT.sources}
      period={period}
      rows={lines.length}
    >
      <table className="admin-table">
        <caption>{TABLE_TEXT.sources}</caption>
        <thead>
          <tr>
            <th scope="col">Origen</th>
            <th scope="col">Registros</th>
            <th scope="col">Primeros pagos</th>
          </tr>
        </thead>
        <tbody>
          {lines.map((line) => (
            <tr key={line.source}>
              <th scope="row">{line.source}</th>
              <td>{formatCount(line.signups)}</td>
              <td>{formatCount(line.firstPayments)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </BusinessTableBlock>
  );
}

const AFTER = Array.from({ length: COHORT_MONTHS }, (_, k) => k + 1);

export function CohortsTable({ data, period }: Props) {
  return (
    <BusinessTableBlock
      table="cohorts"
      caption={TABLE_TEXT.cohorts}
      period={period}
      rows={data.cohorts.length}
    >
      <table className="admin-table">
        <caption>{TABLE_TEXT.cohorts}</caption>
        <thead>
          <tr>
            <th scope="col">Mes del primer pago</th>
            <th scope="col">Lectores</th>
            {AFTER.map((k) => (
              <th scope="col" key={k}>
                M+{k}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {data.cohorts.map((cohort) => (
            <tr key={cohort.month}>
              <th scope="row">{formatMonth(cohort.month)}</th>
              <td>{formatCount(cohort.size)}</td>
              {AFTER.map((k) => (
                <td key={k}>{formatPct(cohort.retainedPct[k - 1] ?? null)}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </BusinessTableBlock>
  );
}

export function MonthlyTable({ data, period }: Props) {
  return (
    <BusinessTableBlock
      table="monthly"
      caption={TABLE_TEXT.monthly}
      period={period}
      rows={data.monthly.length}
    >
      <table className="admin-table" id="business-monthly-table">
        <caption>{TABLE_TEXT.monthly}</caption>
        <thead>
          <tr>
            <th scope="col">Mes</th>
            <th scope="col">Apuestas resueltas</th>
            <th scope="col">Yield</th>
            <th scope="col">Registros</th>
            <th scope="col">Nuevos suscriptores</th>
            <th scope="col">Bajas</th>
            <th scope="col">Ingresos netos</th>
          </tr>
        </thead>
        <tbody>
          {data.monthly.map((line) => (
            <tr key={line.month}>
              <th scope="row">{formatMonth(line.month)}</th>
              <td>{formatCount(line.settledBets)}</td>
              <td>{formatPercent(line.yield)}</td>
              <td>{formatCount(line.signups)}</td>
              <td>{formatCount(line.newSubscribers)}</td>
              <td>{formatCount(line.cancellations)}</td>
              <td>{formatAmount(line.netRevenue)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </BusinessTableBlock>
  );
}
