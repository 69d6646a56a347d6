import { PAGE_META } from '@magotips/contracts/page-meta';
import { useDeferredValue, useId, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { PastResultsNote } from '../../components/track-record/past-results-note';
import { ErrorPanel } from '../../components/ui/list-states';
import { useTrackRecord } from './api/get-track-record';
import { useTrackRecordTips } from './api/get-track-record-tips';
import { ClosingCall, HeaderCalls } from './components/account-calls';
import { FiltersForm } from './components/filters-form';
import { HeadlineFigures } from './components/headline-figures';
import { HowComputed } from './components/how-computed';
import { LedgerProof } from './components/ledger-proof';
import { MonthlyBars } from './components/monthly-bars';
import { OddsBandFigures } from './components/odds-band-table';
import { ProfitCurve } from './components/profit-curve';
import { RecordNotes } from './components/record-notes';
import { SettledTips } from './components/settled-tips';
import { SportTable } from './components/sport-table';
import {
  filtersToParams,
  isFiltered,
  readFilters,
  type TrackRecordFilters,
} from './track-record-filters';
import './track-record.css';
import './track-record-tables.css';
import './track-record-proof.css';

export const TRACK_RECORD_TITLE = 'Historial verificado';
export const EMPTY_RECORD_TEXT = 'Todavía no hay tips resueltos';
const META = PAGE_META['/historial'];

/** /historial (issues 14 and 27): every tip with a bet, settled and counted, for anyone to check
 * against the public ledger. On a phone the summary comes first and the filters fold under it. */
export default function TrackRecordPage() {
  const [params, setParams] = useSearchParams();
  const filters = readFilters(params);
  const summary = useTrackRecord(filters);
  const tips = useTrackRecordTips(filters);
  const tipsHeading = useRef<HTMLHeadingElement>(null);
  const ids = { curve: useId(), months: useId(), sports: useId(), bands: useId(), tips: useId() };

  // Each choice is a history entry of its own: back returns to the previous filters.
  const show = (next: TrackRecordFilters) => setParams(filtersToParams(next));
  const showPage = (page: number) => {
    show({ ...filters, page });
    // The list's top, not the page's: the pager sits at its bottom.
    tipsHeading.current?.focus({ preventScroll: true });
    tipsHeading.current?.scrollIntoView?.({ block: 'start' });
  };
  const record = summary.data?.data;
  // What lies below the first screen renders in a transition, which React slices into short
  // tasks: the data's arrival is not one long task holding the page (Lighthouse's TBT).
  const later = useDeferredValue(record);
  const laterTips = useDeferredValue(tips.data);
  const filtersForm = (
    <FiltersForm filters={filters} bookmakers={record?.bookmakers ?? []} onChange={show} />
  );

  return (
    <div className="track-record container">
      <title>{META?.title}</title>
      <meta name="description" content={META?.description} />
      <header className="track-record__intro">
        <div className="track-record__heading">
          <h1 className="section-title">{TRACK_RECORD_TITLE}</h1>
          <HeaderCalls />
        </div>
        <p className="section-lead">
          Cada tip con apuesta cuenta: ganados, perdidos y nulos, con la cuota y el stake que
          publicamos antes del partido. Cada publicación, cambio y resultado queda anotado en un
          registro público firmado que puedes comprobar tú mismo.
        </p>
        <LedgerProof />
        <HowComputed />
      </header>

      <div className="track-record__body" aria-busy={summary.isPlaceholderData}>
        {summary.status === 'error' ? (
          <>
            <ErrorPanel
              title="No pudimos cargar el historial."
              message={summary.error.message}
              onRetry={() => void summary.refetch()}
            />
            {filtersForm}
          </>
        ) : record && record.settled === 0 ? (
          <>
            <div className="tr-empty">
              <p className="tr-empty__title">
                {EMPTY_RECORD_TEXT}
                {isFiltered(filters) ? ' con estos filtros.' : '.'}
              </p>
              <p>Cada pronóstico entra en el historial en cuanto se resuelve su partido.</p>
            </div>
            {filtersForm}
            <RecordNotes record={record} />
          </>
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

            {filtersForm}
            {record ? <RecordNotes record={record} /> : <div className="tr-notes tr-ghost" />}

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
                <section className="tr-section tr-section--later" aria-labelledby={ids.bands}>
                  <h2 id={ids.bands} className="tr-section__title">
                    Yield por cuota
                  </h2>
                  <OddsBandFigures bands={later.yieldByOddsBand} />
                  {/* The breakdowns are the record too: their own reminder (decision 0111). */}
                  <PastResultsNote />
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
        <ClosingCall />
      </div>
    </div>
  );
}
