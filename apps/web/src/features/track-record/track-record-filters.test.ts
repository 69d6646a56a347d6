import { describe, expect, it } from 'vitest';
import {
  apiQuery,
  csvHref,
  filtersToParams,
  isFiltered,
  NO_FILTERS,
  readFilters,
} from './track-record-filters';

describe('track record filters', () => {
  it('read the URL, falling back to the defaults for anything unknown', () => {
    expect(
      readFilters(
        new URLSearchParams(
          'periodo=365d&desde=2026-01-01&hasta=2026-06-30&categoria=free&deporte=mma&cuota=2-3&stake=3&casa=Bet365&pagina=3',
        ),
      ),
    ).toEqual({
      period: '365d',
      from: '2026-01-01',
      to: '2026-06-30',
      category: 'free',
      sport: 'mma',
      oddsBand: '2-3',
      stake: 3,
      bookmaker: 'Bet365',
      page: 3,
    });
    expect(
      readFilters(
        new URLSearchParams(
          'periodo=7d&desde=2026-02-30&hasta=ayer&categoria=gold&deporte=x&cuota=9&stake=11&casa=%20&pagina=-2',
        ),
      ),
    ).toEqual(NO_FILTERS);
  });

  it('keep only the start of a range written backwards (the API would refuse it)', () => {
    const filters = readFilters(new URLSearchParams('desde=2026-06-01&hasta=2026-05-01'));
    expect(filters.from).toBe('2026-06-01');
    expect(filters.to).toBeNull();
  });

  it('leave the defaults out of the URL, so the plain page stays /historial', () => {
    expect(filtersToParams(NO_FILTERS).toString()).toBe('');
    expect(isFiltered(NO_FILTERS)).toBe(false);
    expect(isFiltered({ ...NO_FILTERS, page: 4 })).toBe(false);
    const all = {
      period: '30d',
      from: '2026-11-01',
      to: '2026-11-20',
      category: 'premium',
      sport: 'tennis',
      oddsBand: 'under-1.5',
      stake: 10,
      bookmaker: 'Codere',
      page: 2,
    } as const;
    expect(filtersToParams(all).toString()).toBe(
      'periodo=30d&desde=2026-11-01&hasta=2026-11-20&categoria=premium&deporte=tennis&cuota=under-1.5&stake=10&casa=Codere&pagina=2',
    );
    expect(readFilters(filtersToParams(all))).toEqual(all);
    expect(isFiltered({ ...NO_FILTERS, bookmaker: 'Codere' })).toBe(true);
  });

  it("speak the API's parameter names, and the CSV link carries the same filters", () => {
    const filters = {
      ...NO_FILTERS,
      period: '30d',
      category: 'free',
      oddsBand: '1.5-2',
      stake: 2,
      bookmaker: 'Bet 365',
      from: '2026-10-01',
      page: 4,
    } as const;
    expect(apiQuery(filters, true)).toBe(
      '?period=30d&from=2026-10-01&category=free&oddsBand=1.5-2&stake=2&bookmaker=Bet+365&page=4',
    );
    expect(csvHref(filters)).toBe(
      '/api/track-record/tips.csv?period=30d&from=2026-10-01&category=free&oddsBand=1.5-2&stake=2&bookmaker=Bet+365',
    );
    // The defaults are the server's too: the plain page's reads carry no query.
    expect(apiQuery(NO_FILTERS, true)).toBe('');
    expect(csvHref(NO_FILTERS)).toBe('/api/track-record/tips.csv');
  });
});
