import type { TBusinessResponse } from '@magotips/contracts/business';
import { useId } from 'react';
import { useSearchParams } from 'react-router';
import { EmptyState, ErrorPanel, LoadingState } from '../../../components/ui/list-states';
import { ApiError } from '../../../lib/api-error';
import { type BusinessPeriodParams, useBusiness } from '../api/get-business';
import { BusinessKpis } from './business-kpis';
import { SignupsChart, YieldChart } from './business-charts';
import { BusinessPeriod } from './business-period';
import { CohortsTable, MonthlyTable, RevenueTable, SourcesTable } from './business-tables';
import { REFERRAL_TABLE_TEXT, ReferralRewardsTable } from './business-referrals';
import './business.css';

export const BUSINESS_TAB_TEXT = {
  title: 'Negocio',
  loading: 'Cargando cifras de negocio...',
  loadError: 'Error al cargar las cifras de negocio',
  badPeriod: 'Periodo no válido',
  empty: 'No hay suscripciones, cobros ni registros en este periodo.',
  period: (from: string, to: string) => `Del ${from} al ${to}`,
  previous: (from: string, to: string) =>
    `comparado con el periodo anterior, del ${from} al ${to}.`,
  revenue: 'Ingresos',
  sources: 'Orígenes',
  cohorts: 'Cohortes',
  cohortsHint:
    'De quienes pagaron por primera vez en cada mes, el porcentaje que sigue pagando uno a seis meses después; «—» para los meses que aún no han llegado.',
  monthly: 'Por mes',
} as const;

const dayFormat = new Intl.DateTimeFormat('es', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  timeZone: 'UTC',
});
const dayText = (day: string) => {
  const date = new Date(`${day}T00:00:00.000Z`);
  return Number.isNaN(date.getTime()) ? day : dayFormat.format(date);
};

const isEmpty = (data: TBusinessResponse) =>
  data.activeSubscribers === 0 &&
  data.activeAtStart === 0 &&
  data.revenueByProduct.length === 0 &&
  data.signupsBySource.length === 0 &&
  data.cohorts.length === 0 &&
  data.referralRewards.length === 0;

/** /panel/admin?tab=negocio (issue 33 item 2, decision 0117): the owner's figures for a period,
 * beside the previous one's. The period lives in the address (?from&to), so a reload or a shared
 * link opens the same figures. */
export function BusinessTab() {
  const headingId = useId();
  const [params, setParams] = useSearchParams();
  const asked: BusinessPeriodParams = {
    from: params.get('from') ?? '',
    to: params.get('to') ?? '',
  };
  const query = useBusiness(asked);
  const data = query.data;
  // What the inputs show: the address's period, else the one the API chose by default.
  const shown = asked.from || asked.to ? asked : { from: data?.from ?? '', to: data?.to ?? '' };

  const apply = (period: BusinessPeriodParams) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.set('from', period.from);
        next.set('to', period.to);
        return next;
      },
      { replace: true, preventScrollReset: true },
    );

  const badPeriod =
    query.error instanceof ApiError && query.error.status === 400 ? query.error.message : null;

  return (
    <section className="admin-card business" aria-labelledby={headingId}>
      <h2 id={headingId} className="admin-card__title">
        {BUSINESS_TAB_TEXT.title}
      </h2>
      <BusinessPeriod shown={shown} onApply={apply} busy={query.isFetching} />

      {query.isPending ? (
        // The figures are taller than any screen: holding their room while they load keeps the
        // footer from showing and then jumping away (CLS).
        <div className="business__loading">
          <LoadingState text={BUSINESS_TAB_TEXT.loading} />
        </div>
      ) : badPeriod ? (
        // A bad period is fixed in the form above, not by asking again: no Reintentar.
        <div className="ui-state ui-state--error" role="alert">
          <p className="ui-state__title">{BUSINESS_TAB_TEXT.badPeriod}</p>
          <p>{badPeriod}</p>
        </div>
      ) : query.isError ? (
        <ErrorPanel
          title={BUSINESS_TAB_TEXT.loadError}
          message={query.error.message}
          onRetry={() => void query.refetch()}
        />
      ) : isEmpty(query.data) ? (
        <>
          <PeriodLine data={query.data} />
          <EmptyState>{BUSINESS_TAB_TEXT.empty}</EmptyState>
        </>
      ) : (
        <BusinessFigures data={query.data} busy={query.isPlaceholderData} />
      )}
    </section>
  );
}

function PeriodLine({ data }: { data: TBusinessResponse }) {
  return (
    <p className="business__period" aria-live="polite">
      {BUSINESS_TAB_TEXT.period(dayText(data.from), dayText(data.to))},{' '}
      {BUSINESS_TAB_TEXT.previous(dayText(data.previous.from), dayText(data.previous.to))}
    </p>
  );
}

function BusinessFigures({ data, busy }: { data: TBusinessResponse; busy: boolean }) {
  // The exports follow the figures on screen, not a period still being typed.
  const period = { from: data.from, to: data.to };
  return (
    <div className="business__figures" aria-busy={busy || undefined}>
      <PeriodLine data={data} />
      <BusinessKpis current={data} previous={data.previous} />

      <h3 className="business__heading">{BUSINESS_TAB_TEXT.revenue}</h3>
      <RevenueTable data={data} period={period} />

      <h3 className="business__heading">{BUSINESS_TAB_TEXT.sources}</h3>
      <SourcesTable data={data} period={period} />

      <h3 className="business__heading">{BUSINESS_TAB_TEXT.cohorts}</h3>
      <p className="admin-field__hint">{BUSINESS_TAB_TEXT.cohortsHint}</p>
      <CohortsTable data={data} period={period} />

      <h3 className="business__heading">{BUSINESS_TAB_TEXT.monthly}</h3>
      {data.monthly.length > 0 ? (
        <div className="business-charts">
          <SignupsChart months={data.monthly} />
          <YieldChart months={data.monthly} />
        </div>
      ) : null}
      <MonthlyTable data={data} period={period} />

      <h3 className="business__heading">{REFERRAL_TABLE_TEXT.heading}</h3>
      <ReferralRewardsTable data={data} period={period} />
    </div>
  );
}
