import { SPORT_IDS, type SportId } from '@magotips/contracts/sports';
import type { TipCategory } from '@magotips/contracts/tips';
import { TRACK_RECORD_PERIODS, type TrackRecordPeriod } from '@magotips/contracts/track-record';

/** What /historial shows, as its URL says: shareable, and back and forward walk through it. */
export type TrackRecordFilters = {
  period: TrackRecordPeriod;
  category: TipCategory | null;
  sport: SportId | null;
  page: number;
};

export const DEFAULT_PERIOD: TrackRecordPeriod = 'all';

/** contracts/tips.ts's TIP_CATEGORIES, typed against it: a value import of that module would
 * bring Zod into this page's chunk. */
export const CATEGORIES = ['free', 'premium'] as const satisfies readonly TipCategory[];
export const CATEGORY_LABELS: Record<TipCategory, string> = { free: 'Gratis', premium: 'VIP' };

function oneOf<T extends string>(list: readonly T[], value: string | null): T | null {
  return list.find((item) => item === value) ?? null;
}

/** Reads the filters from the URL; anything unknown (an old or hand-edited link) falls back to
 * the default instead of failing the page. */
export function readFilters(params: URLSearchParams): TrackRecordFilters {
  const page = Number(params.get('pagina'));
  return {
    period: oneOf(TRACK_RECORD_PERIODS, params.get('periodo')) ?? DEFAULT_PERIOD,
    category: oneOf(CATEGORIES, params.get('categoria')),
    sport: oneOf(SPORT_IDS, params.get('deporte')),
    page: Number.isInteger(page) && page > 1 ? page : 1,
  };
}

/** The URL's query for `filters`: defaults are left out, so the plain page stays /historial. */
export function filtersToParams(filters: TrackRecordFilters): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.period !== DEFAULT_PERIOD) params.set('periodo', filters.period);
  if (filters.category) params.set('categoria', filters.category);
  if (filters.sport) params.set('deporte', filters.sport);
  if (filters.page > 1) params.set('pagina', String(filters.page));
  return params;
}

/** The API's query for the same filters (its parameter names are the English ones). The
 * server's defaults (every period, page 1) are left out: the unfiltered page then reads
 * `/api/track-record` and `/api/track-record/tips`, addresses the HTML can announce for
 * preloading (vite.config.ts ROUTE_DATA; the server announces no address with a query). */
export function apiQuery(filters: TrackRecordFilters, withPage = false): string {
  const params = new URLSearchParams();
  if (filters.period !== DEFAULT_PERIOD) params.set('period', filters.period);
  if (filters.category) params.set('category', filters.category);
  if (filters.sport) params.set('sport', filters.sport);
  if (withPage && filters.page > 1) params.set('page', String(filters.page));
  const query = params.toString();
  return query ? `?${query}` : '';
}
