/** Search responses: facets and stats, paging, sorting, text, highlighting, params forms, errors, cache. */
import { describe, expect, it } from 'vitest';
import { type SearchError } from '../../../engine/search/errors.ts';
import type { SearchResponse, FacetSearchResponse } from '../../../engine/search/engine-types.ts';
import { ResultCache } from '../../../engine/search/cache.ts';
import { ids, makeEngine } from './fixtures.ts';

const engine = makeEngine();

function errorOf(fn: () => unknown): SearchError {
  try {
    fn();
  } catch (err) {
    return err as SearchError;
  }
  throw new Error('expected an error');
}

describe('facets and facet stats', () => {
  it('counts values of the matching records, largest first, ties alphabetical', () => {
    const r = engine.search('cars', { facets: ['make', 'colour'], filters: 'NOT model:Mustang' });
    expect(r.facets.make).toEqual({ Ford: 4, Toyota: 3, 'Land Rover': 1, Mazda: 1 });
    expect(Object.keys(r.facets.make)).toEqual(['Ford', 'Toyota', 'Land Rover', 'Mazda']);
    expect(Object.entries(r.facets.colour)).toEqual(
      [
        ['Red', 2],
        ['White', 2],
        ['Black', 2],
        ['Blue', 1],
        ['Grey', 1],
        ['Silver', 1],
      ].sort(
        (a, b) => (b[1] as number) - (a[1] as number) || String(a[0]).localeCompare(String(b[0])),
      ),
    );
  });

  it('counts every value of array attributes', () => {
    const r = engine.search('cars', { facets: ['features'] });
    expect(r.facets.features).toEqual({ 'Reversing Camera': 2, Sunroof: 3, 'Tow Bar': 3 });
  });

  it('maxValuesPerFacet keeps the top values', () => {
    const r = engine.search('cars', { facets: ['make'], maxValuesPerFacet: 2 });
    expect(r.facets.make).toEqual({ Ford: 5, Toyota: 3 });
  });

  it('"*" means every attribute for faceting', () => {
    const r = engine.search('cars', { facets: ['*'], hitsPerPage: 0 });
    expect(Object.keys(r.facets).sort()).toEqual([
      'colour',
      'features',
      'make',
      'model',
      'price',
      'status',
      'year',
    ]);
  });

  it('facets_stats: min, max, avg, sum for numeric facets requested, none for strings', () => {
    const r = engine.search('cars', { facets: ['price', 'year', 'make'], filters: 'make:Ford' });
    expect(r.facets_stats).toEqual({
      price: {
        min: 29990,
        max: 69990,
        avg: (52990 + 69990 + 64990 + 29990 + 59990) / 5,
        sum: 52990 + 69990 + 64990 + 29990 + 59990,
      },
      year: {
        min: 2019,
        max: 2024,
        avg: (2022 + 2024 + 2023 + 2021 + 2019) / 5,
        sum: 2022 + 2024 + 2023 + 2021 + 2019,
      },
    });
    expect(r.facets.year).toEqual({ '2019': 1, '2021': 1, '2022': 1, '2023': 1, '2024': 1 });
    expect(engine.search('cars', { facets: ['make'] }).facets_stats).toBeUndefined();
  });

  it('sortFacetValuesBy alpha', () => {
    const r = engine.search('cars', { facets: ['make'], sortFacetValuesBy: 'alpha' });
    expect(Object.keys(r.facets.make)).toEqual(['Ford', 'Land Rover', 'Mazda', 'Toyota']);
  });

  it('a disjunctive facet query (hitsPerPage 0) returns counts and no hits', () => {
    const r = engine.search('cars', {
      facets: 'make',
      hitsPerPage: 0,
      page: 0,
      analytics: false,
      clickAnalytics: false,
      facetFilters: [['colour:Red']],
    });
    expect(r.hits).toEqual([]);
    expect(r.nbHits).toBe(3);
    expect(r.nbPages).toBe(0);
    expect(r.facets.make).toEqual({ Ford: 2, Mazda: 1 });
    expect(r.exhaustiveFacetsCount).toBe(true);
  });
});

describe('paging', () => {
  it('page and hitsPerPage', () => {
    const p0 = engine.search('cars', { hitsPerPage: 4 });
    const p2 = engine.search('cars', { hitsPerPage: 4, page: 2 });
    expect(ids(p0.hits)).toEqual([1, 2, 3, 4]);
    expect(ids(p2.hits)).toEqual([9, 10]);
    expect(p2).toMatchObject({ nbHits: 10, nbPages: 3, page: 2, hitsPerPage: 4 });
    expect(engine.search('cars', { hitsPerPage: 4, page: 3 }).hits).toEqual([]);
  });

  it('offset and length', () => {
    const r = engine.search('cars', { offset: 3, length: 2 });
    expect(ids(r.hits)).toEqual([4, 5]);
    expect(r).toMatchObject({ offset: 3, length: 2 });
  });

  it('default page size is 20', () => {
    expect(engine.search('cars', {}).hitsPerPage).toBe(20);
  });

  it('bad paging is a 400 with a clear message', () => {
    expect(errorOf(() => engine.search('cars', { page: -1 }))).toMatchObject({
      status: 400,
      message: 'page must be greater than or equal to 0, got -1',
    });
    expect(errorOf(() => engine.search('cars', { hitsPerPage: 1001 }))).toMatchObject({
      status: 400,
      message: 'hitsPerPage must be lower than or equal to 1000, got 1001',
    });
    expect(errorOf(() => engine.search('cars', { hitsPerPage: 'ten' })).message).toMatch(
      /hitsPerPage must be an integer/,
    );
    expect(errorOf(() => engine.search('cars', { length: 5000 })).status).toBe(400);
  });
});

describe('sorting through replicas', () => {
  it('primary index: custom ranking', () => {
    expect(ids(engine.search('cars', {}).hits)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
  });

  it('price ascending and km ascending replicas', () => {
    expect(ids(engine.search('cars_price_asc', {}).hits)).toEqual([8, 7, 4, 9, 6, 1, 5, 3, 2, 10]);
    expect(ids(engine.search('cars_km_asc', { filters: 'make:Ford' }).hits)).toEqual([
      2, 3, 1, 5, 4,
    ]);
    expect(engine.search('cars_price_asc', {}).index).toBe('cars_price_asc');
  });

  it('unknown index is a 404', () => {
    expect(errorOf(() => engine.search('nope', {}))).toMatchObject({
      status: 404,
      message: 'Index nope does not exist',
    });
  });
});

describe('text search', () => {
  it('prefix on the last word, every word must match', () => {
    expect(ids(engine.search('cars', { query: 'ford ran' }).hits)).toEqual([1, 2]);
    expect(ids(engine.search('cars', { query: 'ran ford' }).hits)).toEqual([]);
    expect(ids(engine.search('cars', { query: 'toyota' }).hits)).toEqual([6, 7, 8]);
  });

  it('tolerates a typo from 4 letters, none below', () => {
    expect(ids(engine.search('cars', { query: 'toyta' }).hits)).toEqual([6, 7, 8]);
    expect(ids(engine.search('cars', { query: 'mzda' }).hits)).toEqual([9]);
    expect(ids(engine.search('cars', { query: 'fird' }).hits)).toEqual([1, 2, 3, 4, 5]);
    expect(ids(engine.search('cars', { query: 'cx' }).hits)).toEqual([9]);
    expect(ids(engine.search('cars', { query: 'toyta', typoTolerance: false }).hits)).toEqual([]);
  });

  it('exact matches rank before typo matches, then custom ranking', () => {
    // "range" matches Range Rover exactly and Ranger by prefix; Range Rover (rank lower) comes first.
    expect(ids(engine.search('cars', { query: 'range' }).hits)).toEqual([10, 1, 2]);
  });

  it('identifiers by prefix, hyphenated models either way', () => {
    expect(ids(engine.search('cars', { query: 'stk1005' }).hits)).toEqual([6]);
    expect(ids(engine.search('cars', { query: 'cx5' }).hits)).toEqual([9]);
    expect(ids(engine.search('cars', { query: 'cx-5 touring' }).hits)).toEqual([9]);
  });

  it('text and filters combine', () => {
    const r = engine.search('cars', { query: 'ford', filters: 'price < 60000', facets: ['model'] });
    expect(ids(r.hits)).toEqual([1, 4, 5]);
    expect(r.facets.model).toEqual({ Mustang: 1, Puma: 1, Ranger: 1 });
  });

  it('_highlightResult marks matched words with the requested tags', () => {
    const r = engine.search('cars', {
      query: 'ford rang',
      highlightPreTag: '__ais-highlight__',
      highlightPostTag: '__/ais-highlight__',
      hitsPerPage: 1,
    });
    const h = r.hits[0]._highlightResult as Record<
      string,
      { value: string; matchLevel: string; matchedWords: string[] }
    >;
    expect(h.name.value).toBe(
      '2022 __ais-highlight__Ford__/ais-highlight__ __ais-highlight__Rang__/ais-highlight__er XLT',
    );
    expect(h.name.matchLevel).toBe('full');
    expect(h.make).toMatchObject({
      value: '__ais-highlight__Ford__/ais-highlight__',
      matchLevel: 'partial',
      matchedWords: ['ford'],
    });
    expect(h.badge).toMatchObject({ value: 'XLT', matchLevel: 'none', matchedWords: [] });
  });

  it('attributesToHighlight and attributesToRetrieve', () => {
    const r = engine.search('cars', {
      query: 'mazda',
      attributesToRetrieve: ['make', 'price'],
      attributesToHighlight: ['model'],
    });
    expect(r.hits[0]).toEqual({
      make: 'Mazda',
      price: 34990,
      objectID: '9',
      _highlightResult: { model: { value: 'CX-5', matchLevel: 'none', matchedWords: [] } },
    });
    const excluded = engine.search('cars', {
      attributesToRetrieve: ['*', '-features', '-_tags'],
      attributesToHighlight: [],
      hitsPerPage: 1,
    });
    expect(excluded.hits[0]).not.toHaveProperty('features');
    expect(excluded.hits[0]).toHaveProperty('make', 'Ford');
  });
});

describe('request forms', () => {
  it('params as a URL-encoded string (v3/v4 clients), arrays JSON-encoded', () => {
    const params = `query=&hitsPerPage=2&page=1&facets=${encodeURIComponent('["make"]')}&facetFilters=${encodeURIComponent('[["make:Ford","make:Mazda"]]')}`;
    const r = engine.search('cars', { params });
    expect(ids(r.hits)).toEqual([3, 4]);
    expect(r.facets.make).toEqual({ Ford: 5, Mazda: 1 });
    expect(r.params).toContain('hitsPerPage=2');
  });

  it('fields beside params override it', () => {
    expect(engine.search('cars', { params: 'hitsPerPage=2', hitsPerPage: 3 }).hits).toHaveLength(3);
  });

  it('multi-query answers in order, including facet value searches', () => {
    const { results } = engine.multipleQueries([
      { indexName: 'cars', query: 'toyota', hitsPerPage: 1 },
      { indexName: 'cars_price_asc', params: 'filters=make%3AFord&hitsPerPage=1' },
      {
        indexName: 'cars',
        type: 'facet',
        facet: 'make',
        params: { facetQuery: 'to', filters: 'price > 0' },
      },
    ]);
    expect(ids((results[0] as SearchResponse).hits)).toEqual([6]);
    expect(ids((results[1] as SearchResponse).hits)).toEqual([4]);
    expect((results[2] as FacetSearchResponse).facetHits).toEqual([
      { value: 'Toyota', highlighted: '<em>To</em>yota', count: 2 },
    ]);
  });

  it('facet value search matches any word of a value by prefix', () => {
    const r = engine.searchForFacetValues('cars', 'make', { facetQuery: 'rov' });
    expect(r.facetHits).toEqual([
      { value: 'Land Rover', highlighted: 'Land <em>Rov</em>er', count: 1 },
    ]);
    expect(
      engine
        .searchForFacetValues('cars', 'make', { facetQuery: '', maxFacetHits: 2 })
        .facetHits.map((h) => h.value),
    ).toEqual(['Ford', 'Toyota']);
  });

  it('getObject', () => {
    expect(engine.getObject('cars', '9')).toMatchObject({ objectID: '9', make: 'Mazda' });
    expect(errorOf(() => engine.getObject('cars', '99')).status).toBe(404);
  });

  it('the response carries what InstantSearch reads', () => {
    const r = engine.search('cars', { query: 'ford', facets: ['make'] });
    expect(r).toMatchObject({
      index: 'cars',
      query: 'ford',
      exhaustiveNbHits: true,
      exhaustiveFacetsCount: true,
      page: 0,
      nbPages: 1,
      hitsPerPage: 20,
    });
    expect(typeof r.processingTimeMS).toBe('number');
    expect(typeof r.params).toBe('string');
  });
});

describe('result cache: 10 entries, oldest evicted', () => {
  it('ResultCache keeps the 10 most recently stored keys', () => {
    const cache = new ResultCache<number>();
    for (let i = 1; i <= 12; i++) cache.set(`k${i}`, i);
    expect(cache.size).toBe(10);
    expect(cache.has('k1')).toBe(false);
    expect(cache.has('k2')).toBe(false);
    expect(cache.keys()).toEqual(['k3', 'k4', 'k5', 'k6', 'k7', 'k8', 'k9', 'k10', 'k11', 'k12']);
    // Reading does not make an entry younger: k3 is still the next to go.
    expect(cache.get('k3')).toBe(3);
    cache.set('k13', 13);
    expect(cache.has('k3')).toBe(false);
    expect(cache.has('k4')).toBe(true);
  });

  it('the engine answers a repeated search from the cache, and evicts the oldest search', () => {
    const cached = makeEngine(10);
    const first = cached.search('cars', { query: 'ford' });
    expect(cached.search('cars', { query: 'ford' })).toBe(first);
    for (let i = 0; i < 10; i++) cached.search('cars', { hitsPerPage: i + 1 });
    expect(cached.cache.size).toBe(10);
    expect(cached.search('cars', { query: 'ford' })).not.toBe(first);
  });

  it('cache size 0 stores nothing', () => {
    const uncached = makeEngine(0);
    expect(uncached.search('cars', { query: 'ford' })).not.toBe(
      uncached.search('cars', { query: 'ford' }),
    );
  });
});
