import { SPORTS } from '@magotips/contracts/sports';
import { PERIOD_LABELS, TRACK_RECORD_PERIODS } from '@magotips/contracts/track-record';
import { ODDS_BANDS } from '@magotips/contracts/track-record-bands';
import { useId, useState, type ReactNode } from 'react';
import {
  CATEGORIES,
  CATEGORY_LABELS,
  csvHref,
  isFiltered,
  NO_FILTERS,
  STAKES,
  type TrackRecordFilters,
} from '../track-record-filters';

type FiltersFormProps = {
  filters: TrackRecordFilters;
  /** The bookmakers the record holds (GET /api/track-record's `bookmakers`). */
  bookmakers: readonly string[];
  /** A new choice; the page number goes back to 1 (the caller writes it to the URL). */
  onChange: (next: TrackRecordFilters) => void;
};

function Field({ id, label, children }: { id: string; label: string; children: ReactNode }) {
  return (
    <div className="tr-filter">
      <label htmlFor={id}>{label}</label>
      {children}
    </div>
  );
}

/**
 * Period, dates, category, sport, odds band, stake and bookmaker. Each choice applies at once (no
 * "Aplicar" button) and lands in the URL, so a filtered record can be shared and back and forward
 * walk through the choices. On a phone the form folds behind "Filtros" (the stylesheet hides it
 * there while closed), so the summary comes first; on a wide screen it is always open.
 */
export function FiltersForm({ filters, bookmakers, onChange }: FiltersFormProps) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const change = (patch: Partial<TrackRecordFilters>) =>
    onChange({ ...filters, ...patch, page: 1 });
  // A bookmaker from a shared link stays choosable even when this filter's list lacks it.
  const bookmakerOptions =
    filters.bookmaker && !bookmakers.includes(filters.bookmaker)
      ? [filters.bookmaker, ...bookmakers]
      : bookmakers;
  return (
    <div className="tr-filters-box">
      <div className="tr-filters-bar">
        <button
          type="button"
          className="btn btn--small btn--outline tr-filters-toggle"
          aria-expanded={open}
          aria-controls={`${id}-form`}
          onClick={() => setOpen(!open)}
        >
          Filtros{isFiltered(filters) ? ' (activos)' : ''}
        </button>
        <a className="btn btn--small btn--outline tr-csv" href={csvHref(filters)} download>
          Descargar CSV
        </a>
      </div>
      <form
        id={`${id}-form`}
        className="tr-filters"
        data-open={open}
        aria-label="Filtros"
        onSubmit={(event) => event.preventDefault()}
      >
        <Field id={`${id}-period`} label="Periodo">
          <select
            id={`${id}-period`}
            value={filters.period}
            onChange={(event) =>
              change({
                period:
                  TRACK_RECORD_PERIODS.find((p) => p === event.target.value) ?? filters.period,
              })
            }
          >
            {TRACK_RECORD_PERIODS.map((period) => (
              <option key={period} value={period}>
                {PERIOD_LABELS[period]}
              </option>
            ))}
          </select>
        </Field>
        <Field id={`${id}-from`} label="Desde">
          <input
            id={`${id}-from`}
            type="date"
            value={filters.from ?? ''}
            max={filters.to ?? undefined}
            onChange={(event) => change({ from: event.target.value || null })}
          />
        </Field>
        <Field id={`${id}-to`} label="Hasta">
          <input
            id={`${id}-to`}
            type="date"
            value={filters.to ?? ''}
            min={filters.from ?? undefined}
            onChange={(event) => change({ to: event.target.value || null })}
          />
        </Field>
        <Field id={`${id}-category`} label="Categoría">
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
        </Field>
        <Field id={`${id}-sport`} label="Deporte">
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
        </Field>
        <Field id={`${id}-odds`} label="Cuota">
          <select
            id={`${id}-odds`}
            value={filters.oddsBand ?? ''}
            onChange={(event) =>
              change({ oddsBand: ODDS_BANDS.find((b) => b.id === event.target.value)?.id ?? null })
            }
          >
            <option value="">Todas</option>
            {ODDS_BANDS.map((band) => (
              <option key={band.id} value={band.id}>
                {band.label}
              </option>
            ))}
          </select>
        </Field>
        <Field id={`${id}-stake`} label="Stake">
          <select
            id={`${id}-stake`}
            value={filters.stake ?? ''}
            onChange={(event) =>
              change({ stake: STAKES.find((s) => String(s) === event.target.value) ?? null })
            }
          >
            <option value="">Todos</option>
            {STAKES.map((stake) => (
              <option key={stake} value={stake}>
                {stake} u
              </option>
            ))}
          </select>
        </Field>
        <Field id={`${id}-bookmaker`} label="Casa de apuestas">
          <select
            id={`${id}-bookmaker`}
            value={filters.bookmaker ?? ''}
            onChange={(event) => change({ bookmaker: event.target.value || null })}
          >
            <option value="">Todas</option>
            {bookmakerOptions.map((name) => (
              <option key={name} value={name}>
                {name}
              </option>
            ))}
          </select>
        </Field>
        {isFiltered(filters) ? (
          <div className="tr-filter tr-filter--clear">
            <button
              type="button"
              className="btn btn--small btn--outline"
              onClick={() => onChange(NO_FILTERS)}
            >
              Quitar filtros
            </button>
          </div>
        ) : null}
      </form>
    </div>
  );
}
