/** The model directory and dealer directory searches (page size 21). */
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadInventory, readCatalogue, readInventorySites } from '../../../demo/defaults.ts';
import { SearchEngine } from '../../../engine/search/engine.ts';
import {
  addDirectoryIndexes,
  DEALER_INDEX,
  DIRECTORY_PAGE_SIZE,
  MODEL_INDEX,
} from '../../../engine/search/directory-indexes.ts';

const sitesDir = join(import.meta.dirname, '../../../sites');
let engine: SearchEngine;

beforeAll(() => {
  const cars = loadInventory(sitesDir, { count: 3000, now: Date.UTC(2025, 5, 15) });
  engine = new SearchEngine();
  addDirectoryIndexes(engine, readCatalogue(sitesDir), readInventorySites(sitesDir), cars);
});

describe('model directory', () => {
  it('filters by manufacturer.name and model.body, 21 to a page, offset paging', () => {
    const fords = engine.search(MODEL_INDEX, {
      filters: 'manufacturer.name:Ford',
      hitsPerPage: DIRECTORY_PAGE_SIZE,
    });
    expect(fords.nbHits).toBe(20);
    expect(fords.hits.every((h) => (h.manufacturer as { name: string }).name === 'Ford')).toBe(
      true,
    );
    const suvs = engine.search(MODEL_INDEX, {
      filters: 'model.body:suv',
      facets: ['manufacturer.name'],
      hitsPerPage: DIRECTORY_PAGE_SIZE,
    });
    expect(suvs.hits).toHaveLength(21);
    expect(suvs.nbHits).toBeGreaterThan(100);
    expect(suvs.facets['manufacturer.name'].Toyota).toBeGreaterThan(5);
    const next = engine.search(MODEL_INDEX, { filters: 'model.body:suv', offset: 21, length: 21 });
    expect(next.hits[0].objectID).not.toBe(suvs.hits[0].objectID);
  });

  it('finds models by name with typos', () => {
    expect(engine.search(MODEL_INDEX, { query: 'landcruser' }).hits.map((h) => h.name)).toContain(
      'Toyota LandCruiser 300',
    );
    // Two makes have a Ranger (Ford's ute, Essential's caravan).
    expect(
      engine.search(MODEL_INDEX, { filters: 'model.name:Ranger' }).hits.map((h) => h.name),
    ).toEqual(['Ford Ranger', 'Essential Ranger']);
    expect(
      engine
        .search(MODEL_INDEX, { filters: 'model.name:Ranger AND manufacturer.name:Ford' })
        .hits.map((h) => h.name),
    ).toEqual(['Ford Ranger']);
  });
});

describe('dealer directory', () => {
  it('one record per dealership, filtered by categories and price', () => {
    const all = engine.search(DEALER_INDEX, {
      facets: ['categories'],
      hitsPerPage: DIRECTORY_PAGE_SIZE,
    });
    expect(all.nbHits).toBe(8);
    expect(all.facets.categories.Used).toBe(8);
    expect(all.facets.categories.New).toBe(7);
    const toyota = engine.search(DEALER_INDEX, { filters: 'categories:Toyota AND categories:New' });
    expect(toyota.hits.map((h) => h.slug)).toEqual(['southern-toyota']);
    const cheap = engine.search(DEALER_INDEX, { filters: 'price < 5000' });
    expect(cheap.hits.every((h) => (h.price as number) < 5000)).toBe(true);
    expect(engine.search(DEALER_INDEX, { query: 'kiwi' }).hits.map((h) => h.slug)).toEqual([
      'kiwi-car-yard',
    ]);
  });
});
