/**
 * Searches through the pool of search workers (engine/search/worker-pool.ts) answer exactly
 * what the engine answers on this thread; a worker that dies is replaced and its searches
 * answer SEARCH_UNAVAILABLE rather than hang; a change of the stock here reaches the workers'
 * copies before the next search.
 */
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadInventory } from '../../../demo/defaults.ts';
import {
  CAR_INDEX,
  CAR_REPLICAS,
  createCarSearchEngine,
} from '../../../engine/search/car-index.ts';
import { SearchError } from '../../../engine/search/errors.ts';
import { WorkBudget } from '../../../engine/search/limits.ts';
import {
  SEARCH_UNAVAILABLE,
  SearchPool,
  searchWorkerCount,
} from '../../../engine/search/worker-pool.ts';
import { makeEngine } from './fixtures.ts';

const sitesDir = join(import.meta.dirname, '../../../sites');
const cars = loadInventory(sitesDir, { count: 1500, now: Date.UTC(2025, 5, 15) });
const engine = createCarSearchEngine(cars, { cacheSize: 0 });
const pool = new SearchPool(2);
afterAll(() => pool.close());

/** Answers without their timing, which differs run to run. */
const timeless = (value: unknown): unknown =>
  JSON.parse(JSON.stringify(value, (k, v: unknown) => (k === 'processingTimeMS' ? 0 : v)));

const requests = [
  { indexName: CAR_INDEX, query: 'ford ranger', facets: ['*'], hitsPerPage: 20 },
  { indexName: CAR_REPLICAS.price_asc, query: '', facets: ['make', 'body_type'], page: 2 },
  { indexName: CAR_INDEX, query: 'hliux', filters: 'car_type:used', hitsPerPage: 5 },
  { indexName: CAR_REPLICAS.km_asc, numericFilters: ['price>20000'], facets: ['price', 'km'] },
];

describe('search workers', () => {
  // Without the time budget on both sides: a loaded machine could stop either one.
  it('answer each search, multi-query and facet search as the engine here does', async () => {
    const budget = WorkBudget.unlimited;
    for (const { indexName, ...params } of requests) {
      const baseFilters = { [indexName]: 'show_on_dealer_website:true' };
      const there = await pool.search(engine, { indexName, params, baseFilters, unbudgeted: true });
      const here = engine.search(indexName, params, { baseFilter: baseFilters[indexName], budget });
      expect(timeless(there)).toEqual(timeless(here));
    }
    const all = await pool.multipleQueries(engine, { requests, baseFilters: {}, unbudgeted: true });
    expect(timeless(all)).toEqual(timeless(engine.multipleQueries(requests, { budget })));
    const facet = { indexName: CAR_INDEX, facet: 'make', params: { facetQuery: 'to' } };
    expect(
      timeless(
        await pool.searchForFacetValues(engine, { ...facet, baseFilters: {}, unbudgeted: true }),
      ),
    ).toEqual(timeless(engine.searchForFacetValues(CAR_INDEX, 'make', facet.params, { budget })));
  });

  it("answer the engine's errors as the engine does", async () => {
    const bad = pool.search(engine, {
      indexName: CAR_INDEX,
      params: { filters: 'make:(' },
      baseFilters: {},
    });
    await expect(bad).rejects.toBeInstanceOf(SearchError);
    await expect(bad).rejects.toMatchObject({ status: 400 });
  });

  it('a worker that dies answers its searches SEARCH_UNAVAILABLE and is replaced', async () => {
    const one = new SearchPool(1);
    try {
      await one.search(engine, {
        indexName: CAR_INDEX,
        params: { query: 'ford' },
        baseFilters: {},
      });
      const [before] = one.threadIds();
      // Ended while a search is on its way: the search is answered, not left waiting.
      const waiting = one.search(engine, {
        indexName: CAR_INDEX,
        params: { query: 'toyota' },
        baseFilters: {},
      });
      await one['slots'][0]!.worker.terminate();
      await expect(waiting).rejects.toMatchObject({ message: SEARCH_UNAVAILABLE, status: 503 });
      const again = await one.search(engine, {
        indexName: CAR_INDEX,
        params: { query: 'toyota' },
        baseFilters: {},
      });
      expect(timeless(again)).toEqual(timeless(engine.search(CAR_INDEX, { query: 'toyota' })));
      expect(one.threadIds()).toHaveLength(1);
      expect(one.threadIds()[0]).not.toBe(before);
    } finally {
      await one.close();
    }
  });

  it('a worker that stops answering is ended after the time allowed, its searches answered', async () => {
    const slow = new SearchPool(1, 50);
    try {
      // A first copy of this engine takes the worker far longer than 50 ms to build.
      const big = createCarSearchEngine(cars, { cacheSize: 0 });
      await expect(
        slow.search(big, { indexName: CAR_INDEX, params: {}, baseFilters: {} }),
      ).rejects.toMatchObject({ message: SEARCH_UNAVAILABLE });
    } finally {
      await slow.close();
    }
  });

  it('a change of the stock here reaches the workers before the next search', async () => {
    const small = makeEngine();
    const one = await pool.search(small, {
      indexName: 'cars',
      params: { query: 'corolla' },
      baseFilters: {},
    });
    expect(one.nbHits).toBeGreaterThan(0);
    // An import: the index replaced with other records (as live-stock.ts does).
    small.addIndex('cars', [{ objectID: 'x1', name: 'Suzuki Jimny', make: 'Suzuki', rank: 1 }], {
      searchableAttributes: ['name', 'make'],
      attributesForFaceting: ['make'],
      customRanking: [{ attribute: 'rank', order: 'desc' }],
    });
    for (let i = 0; i < 3; i++) {
      const gone = await pool.search(small, {
        indexName: 'cars',
        params: { query: 'corolla' },
        baseFilters: {},
      });
      expect(gone.nbHits).toBe(0);
      const found = await pool.search(small, {
        indexName: 'cars',
        params: { query: 'jimny' },
        baseFilters: {},
      });
      expect(found.hits.map((h) => h.objectID)).toEqual(['x1']);
    }
  });

  it('FORECOURT_SEARCH_WORKERS: unset is 0 (this thread), a number, or auto', () => {
    expect(searchWorkerCount(undefined)).toBe(0);
    expect(searchWorkerCount('2')).toBe(2);
    expect(searchWorkerCount('auto')).toBeGreaterThanOrEqual(1);
    expect(() => searchWorkerCount('-1')).toThrow(/FORECOURT_SEARCH_WORKERS/);
  });
});
