import { SPORTS } from '@magotips/contracts/sports';
import { PERIOD_LABELS, TRACK_RECORD_PERIODS } from '@magotips/contracts/track-record';
import { useId } from 'react';
import { CATEGORIES, CATEGORY_LABELS, type TrackRecordFilters } from '../track-record-filters';

type FiltersFormProps = {
  filters: TrackRecordFilters;
  /** A new choice; the page number goes back to 1 (the caller writes it to the URL). */
  onChange: (next: TrackRecordFilters) => void;
};

/** Period, category and sport. Each choice applies at once (no "Aplicar" button) and lands in
 * the URL, so a filtered record can be shared and back and forward walk through the choices. */
export function FiltersForm({ filters, onChange }: FiltersFormProps) {
  const id = useId();
  const change = (patch: Partial<TrackRecordFilters>) =>
    onChange({ ...filters, ...patch, page: 1 });
  return (
    <form className="tr-filters" aria-label="Filtros" onSubmit={(event) => event.preventDefault()}>
      <div className="tr-filter">
        <label htmlFor={`${id}-period`}>Periodo</label>
        <select
          id={`${id}-period`}
          value={filters.period}
          onChange={(event) =>
            change({
              period: TRACK_RECORD_PERIODS.find((p) => p === event.target.value) ?? filters.period,
            })
          }
        >
          {TRACK_RECORD_PERIODS.map((period) => (
            <option key={period} value={period}>
              {PERIOD_LABELS[period]}
            </option>
          ))}
        </select>
      </div>
      <div className="tr-filter">
        <label htmlFor={`${id}-category`}>Categoría</label>
        <select
          id={`${id}-category`}
          value={filters.category ?? ''}
          onChange={(event) =>
            change({ category: CATEGORIES.find((c) => c === event.target.value) ?? null })
          }
        >
          <option value="">Todos</option>
          {CATEGORIES.map((category) => (
            <option key={category} value={category}>
              {CATEGORY_LABELS[category]}
            </option>
          ))}
        </select>
      </div>
      <div className="tr-filter">
        <label htmlFor={`${id}-sport`}>Deporte</label>
        <select
          id={`${id}-sport`}
          value={filters.sport ?? ''}
          onChange={(event) =>
            change({ sport: SPORTS.find((s) => s.id === event.target.value)?.id ?? null })
          }
        >
          <option value="">Todos</option>
          {SPORTS.map((sport) => (
            <option key={sport.id} value={sport.id}>
              {sport.label}
            </option>
          ))}
        </select>
      </div>
    </form>
  );
}
