/**
 * The embedded engine's write side (docs/search-sync.md): batch actions, partial update
 * operations, settings with replicas read from their ranking, browse with a cursor, tasks,
 * and an index the server built taken over on its first write (and again after the server
 * rebuilds it).
 */
import { describe, expect, it } from 'vitest';
import { SearchEngine } from '../../../engine/search/engine.ts';
import {
  createCarSearchEngine,
  CAR_INDEX,
  CAR_REPLICAS,
} from '../../../engine/search/car-index.ts';
import { WriteStore } from '../../../engine/search/write-store.ts';
import {
  replicaSettings,
  replicaSort,
  algoliaSettings,
  fromAlgoliaSettings,
} from '../../../engine/search/write-settings.ts';
import {
  siteReplicas,
  siteSortChoices,
  sitesToSync,
  type SyncSite,
} from '../../../engine/search/write-sync.ts';
import { CAR_INDEX_SETTINGS } from '../../../engine/search/car-index.ts';
import { loadInventory } from '../../../demo/defaults.ts';
import { SITES_DIR } from '../helpers.ts';

const makeCars = () =>
  loadInventory(SITES_DIR, { count: 300, now: Date.parse('2026-03-02T00:00:00Z') });

const ids = (hits: { objectID: string }[]) => hits.map((h) => h.objectID);

describe('write store', () => {
  it('applies batch actions and partial update operations; reads see them at once', () => {
    const engine = new SearchEngine();
    const store = new WriteStore(engine);
    const { objectIDs } = store.batch('things', [
      { action: 'addObject', body: { objectID: 'a', name: 'Alpha', n: 1, tags: ['x'] } },
      { action: 'addObject', body: { objectID: 'b', name: 'Beta', n: 2 } },
      { action: 'addObject', body: { name: 'Gamma' } },
    ]);
    expect(objectIDs.slice(0, 2)).toEqual(['a', 'b']);
    expect(objectIDs[2]).toMatch(/^[0-9a-f-]{36}$/);
    expect(store.pending).toBe(true);
    expect(store.taskStatus()).toEqual({ status: 'notPublished', pendingTask: true });
    store.flush();
    expect(store.taskStatus()).toEqual({ status: 'published', pendingTask: false });
    expect(engine.search('things', { query: 'alpha' }).nbHits).toBe(1);

    store.batch('things', [
      {
        action: 'partialUpdateObject',
        body: {
          objectID: 'a',
          n: { _operation: 'Increment', value: 4 },
          tags: { _operation: 'AddUnique', value: 'y' },
        },
      },
      { action: 'partialUpdateObjectNoCreate', body: { objectID: 'zz', n: 1 } },
      { action: 'updateObject', body: { objectID: 'b', name: 'Bravo' } },
      { action: 'deleteObject', body: { objectID: objectIDs[2] } },
    ]);
    store.flush();
    expect(engine.getObject('things', 'a')).toMatchObject({
      n: 5,
      tags: ['x', 'y'],
      name: 'Alpha',
    });
    expect(engine.getObject('things', 'b')).toEqual({ objectID: 'b', name: 'Bravo' });
    expect(engine.search('things', {}).nbHits).toBe(2);
    expect(() => store.batch('things', [{ action: 'explode', body: {} }])).toThrow(
      /Unknown batch action "explode" at position 0/,
    );
    expect(() =>
      store.batch('things', [{ action: 'updateObject', body: { name: 'no id' } }]),
    ).toThrow(/needs an objectID/);
  });

  it('creates replicas from settings, sorted by their ranking, and refuses records written to a replica', () => {
    const engine = new SearchEngine();
    const store = new WriteStore(engine);
    store.batch(
      'stock',
      [1, 2, 3, 4].map((i) => ({
        action: 'addObject',
        body: { objectID: `c${i}`, price: [300, 100, 400, 200][i - 1], rank: i },
      })),
    );
    store.setSettings(
      'stock',
      {
        customRanking: ['desc(rank)'],
        attributesForFaceting: ['searchable(make)', 'filterOnly(slug)', 'price'],
        replicas: ['stock_price_asc', 'virtual(stock_price_desc)'],
      },
      true,
    );
    store.setSettings(
      'stock_price_asc',
      replicaSettings([{ attribute: 'price', order: 'asc' }]),
      false,
    );
    store.setSettings('stock_price_desc', { ranking: ['desc(price)', 'typo', 'custom'] }, false);
    store.flush();
    expect(ids(engine.search('stock', {}).hits)).toEqual(['c4', 'c3', 'c2', 'c1']);
    expect(ids(engine.search('stock_price_asc', {}).hits)).toEqual(['c2', 'c4', 'c1', 'c3']);
    expect(ids(engine.search('stock_price_desc', {}).hits)).toEqual(['c3', 'c1', 'c4', 'c2']);
    expect(engine.search('stock', { facets: ['*'] }).facets).toHaveProperty('make');
    expect(store.getSettings('stock')).toMatchObject({
      customRanking: ['desc(rank)'],
      replicas: ['stock_price_asc', 'stock_price_desc'],
    });
    expect(store.getSettings('stock_price_asc')).toMatchObject({
      primary: 'stock',
      ranking: [
        'asc(price)',
        'typo',
        'geo',
        'words',
        'filters',
        'proximity',
        'attribute',
        'exact',
        'custom',
      ],
    });
    expect(() =>
      store.batch('stock_price_asc', [{ action: 'addObject', body: { objectID: 'x' } }]),
    ).toThrow(/Cannot write records to the replica stock_price_asc/);
    // The same settings again, or a replica's new order, rebuild nothing.
    const built = engine.source('stock')!.index;
    store.setSettings(
      'stock',
      {
        customRanking: ['desc(rank)'],
        attributesForFaceting: ['searchable(make)', 'filterOnly(slug)', 'price'],
        replicas: ['stock_price_asc', 'virtual(stock_price_desc)'],
      },
      true,
    );
    store.setSettings(
      'stock_price_desc',
      replicaSettings([{ attribute: 'rank', order: 'asc' }]),
      false,
    );
    expect(store.pending).toBe(false);
    expect(engine.source('stock')!.index).toBe(built);
    expect(ids(engine.search('stock_price_desc', {}).hits)).toEqual(['c1', 'c2', 'c3', 'c4']);
  });

  it('browses every record with a filter, a page at a time, with a cursor', () => {
    const engine = new SearchEngine();
    const store = new WriteStore(engine);
    store.batch(
      'many',
      Array.from({ length: 25 }, (_, i) => ({
        action: 'addObject',
        body: { objectID: String(i), even: i % 2 === 0 },
      })),
    );
    const seen: string[] = [];
    let cursor: string | undefined;
    let pages = 0;
    do {
      const page = store.browse('many', { filters: 'even:true', hitsPerPage: 5, cursor });
      expect(page.nbHits).toBe(13);
      seen.push(...ids(page.hits));
      cursor = page.cursor;
      pages++;
    } while (cursor);
    expect(pages).toBe(3);
    expect(seen).toEqual(Array.from({ length: 13 }, (_, i) => String(i * 2)));
    expect(() => store.browse('nothing', {})).toThrow(/does not exist/);
  });

  it('takes over an index the server built, and starts again from it when the server rebuilds it', () => {
    const cars = makeCars();
    const engine = createCarSearchEngine(cars);
    const store = new WriteStore(engine);
    const first = cars[0];
    store.partialUpdate(CAR_INDEX, String(first.id), { price: 1 }, false);
    store.flush();
    expect(engine.search(CAR_INDEX, { hitsPerPage: 0 }).nbHits).toBe(cars.length);
    expect(engine.getObject(CAR_INDEX, String(first.id)).price).toBe(1);
    expect(engine.getObject(CAR_REPLICAS.price_asc, String(first.id)).price).toBe(1);
    expect(ids(engine.search(CAR_REPLICAS.price_asc, { hitsPerPage: 1 }).hits)).toEqual([
      String(first.id),
    ]);
    // The server rebuilds the index (an import): a write starts from what it now serves.
    engine.addIndex(
      CAR_INDEX,
      cars.slice(1) as unknown as Record<string, unknown>[],
      CAR_INDEX_SETTINGS,
    );
    store.deleteObject(CAR_INDEX, String(cars[1].id));
    store.flush();
    expect(engine.search(CAR_INDEX, { hitsPerPage: 0 }).nbHits).toBe(cars.length - 2);
  });
});

describe('settings in Algolia words', () => {
  it('round-trips the car index settings and reads a replica sort from its ranking', () => {
    const sent = algoliaSettings(CAR_INDEX_SETTINGS, ['x_price_asc']);
    expect(sent.attributesForFaceting).toEqual(
      expect.arrayContaining(['searchable(make)', 'price', 'filterOnly(slug)']),
    );
    expect(sent.disableTypoToleranceOnAttributes).toEqual(['stocknum', 'vin']);
    const back = fromAlgoliaSettings(sent, {
      searchableAttributes: [],
      attributesForFaceting: [],
      customRanking: [],
    });
    expect(back.attributesForFaceting).toEqual(CAR_INDEX_SETTINGS.attributesForFaceting);
    expect(back.customRanking).toEqual(CAR_INDEX_SETTINGS.customRanking);
    expect(back.exactOnlyAttributes).toEqual(['stocknum', 'vin']);
    expect(replicaSort(['desc(has_price)', 'asc(price)', 'typo', 'desc(ignored)'])).toEqual([
      { attribute: 'has_price', order: 'desc' },
      { attribute: 'price', order: 'asc' },
    ]);
  });
});

describe('what a site syncs', () => {
  const site = (pages: unknown[], engine = 'algolia', dealerships = ['a']) =>
    ({
      slug: 's',
      search: { engine, index: 'Idx' },
      dealerships: dealerships.map((slug, i) => ({ id: i + 1, slug, name: slug })),
      features: {},
      pages,
    }) as unknown as SyncSite;
  const searchPage = (sortOptions?: string[]) => ({
    id: 'p',
    path: '/search',
    blocks: [{ id: 'b', type: 'search-page', props: sortOptions ? { sortOptions } : {} }],
  });

  it('one replica per sort choice its search pages offer (all five without a search page)', () => {
    expect(siteSortChoices(site([searchPage(['relevance', 'km_asc', 'price_asc'])]))).toEqual([
      'price_asc',
      'km_asc',
    ]);
    expect(
      siteSortChoices(site([searchPage(['relevance', 'price_asc']), searchPage(['newest'])])),
    ).toEqual(['price_asc', 'newest']);
    expect(siteSortChoices(site([]))).toEqual([
      'price_asc',
      'price_desc',
      'year_desc',
      'km_asc',
      'newest',
    ]);
    expect(siteReplicas('Idx', ['price_asc', 'km_asc'])).toEqual({
      Idx_price_asc: CAR_INDEX_SETTINGS.replicas![CAR_REPLICAS.price_asc],
      Idx_km_asc: [{ attribute: 'km', order: 'asc' }],
    });
  });

  it('an import pushes to the sites that show the dealership and search Algolia', () => {
    const algolia = site([], 'algolia', ['a', 'b']);
    const embedded = { ...site([], 'embedded', ['a']), slug: 'e' };
    const other = { ...site([], 'algolia', ['c']), slug: 'o' };
    expect(sitesToSync([algolia, embedded, other], 'a')).toEqual([algolia]);
    expect(sitesToSync([algolia, embedded, other], 'z')).toEqual([]);
  });
});
