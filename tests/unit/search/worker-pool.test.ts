/**
 * Searches through the pool of search workers (engine/search/worker-pool.ts) answer exactly
 * what the engine answers on this thread; until a worker holds a whole copy of the engine as it
 * is, searches are answered on this thread while the copy goes over in parts; a worker that
 * dies is replaced and its searches answer SEARCH_UNAVAILABLE rather than hang; a change of the
 * stock here is never answered from an older copy.
 */
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { loadInventory } from '../../../demo/defaults.ts';
import {
  CAR_INDEX,
  CAR_REPLICAS,
  createCarSearchEngine,
} from '../../../engine/search/car-index.ts';
import { SearchError } from '../../../engine/search/errors.ts';
import { WorkBudget } from '../../../engine/search/limits.ts';
import {
  COPY_PART,
  type PoolRequest,
  SEARCH_UNAVAILABLE,
  SearchPool,
  searchWorkerCount,
} from '../../../engine/search/worker-pool.ts';
import { makeEngine } from './fixtures.ts';

const sitesDir = join(import.meta.dirname, '../../../sites');
const cars = loadInventory(sitesDir, { count: 1500, now: Date.UTC(2025, 5, 15) });
const engine = createCarSearchEngine(cars, { cacheSize: 0 });
const pool = new SearchPool(2);
beforeAll(async () => {
  await pool.ready(engine);
});
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
    expect(pool.holding(engine)).toBe(2);
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

  it('answer a first search here at once, while the copy goes to the workers in parts', async () => {
    const one = new SearchPool(1);
    try {
      const sent = vi.spyOn(one['slots'][0]!.worker, 'postMessage');
      const call = { indexName: CAR_INDEX, params: { query: 'ford' }, baseFilters: {} };
      const first = await one.search(engine, call);
      expect(one.holding(engine)).toBe(0);
      expect(timeless(first)).toEqual(timeless(engine.search(CAR_INDEX, { query: 'ford' })));
      await one.ready(engine);
      expect(one.holding(engine)).toBe(1);
      const parts = sent.mock.calls
        .map(([message]) => message as PoolRequest)
        .flatMap((m) => (m.type === 'copy-part' ? [m.records.length] : []));
      const records = engine
        .indexesWithNames()
        .reduce((n, { index }) => n + index.records.length, 0);
      expect(Math.max(...parts)).toBeLessThanOrEqual(COPY_PART);
      expect(parts.reduce((a, b) => a + b, 0)).toBe(records);
      expect(parts.length).toBeGreaterThan(1);
      const there = await one.search(engine, call);
      expect(sent.mock.calls.at(-1)![0]).toMatchObject({
        type: 'search',
        params: { query: 'ford' },
      });
      expect(timeless(there)).toEqual(timeless(first));
    } finally {
      await one.close();
    }
  });

  it('a worker that dies answers its searches SEARCH_UNAVAILABLE and is replaced', async () => {
    const one = new SearchPool(1);
    try {
      await one.ready(engine);
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
      const [before] = slow.threadIds();
      await expect(slow.ready(big)).rejects.toMatchObject({ message: SEARCH_UNAVAILABLE });
      expect(slow.threadIds()).not.toContain(before);
      // Searches are still answered, here, while no worker holds the engine.
      const answer = await slow.search(big, { indexName: CAR_INDEX, params: {}, baseFilters: {} });
      expect(answer.nbHits).toBe(cars.length);
    } finally {
      await slow.close();
    }
  });

  it('a change of the stock here is never answered from an older copy', async () => {
    const small = makeEngine();
    await pool.ready(small);
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
    expect(pool.holding(small)).toBe(0);
    // Asked before the copies and after them: here, then in each worker.
    for (let i = 0; i < 4; i++) {
      if (i === 2) await pool.ready(small);
      expect(pool.holding(small)).toBe(i < 2 ? 0 : 2);
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

  it('a copy overtaken by a change of the stock is given up, and the next one taken', async () => {
    const small = makeEngine();
    const copied = pool.ready(small);
    small.addIndex('cars', [{ objectID: 'x2', name: 'Kia Picanto', make: 'Kia', rank: 1 }], {
      searchableAttributes: ['name', 'make'],
      attributesForFaceting: ['make'],
      customRanking: [{ attribute: 'rank', order: 'desc' }],
    });
    await expect(copied).rejects.toMatchObject({ message: SEARCH_UNAVAILABLE });
    expect(pool.holding(small)).toBe(0);
    await pool.ready(small);
    expect(pool.holding(small)).toBe(2);
    const found = await pool.search(small, {
      indexName: 'cars',
      params: { query: 'picanto' },
      baseFilters: {},
    });
    expect(found.hits.map((h) => h.objectID)).toEqual(['x2']);
  });

  it('FORECOURT_SEARCH_WORKERS: unset is 0 (this thread), a number, or auto', () => {
    expect(searchWorkerCount(undefined)).toBe(0);
    expect(searchWorkerCount('2')).toBe(2);
    expect(searchWorkerCount('auto')).toBeGreaterThanOrEqual(1);
    expect(() => searchWorkerCount('-1')).toThrow(/FORECOURT_SEARCH_WORKERS/);
  });
});
