import { useDeferredValue, useId, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { ErrorPanel } from '../../components/ui/list-states';
import { useTrackRecord } from './api/get-track-record';
import { useTrackRecordTips } from './api/get-track-record-tips';
import { FiltersForm } from './components/filters-form';
import { HeadlineFigures } from './components/headline-figures';
import { HowComputed } from './components/how-computed';
import { MonthlyBars } from './components/monthly-bars';
import { ProfitCurve } from './components/profit-curve';
import { SettledTips } from './components/settled-tips';
import { SportTable } from './components/sport-table';
import {
  DEFAULT_PERIOD,
  filtersToParams,
  readFilters,
  type TrackRecordFilters,
} from './track-record-filters';
import './track-record.css';
import './track-record-tables.css';

export const TRACK_RECORD_TITLE = 'Historial verificado';
export const EMPTY_RECORD_TEXT = 'Todavía no hay tips resueltos';

/** /historial (issue 14): every tip with a bet, settled and counted, for anyone to check. */
export default function TrackRecordPage() {
  const [params, setParams] = useSearchParams();
  const filters = readFilters(params);
  const summary = useTrackRecord(filters);
  const tips = useTrackRecordTips(filters);
  const tipsHeading = useRef<HTMLHeadingElement>(null);
  const ids = { curve: useId(), months: useId(), sports: useId(), tips: useId() };

  // Each choice is a history entry of its own: back returns to the previous filters.
  const show = (next: TrackRecordFilters) => setParams(filtersToParams(next));
  const showPage = (page: number) => {
    show({ ...filters, page });
    // The list's top, not the page's: the pager sits at its bottom.
    tipsHeading.current?.focus({ preventScroll: true });
    tipsHeading.current?.scrollIntoView?.({ block: 'start' });
  };
  const filtered = filters.period !== DEFAULT_PERIOD || filters.category || filters.sport;
  const record = summary.data?.data;
  // What lies below the first screen renders in a transition, which React slices into short
  // tasks: the data's arrival is not one long task holding the page (Lighthouse's TBT).
  const later = useDeferredValue(record);
  const laterTips = useDeferredValue(tips.data);

  return (
    <div className="track-record container">
      <title>{`${TRACK_RECORD_TITLE} · MagoTips`}</title>
      <meta
        name="description"
        content="El historial completo de MagoTips: beneficio en unidades, yield, acierto y cada tip resuelto con su cuota y su stake. Nada se borra ni se edita sin dejar rastro."
      />
      <header className="track-record__intro">
        <h1 className="section-title">{TRACK_RECORD_TITLE}</h1>
        <p className="section-lead">
          Cada tip con apuesta cuenta: ganados, perdidos y nulos, con la cuota y el stake que
          publicamos antes del partido. Ningún resultado se borra y cada cambio queda a la vista en
          el tip.
        </p>
        <HowComputed />
      </header>

      <FiltersForm filters={filters} onChange={show} />

      <div className="track-record__body" aria-busy={summary.isPlaceholderData}>
        {summary.status === 'error' ? (
          <ErrorPanel
            title="No pudimos cargar el historial."
            message={summary.error.message}
            onRetry={() => void summary.refetch()}
          />
        ) : record && record.settled === 0 ? (
          <div className="tr-empty">
            <p className="tr-empty__title">
              {EMPTY_RECORD_TEXT}
              {filtered ? ' con estos filtros.' : '.'}
            </p>
            <p>Cada pronóstico entra en el historial en cuanto se resuelve su partido.</p>
          </div>
        ) : (
          <>
            <section aria-label="Resumen">
              {record ? null : (
                <p className="visually-hidden" role="status">
                  Cargando el historial...
                </p>
              )}
              <HeadlineFigures record={record ?? null} />
            </section>

            <section className="tr-section" aria-labelledby={ids.curve}>
              <h2 id={ids.curve} className="tr-section__title">
                Beneficio acumulado
              </h2>
              {record ? (
                <ProfitCurve curve={record.curve} />
              ) : (
                <div className="tr-curve__plot tr-ghost" aria-hidden="true" />
              )}
            </section>

            {later ? (
              <>
                <section className="tr-section tr-section--later" aria-labelledby={ids.months}>
                  <h2 id={ids.months} className="tr-section__title">
                    Mes a mes
                  </h2>
                  <MonthlyBars months={later.byMonth} />
                </section>
                <section className="tr-section tr-section--later" aria-labelledby={ids.sports}>
                  <h2 id={ids.sports} className="tr-section__title">
                    Por deporte
                  </h2>
                  <SportTable sports={later.bySport} />
                </section>
              </>
            ) : null}

            <section className="tr-section tr-section--later" aria-labelledby={ids.tips}>
              <h2 id={ids.tips} ref={tipsHeading} tabIndex={-1} className="tr-section__title">
                Tips resueltos
              </h2>
              <SettledTips
                status={tips.status === 'success' && !laterTips ? 'pending' : tips.status}
                data={laterTips}
                error={tips.error}
                onRetry={() => void tips.refetch()}
                busy={tips.isPlaceholderData}
                onPage={showPage}
              />
            </section>
          </>
        )}
      </div>
    </div>
  );
}
