/**
 * Hidden cars stay hidden: on the platform's search service every public request is held to a
 * stock filter the server derives from the request's search key, ANDed with whatever the
 * request asks, the way Algolia's secured API keys embed filters (engine/search/README.md,
 * "Public requests"). A site's key holds it to what that site shows; no key, or a key of no
 * site, holds it to what any site shows (show_on_dealer_website:true). No filter, facet
 * filter, facet search or record lookup can widen it.
 */
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import express from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSearchRouter } from '../../../engine/search/http.ts';
import {
  PUBLIC_STOCK_FILTER,
  publicStockFilter,
  siteOfSearchKey,
  siteSearchKey,
} from '../../../engine/search/public-access.ts';
import { searchClientFor } from '../../../blocks/_search/client.ts';
import { cars, ids, makeEngine, settings } from './fixtures.ts';
import { SearchEngine } from '../../../engine/search/engine.ts';
import { CAR_INDEX, CAR_REPLICAS } from '../../../engine/search/car-index.ts';
import { MODEL_INDEX } from '../../../engine/search/directory-indexes.ts';

const HIDDEN = 8; // the Toyota RAV4 of the fixtures: show_on_dealer_website false
const site = {
  search: { preset: 1 as const, excludedMakes: ['Mazda'] },
  features: {},
  dealerships: [],
};

let server: Server;
let base: string;
const seenKeys: (string | undefined)[] = [];

beforeAll(async () => {
  const baseFilter = publicStockFilter({
    site: (slug) => (slug === 'demo' ? site : undefined),
    restricted: (index) => index.startsWith('cars'),
  });
  server = express()
    .use((req, _res, next) => {
      seenKeys.push(req.get('x-algolia-api-key'));
      next();
    })
    .use(createSearchRouter(makeEngine(10), { baseFilter }))
    .listen(0, '127.0.0.1');
  await new Promise((r) => server.once('listening', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));

const search = async (params: Record<string, unknown>, key?: string, index = 'cars') => {
  const res = await fetch(`${base}/1/indexes/${index}/query`, {
    method: 'POST',
    body: JSON.stringify(params),
    headers: key ? { 'x-algolia-api-key': key } : {},
  });
  return {
    status: res.status,
    body: (await res.json()) as {
      hits: { objectID: string; vin?: string }[];
      nbHits: number;
      facets: Record<string, Record<string, number>>;
    },
  };
};

describe('the search key names a site; the server derives its filter', () => {
  it('site keys round-trip; anything else names no site', () => {
    expect(siteOfSearchKey(siteSearchKey('gold-coast-ford'))).toBe('gold-coast-ford');
    for (const key of [undefined, '', 'public-search', 'site.', 'site.../x', 'anything'])
      expect(siteOfSearchKey(key)).toBeUndefined();
  });

  it('asking for hidden cars finds none, with a site key, with another key or with none', async () => {
    for (const key of [
      siteSearchKey('demo'),
      siteSearchKey('no-such-site'),
      'public-search',
      undefined,
    ]) {
      for (const params of [
        { filters: 'show_on_dealer_website:false' },
        { filters: 'show_on_dealer_website:false OR make:Toyota' },
        { filters: 'NOT show_on_dealer_website:true' },
        { facetFilters: ['show_on_dealer_website:false'] },
        { facetFilters: [['show_on_dealer_website:-true', 'make:Toyota']] },
        { numericFilters: ['show_on_dealer_website=0'] },
        { query: 'rav4' },
        { query: 'STK1007' },
      ]) {
        const { status, body } = await search(params, key);
        expect(status).toBe(200);
        expect(ids(body.hits)).not.toContain(HIDDEN);
      }
    }
  });

  it("a site's key also holds the request to that site's own limits (its excluded makes)", async () => {
    expect((await search({ filters: 'make:Mazda' }, siteSearchKey('demo'))).body.nbHits).toBe(0);
    // No site key: only the platform's rule (what no site shows stays hidden).
    expect((await search({ filters: 'make:Mazda' })).body.nbHits).toBe(1);
    expect(
      (await search({ filters: 'make:Mazda' }, siteSearchKey('no-such-site'))).body.nbHits,
    ).toBe(1);
  });

  it('facet counts and facet value searches count only the cars the key may see', async () => {
    const { body } = await search({ facets: ['make'], hitsPerPage: 0 }, siteSearchKey('demo'));
    expect(body.facets.make).toEqual({ Ford: 5, Toyota: 2, 'Land Rover': 1 });
    const res = await fetch(`${base}/1/indexes/cars/facets/make/query`, {
      method: 'POST',
      body: JSON.stringify({ facetQuery: 'toy', filters: 'show_on_dealer_website:false' }),
    });
    expect(((await res.json()) as { facetHits: unknown[] }).facetHits).toEqual([]);
  });

  it('a hidden car is not found by id, alone or in a batch', async () => {
    const one = await fetch(`${base}/1/indexes/cars/${HIDDEN}`);
    expect(one.status).toBe(404);
    const shown = await fetch(`${base}/1/indexes/cars/1`);
    expect(shown.status).toBe(200);
    const batch = await fetch(`${base}/1/indexes/*/objects`, {
      method: 'POST',
      body: JSON.stringify({
        requests: [
          { indexName: 'cars', objectID: String(HIDDEN) },
          { indexName: 'cars', objectID: '1' },
        ],
      }),
    });
    const { results } = (await batch.json()) as { results: ({ objectID: string } | null)[] };
    expect(results[0]).toBeNull();
    expect(results[1]?.objectID).toBe('1');
  });

  it('the same request with different keys is not answered from one cached result', async () => {
    const params = { facets: ['make'], hitsPerPage: 0, query: '' };
    expect((await search(params, siteSearchKey('demo'))).body.facets.make.Mazda).toBeUndefined();
    expect((await search(params)).body.facets.make.Mazda).toBe(1);
    expect((await search(params, siteSearchKey('demo'))).body.facets.make.Mazda).toBeUndefined();
  });

  it('indexes that are not restricted answer as asked', async () => {
    const filter = publicStockFilter({
      site: () => site,
      restricted: (index) => index === 'Car_production',
    });
    expect(filter(siteSearchKey('demo'), 'Model_production')).toBeUndefined();
    expect(filter(undefined, 'Car_production')).toBe(PUBLIC_STOCK_FILTER);
    expect(filter(siteSearchKey('demo'), 'Car_production')).toBe(
      'show_on_dealer_website:true AND NOT make:"Mazda"',
    );
  });
});

describe("the platform's default: every index that may hold cars is held, whatever its name", () => {
  it('the car index, its replicas, a replica or index the search sync adds under a new name; the directories answer as asked', async () => {
    const engine = new SearchEngine({ cacheSize: 0 });
    const records = cars as unknown as Record<string, unknown>[];
    engine.addIndex(CAR_INDEX, records, {
      ...settings,
      replicas: { [CAR_REPLICAS.price_asc]: [{ attribute: 'price', order: 'asc' }] },
    });
    engine.setReplica(CAR_INDEX, 'Car_production_custom_order', [
      { attribute: 'km', order: 'asc' },
    ]);
    engine.addIndex('Car_staging', records, settings);
    engine.addIndex(MODEL_INDEX, [{ objectID: 'm1', make: 'Toyota' }], {
      ...settings,
      replicas: {},
    });
    const app = express().use(
      createSearchRouter(engine, { baseFilter: publicStockFilter({ site: () => undefined }) }),
    );
    const own = app.listen(0, '127.0.0.1');
    await new Promise((r) => own.once('listening', r));
    const at = `http://127.0.0.1:${(own.address() as AddressInfo).port}`;
    try {
      for (const index of [
        CAR_INDEX,
        CAR_REPLICAS.price_asc,
        'Car_production_custom_order',
        'Car_staging',
      ]) {
        const res = await fetch(`${at}/1/indexes/${index}/query`, {
          method: 'POST',
          body: JSON.stringify({ filters: 'show_on_dealer_website:false' }),
        });
        expect(((await res.json()) as { nbHits: number }).nbHits, index).toBe(0);
        expect((await fetch(`${at}/1/indexes/${index}/${HIDDEN}`)).status, index).toBe(404);
        expect((await fetch(`${at}/1/indexes/${index}/1`)).status, index).toBe(200);
      }
      const models = await fetch(`${at}/1/indexes/${MODEL_INDEX}/query`, {
        method: 'POST',
        body: '{}',
      });
      expect(((await models.json()) as { nbHits: number }).nbHits).toBe(1);
    } finally {
      await new Promise<void>((r) => own.close(() => r()));
    }
  });
});

describe("the sites' search client sends the site's key", () => {
  it('an embedded site sends its own key; a site on Algolia sends its Algolia key unchanged', async () => {
    seenKeys.length = 0;
    const embedded = searchClientFor(
      { engine: 'embedded', host: '', appId: '', apiKey: '', index: 'cars' } as never,
      base,
      'demo',
    );
    const got = await embedded.search([
      { indexName: 'cars', params: { filters: 'show_on_dealer_website:false', hitsPerPage: 5 } },
    ]);
    expect((got.results[0] as { nbHits: number }).nbHits).toBe(0);
    expect(seenKeys.at(-1)).toBe(siteSearchKey('demo'));

    const algolia = searchClientFor(
      {
        engine: 'algolia',
        host: base,
        appId: 'APP',
        apiKey: 'algolia-search-key',
        index: 'cars',
      } as never,
      base,
      'demo',
    );
    await algolia.search([{ indexName: 'cars', params: { hitsPerPage: 0 } }]);
    expect(seenKeys.at(-1)).toBe('algolia-search-key');
  });
});
