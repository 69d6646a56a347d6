import {
  type TGiftActivity,
  type TReconciliation,
  type TVerificationRecord,
  VERIFICATION_BLOCKS,
  type VerificationType,
} from '@magotips/contracts/verification';
import type { ReactNode } from 'react';
import {
  currencyLabel,
  formatDateTime,
  formatAmount,
  formatDay,
  formatMoney,
  formatPeriod,
  PROVIDER_LABELS,
  STATUS_LABELS,
  TYPE_LABELS,
} from '../verification-format';

export const TYPE_TITLES: Record<VerificationType, string> = {
  full: 'Verificación completa',
  balance: 'Verificación de balance',
  payments: 'Verificación de pagos retenidos',
  payouts: 'Verificación de transferencias',
  period: 'Verificación de periodo',
};

const NOT_INCLUDED = 'No incluido en esta verificación';
const UNAVAILABLE = 'No disponible: no se pudo leer del proveedor';

type Level = 2 | 3;

function Heading({
  level,
  id,
  className,
  children,
}: {
  level: Level | 4;
  id?: string;
  className: string;
  children: ReactNode;
}) {
  const Tag = level === 2 ? 'h2' : level === 3 ? 'h3' : 'h4';
  return (
    <Tag id={id} className={className}>
      {children}
    </Tag>
  );
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

function Missing({ text }: { text: string }) {
  return <span className="verification-facts__missing">{text}</span>;
}

export function StatusBadge({ status }: { status: TVerificationRecord['status'] }) {
  return (
    <span className={`verification-status verification-status--${status}`}>
      {STATUS_LABELS[status]}
    </span>
  );
}

function Block({
  title,
  level,
  missing,
  children,
}: {
  title: string;
  level: Level | 4;
  missing: string | null;
  children: ReactNode;
}) {
  return (
    <section className="verification-block">
      <Heading level={level} className="verification-block__title">
        {title}
      </Heading>
      {missing ? (
        <p className="verification-block__missing">{missing}</p>
      ) : (
        <dl className="verification-facts">{children}</dl>
      )}
    </section>
  );
}

function Reconciliation({
  reconciliation,
  level,
}: {
  reconciliation: TReconciliation | null;
  level: Level | 4;
}) {
  return (
    <section className="verification-block verification-block--wide">
      <Heading level={level} className="verification-block__title">
        Comparación con nuestras transacciones
      </Heading>
      {!reconciliation ? (
        <p className="verification-block__missing">{UNAVAILABLE}</p>
      ) : reconciliation.lines.length === 0 ? (
        <p className="verification-block__text">
          Ni el proveedor ni nosotros registramos cobros en el periodo.
        </p>
      ) : (
        reconciliation.lines.map((line) => (
          // Scrolls sideways on a narrow phone: focusable and named so a keyboard can scroll it.
          <div
            key={line.currency}
            className="verification-table-wrap"
            role="region"
            aria-label={`Comparación en ${currencyLabel(line.currency)}`}
            tabIndex={0}
          >
            <table className="verification-table">
              <caption>
                {currencyLabel(line.currency)}:{' '}
                <span className={line.matches ? 'verification-match' : 'verification-mismatch'}>
                  {line.matches ? '✓ Coincide' : '✗ No coincide'}
                </span>
              </caption>
              <thead>
                <tr>
                  <th scope="col">Concepto</th>
                  <th scope="col">Proveedor</th>
                  <th scope="col">MagoTips</th>
                </tr>
              </thead>
              <tbody>
                <tr>
                  <th scope="row">Cobros</th>
                  <td>{line.provider.chargeCount}</td>
                  <td>{line.local.chargeCount}</td>
                </tr>
                <tr>
                  <th scope="row">Importe cobrado</th>
                  <td>{formatAmount(line.provider.chargeAmount, line.currency)}</td>
                  <td>{formatAmount(line.local.chargeAmount, line.currency)}</td>
                </tr>
                <tr>
                  <th scope="row">Reembolsos</th>
                  <td>{line.provider.refundCount}</td>
                  <td>{line.local.refundCount}</td>
                </tr>
                <tr>
                  <th scope="row">Importe reembolsado</th>
                  <td>{formatAmount(line.provider.refundAmount, line.currency)}</td>
                  <td>{formatAmount(line.local.refundAmount, line.currency)}</td>
                </tr>
              </tbody>
            </table>
          </div>
        ))
      )}
    </section>
  );
}

const GIFTS_UNKNOWN = 'No disponible: esta verificación es anterior a los regalos';

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** Gifts apart from the rest: those sold are already among the charges compared below; those
 * redeemed moved no money and are in no total. */
function Gifts({ gifts, level }: { gifts: TGiftActivity | null; level: Level | 4 }) {
  return (
    <Block title="Regalos" level={level} missing={gifts ? null : GIFTS_UNKNOWN}>
      {gifts ? (
        <>
          <Fact label="Regalos vendidos">{gifts.soldCount}</Fact>
          <Fact label="Importe de regalos vendidos">
            {formatMoney(gifts.soldAmount, gifts.currency)}
          </Fact>
          <Fact label="Regalos canjeados">{gifts.redeemedCount}</Fact>
          <Fact label="Canjeados: comprados por clientes">{gifts.redeemedPurchasedCount}</Fact>
          <Fact label="Canjeados: códigos del administrador">
            {gifts.redeemedCount - gifts.redeemedPurchasedCount}
          </Fact>
          <Fact label="Qué se canjeó">
            {`${plural(gifts.redeemedPlanCount, 'plan', 'planes')} · ${plural(gifts.redeemedPackCount, 'pack', 'packs')}`}
          </Fact>
        </>
      ) : null}
    </Block>
  );
}

type RecordProps = {
  record: TVerificationRecord;
  /** The level of the record's own title; its parts take the next one. */
  level: Level;
  /** False inside a history entry, whose summary line already names it. */
  showTitle?: boolean;
  titleId?: string;
};

/** Every field of SPEC.md §3's financial verification record, with money and dates in Spanish. */
export function VerificationRecord({ record, level, showTitle = true, titleId }: RecordProps) {
  const blocks = VERIFICATION_BLOCKS[record.verificationType];
  const inner = (level + 1) as Level | 4;
  const { summary, balanceData, riskPaymentsData, payoutsData } = record;
  const missing = (included: boolean, present: boolean) =>
    !included ? NOT_INCLUDED : present ? null : UNAVAILABLE;
  const figure = (value: number | null, included: boolean) =>
    value !== null ? (
      formatMoney(value, summary.currency)
    ) : (
      <Missing text={included ? 'No disponible' : 'No incluido'} />
    );

  return (
    <article className="verification-record" aria-labelledby={showTitle ? titleId : undefined}>
      {showTitle ? (
        <div className="verification-record__head">
          <Heading level={level} id={titleId} className="verification-record__title">
            {TYPE_TITLES[record.verificationType]}
          </Heading>
          <StatusBadge status={record.status} />
        </div>
      ) : null}

      <dl className="verification-facts verification-facts--meta">
        <Fact label="ID de verificación">
          <code className="verification-id">{record.verificationId}</code>
        </Fact>
        <Fact label="Tipo">{TYPE_LABELS[record.verificationType]}</Fact>
        <Fact label="Estado">{STATUS_LABELS[record.status]}</Fact>
        <Fact label="Fecha">
          <time dateTime={record.verifiedAt}>{formatDateTime(record.verifiedAt)}</time>
        </Fact>
        <Fact label="Verificado por">{record.verifiedBy.username}</Fact>
        <Fact label="Proveedor">{PROVIDER_LABELS[record.provider]}</Fact>
        <Fact label="Periodo">{formatPeriod(record.period.startDate, record.period.endDate)}</Fact>
      </dl>

      {record.issues.length > 0 ? (
        <div className="verification-issues">
          <Heading level={inner} className="verification-block__title">
            Observaciones
          </Heading>
          <ul>
            {record.issues.map((issue) => (
              <li key={issue}>{issue}</li>
            ))}
          </ul>
        </div>
      ) : null}

      <div className="verification-blocks">
        <Block title="Resumen" level={inner} missing={null}>
          <Fact label="Ingresos netos">{figure(summary.netRevenue, blocks.balance)}</Fact>
          <Fact label="Comisiones">{figure(summary.totalFees, blocks.balance)}</Fact>
          <Fact label="Importe retenido">
            {figure(summary.retainedAmount, blocks.riskPayments)}
          </Fact>
          <Fact label="Transferencias al banco">
            {figure(summary.bankTransfers, blocks.payouts)}
          </Fact>
          <Fact label="Saldo pendiente">{figure(summary.pendingAmount, blocks.balance)}</Fact>
          <Fact label="Moneda">{currencyLabel(summary.currency)}</Fact>
          <Fact label="Regalos vendidos">
            {record.gifts ? (
              `${record.gifts.soldCount} · ${formatMoney(record.gifts.soldAmount, record.gifts.currency)}`
            ) : (
              <Missing text="No disponible" />
            )}
          </Fact>
          <Fact label="Regalos canjeados">
            {record.gifts ? record.gifts.redeemedCount : <Missing text="No disponible" />}
          </Fact>
        </Block>

        <Block
          title="Balance"
          level={inner}
          missing={missing(blocks.balance, balanceData !== null)}
        >
          {balanceData ? (
            <>
              <Fact label="Importe neto total">
                {formatMoney(balanceData.totalNetAmount, balanceData.currency)}
              </Fact>
              <Fact label="Comisiones totales">
                {formatMoney(balanceData.totalFees, balanceData.currency)}
              </Fact>
              <Fact label="Importe bruto total">
                {formatMoney(balanceData.totalGrossAmount, balanceData.currency)}
              </Fact>
              <Fact label="Movimientos">{balanceData.transactionCount}</Fact>
              <Fact label="Moneda">{currencyLabel(balanceData.currency)}</Fact>
            </>
          ) : null}
        </Block>

        <Block
          title="Pagos retenidos"
          level={inner}
          missing={missing(blocks.riskPayments, riskPaymentsData !== null)}
        >
          {riskPaymentsData ? (
            <>
              <Fact label="Total retenido">
                {formatMoney(riskPaymentsData.totalRetainedAmount, riskPaymentsData.currency)}
              </Fact>
              <Fact label="Pagos retenidos">{riskPaymentsData.retainedPaymentsCount}</Fact>
              <Fact label="Motivos de riesgo">
                {riskPaymentsData.riskReasons.length > 0 ? (
                  riskPaymentsData.riskReasons.join(', ')
                ) : (
                  <Missing text="Ninguno" />
                )}
              </Fact>
              <Fact label="Moneda">{currencyLabel(riskPaymentsData.currency)}</Fact>
            </>
          ) : null}
        </Block>

        <Block
          title="Transferencias"
          level={inner}
          missing={missing(blocks.payouts, payoutsData !== null)}
        >
          {payoutsData ? (
            <>
              <Fact label="Total transferido">
                {formatMoney(payoutsData.totalPayoutAmount, payoutsData.currency)}
              </Fact>
              <Fact label="Transferencias">{payoutsData.payoutsCount}</Fact>
              <Fact label="Última transferencia">
                {payoutsData.lastPayoutDate ? (
                  <time dateTime={payoutsData.lastPayoutDate}>
                    {formatDay(payoutsData.lastPayoutDate)}
                  </time>
                ) : (
                  <Missing text="Ninguna en el periodo" />
                )}
              </Fact>
              <Fact label="Moneda">{currencyLabel(payoutsData.currency)}</Fact>
            </>
          ) : null}
        </Block>

        <Gifts gifts={record.gifts} level={inner} />

        <Reconciliation reconciliation={record.reconciliation} level={inner} />
      </div>
    </article>
  );
}
