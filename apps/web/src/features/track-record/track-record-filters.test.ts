import { describe, expect, it } from 'vitest';
import { apiQuery, filtersToParams, readFilters } from './track-record-filters';

describe('track record filters', () => {
  it('read the URL, falling back to the defaults for anything unknown', () => {
    expect(
      readFilters(new URLSearchParams('periodo=365d&categoria=free&deporte=mma&pagina=3')),
    ).toEqual({
      period: '365d',
      category: 'free',
      sport: 'mma',
      page: 3,
    });
    expect(
      readFilters(new URLSearchParams('periodo=7d&categoria=gold&deporte=x&pagina=-2')),
    ).toEqual({
      period: 'all',
      category: null,
      sport: null,
      page: 1,
    });
  });

  it('leave the defaults out of the URL, so the plain page stays /historial', () => {
    expect(
      filtersToParams({ period: 'all', category: null, sport: null, page: 1 }).toString(),
    ).toBe('');
    expect(
      filtersToParams({ period: '30d', category: 'premium', sport: 'tennis', page: 2 }).toString(),
    ).toBe('periodo=30d&categoria=premium&deporte=tennis&pagina=2');
  });

  it("speak the API's parameter names", () => {
    expect(apiQuery({ period: '30d', category: 'free', sport: null, page: 4 }, true)).toBe(
      '?period=30d&category=free&page=4',
    );
    // The defaults are the server's too: the plain page's reads carry no query.
    expect(apiQuery({ period: 'all', category: null, sport: null, page: 1 }, true)).toBe('');
  });
});
