import { SPORT_IDS, type SportId } from '@magotips/contracts/sports';
import type { TipCategory } from '@magotips/contracts/tips';
import {
  BET_LIMITS,
  TRACK_RECORD_PERIODS,
  type TrackRecordPeriod,
} from '@magotips/contracts/track-record';
import { ODDS_BAND_IDS, type OddsBandId } from '@magotips/contracts/track-record-bands';

/** What /historial shows, as its URL says: shareable, and back and forward walk through it. */
export type TrackRecordFilters = {
  period: TrackRecordPeriod;
  /** UTC days of kick-off, both included ("2026-11-03"); null for no bound. */
  from: string | null;
  to: string | null;
  category: TipCategory | null;
  sport: SportId | null;
  oddsBand: OddsBandId | null;
  stake: number | null;
  bookmaker: string | null;
  page: number;
};

export const DEFAULT_PERIOD: TrackRecordPeriod = 'all';

export const NO_FILTERS: TrackRecordFilters = {
  period: DEFAULT_PERIOD,
  from: null,
  to: null,
  category: null,
  sport: null,
  oddsBand: null,
  stake: null,
  bookmaker: null,
  page: 1,
};

/** contracts/tips.ts's TIP_CATEGORIES, typed against it: a value import of that module would
 * bring Zod into this page's chunk. */
export const CATEGORIES = ['free', 'premium'] as const satisfies readonly TipCategory[];
export const CATEGORY_LABELS: Record<TipCategory, string> = { free: 'Gratis', premium: 'VIP' };

/** Every stake the bet form accepts (contracts' BET_LIMITS), 1 to 10. */
export const STAKES = Array.from(
  { length: BET_LIMITS.stakeMax - BET_LIMITS.stakeMin + 1 },
  (_, i) => BET_LIMITS.stakeMin + i,
);

function oneOf<T extends string>(list: readonly T[], value: string | null): T | null {
  return list.find((item) => item === value) ?? null;
}

/** A real calendar day written as the API reads it (contracts' ZRecordDay, without its Zod). */
function dayOf(value: string | null): string | null {
  if (!value || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return null;
  const at = new Date(`${value}T00:00:00.000Z`);
  return !Number.isNaN(at.getTime()) && at.toISOString().slice(0, 10) === value ? value : null;
}

function stakeOf(value: string | null): number | null {
  const stake = Number(value);
  return value && STAKES.includes(stake) ? stake : null;
}

function bookmakerOf(value: string | null): string | null {
  const name = value?.trim() ?? '';
  return name && name.length <= BET_LIMITS.bookmakerMax ? name : null;
}

/** Reads the filters from the URL; anything unknown (an old or hand-edited link) falls back to
 * the default instead of failing the page. A range written backwards keeps its start only: the
 * API would refuse it (contracts' rangeInOrder). */
export function readFilters(params: URLSearchParams): TrackRecordFilters {
  const page = Number(params.get('pagina'));
  const from = dayOf(params.get('desde'));
  const to = dayOf(params.get('hasta'));
  return {
    period: oneOf(TRACK_RECORD_PERIODS, params.get('periodo')) ?? DEFAULT_PERIOD,
    from,
    to: from && to && to < from ? null : to,
    category: oneOf(CATEGORIES, params.get('categoria')),
    sport: oneOf(SPORT_IDS, params.get('deporte')),
    oddsBand: oneOf(ODDS_BAND_IDS, params.get('cuota')),
    stake: stakeOf(params.get('stake')),
    bookmaker: bookmakerOf(params.get('casa')),
    page: Number.isInteger(page) && page > 1 ? page : 1,
  };
}

/** The URL's query for `filters`: defaults are left out, so the plain page stays /historial. */
export function filtersToParams(filters: TrackRecordFilters): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.period !== DEFAULT_PERIOD) params.set('periodo', filters.period);
  if (filters.from) params.set('desde', filters.from);
  if (filters.to) params.set('hasta', filters.to);
  if (filters.category) params.set('categoria', filters.category);
  if (filters.sport) params.set('deporte', filters.sport);
  if (filters.oddsBand) params.set('cuota', filters.oddsBand);
  if (filters.stake !== null) params.set('stake', String(filters.stake));
  if (filters.bookmaker) params.set('casa', filters.bookmaker);
  if (filters.page > 1) params.set('pagina', String(filters.page));
  return params;
}

/** Whether any filter narrows the record (the page number is not a filter). */
export function isFiltered(filters: TrackRecordFilters): boolean {
  return filtersToParams({ ...filters, page: 1 }).toString() !== '';
}

/** The API's query parameters for the same filters (its names are the English ones). */
function apiParams(filters: TrackRecordFilters): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.period !== DEFAULT_PERIOD) params.set('period', filters.period);
  if (filters.from) params.set('from', filters.from);
  if (filters.to) params.set('to', filters.to);
  if (filters.category) params.set('category', filters.category);
  if (filters.sport) params.set('sport', filters.sport);
  if (filters.oddsBand) params.set('oddsBand', filters.oddsBand);
  if (filters.stake !== null) params.set('stake', String(filters.stake));
  if (filters.bookmaker) params.set('bookmaker', filters.bookmaker);
  return params;
}

/** The API's query for the filters. The server's defaults (every period, page 1) are left out:
 * the unfiltered page then reads `/api/track-record` and `/api/track-record/tips`, addresses the
 * HTML can announce for preloading (vite.config.ts ROUTE_DATA; the server announces no address
 * with a query). */
export function apiQuery(filters: TrackRecordFilters, withPage = false): string {
  const params = apiParams(filters);
  if (withPage && filters.page > 1) params.set('page', String(filters.page));
  const query = params.toString();
  return query ? `?${query}` : '';
}

/** "Descargar CSV": GET /api/track-record/tips.csv with the same filters, every page. */
export function csvHref(filters: TrackRecordFilters): string {
  return `/api/track-record/tips.csv${apiQuery(filters)}`;
}

/** The filters without the page, as a query key: the summary is the same on every page. */
export function summaryKey(filters: TrackRecordFilters): Omit<TrackRecordFilters, 'page'> {
  const { page: _page, ...rest } = filters;
  return rest;
}
