/**
 * The real algoliasearch v5 client (full and lite) and algoliasearch-helper (what
 * react-instantsearch runs on) against the router on an ephemeral local port, unchanged but
 * for the host. Plus the raw HTTP contract: errors, CORS, params strings, gzip bodies.
 */
import { gzipSync } from 'node:zlib';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import express from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { algoliasearch } from 'algoliasearch';
import { liteClient } from 'algoliasearch/lite';
import algoliasearchHelper from 'algoliasearch-helper';
import { createSearchRouter } from '../../../engine/search/http.ts';
import { soldCutoff } from '../../../engine/search/site-filter.ts';
import { ids, makeEngine } from './fixtures.ts';

let server: Server;
let base: string;
let hosts: { url: string; accept: 'readWrite'; protocol: 'http' }[];

beforeAll(async () => {
  const app = express();
  app.use(createSearchRouter(makeEngine(10)));
  server = app.listen(0, '127.0.0.1');
  await new Promise((r) => server.once('listening', r));
  const { port } = server.address() as AddressInfo;
  base = `http://127.0.0.1:${port}`;
  hosts = [{ url: `127.0.0.1:${port}`, accept: 'readWrite', protocol: 'http' }];
});

afterAll(() => new Promise<void>((r) => server.close(() => r())));

const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
  fetch(base + path, {
    method: 'POST',
    body: typeof body === 'string' ? body : JSON.stringify(body),
    headers: { 'content-type': 'text/plain', ...headers },
  });

describe('algoliasearch v5 client against the embedded engine', () => {
  it('search() multi-query with facets, filters and stats', async () => {
    const client = algoliasearch('local', 'search-key', { hosts });
    const { results } = await client.search({
      requests: [
        {
          indexName: 'cars',
          query: 'ford',
          facets: ['make', 'price'],
          filters: 'status:in_stock',
          hitsPerPage: 5,
        },
        { indexName: 'cars_price_asc', hitsPerPage: 2, numericFilters: ['price>0'] },
      ],
    });
    const [a, b] = results as {
      hits: { objectID: string }[];
      nbHits: number;
      facets: Record<string, Record<string, number>>;
      facets_stats: Record<string, unknown>;
    }[];
    expect(ids(a.hits)).toEqual([1, 2]);
    expect(a.facets.make).toEqual({ Ford: 2 });
    expect(a.facets_stats.price).toEqual({ min: 52990, max: 69990, avg: 61490, sum: 122980 });
    expect(ids(b.hits)).toEqual([7, 4]);
  });

  it('searchSingleIndex, searchForFacetValues and getObject', async () => {
    const client = algoliasearch('local', 'search-key', { hosts });
    const single = await client.searchSingleIndex({
      indexName: 'cars',
      searchParams: { query: 'toyta', hitsPerPage: 2, page: 1 },
    });
    expect(ids(single.hits)).toEqual([8]);
    expect(single).toMatchObject({ nbHits: 3, nbPages: 2, page: 1 });
    const facets = await client.searchForFacetValues({
      indexName: 'cars',
      facetName: 'make',
      searchForFacetValuesRequest: { facetQuery: 'ma' },
    });
    expect(facets.facetHits).toEqual([{ value: 'Mazda', highlighted: '<em>Ma</em>zda', count: 1 }]);
    expect(await client.getObject({ indexName: 'cars', objectID: '10' })).toMatchObject({
      make: 'Land Rover',
    });
  });

  it('the lite client, in the legacy array form InstantSearch uses', async () => {
    const client = liteClient('local', 'search-key', { hosts });
    const { results } = await client.search([
      { indexName: 'cars', params: { query: 'mazda', attributesToRetrieve: ['model'] } },
    ]);
    expect((results[0] as { hits: unknown[] }).hits).toEqual([
      {
        model: 'CX-5',
        objectID: '9',
        _highlightResult: expect.objectContaining({
          make: {
            value: '<em>Mazda</em>',
            matchLevel: 'full',
            matchedWords: ['mazda'],
            fullyHighlighted: true,
          },
        }),
      },
    ]);
  });

  it('errors reach the client as ApiError with status and message', async () => {
    const client = algoliasearch('local', 'search-key', { hosts });
    await expect(
      client.searchSingleIndex({ indexName: 'missing', searchParams: {} }),
    ).rejects.toMatchObject({ status: 404, message: 'Index missing does not exist' });
    await expect(
      client.search({ requests: [{ indexName: 'cars', filters: 'make:(' }] }),
    ).rejects.toMatchObject({ status: 400, message: expect.stringMatching(/position 6/) });
  });

  it('algoliasearch-helper: conjunctive hits query plus disjunctive facet queries, refinements, paging', async () => {
    const helper = algoliasearchHelper(
      liteClient('local', 'search-key', { hosts }) as never,
      'cars',
      {
        disjunctiveFacets: ['make', 'price'],
        facets: ['colour'],
        hitsPerPage: 2,
      },
    );
    helper
      .addDisjunctiveFacetRefinement('make', 'Ford')
      .addDisjunctiveFacetRefinement('make', 'Mazda')
      .addNumericRefinement('price', '>=', 30000);
    const { content } = await helper.searchOnce({ page: 1 });
    expect(content.nbHits).toBe(5);
    expect(ids(content.hits)).toEqual([3, 5]);
    // The make facet ignores its own refinement (disjunctive), the colour facet does not.
    const makeValues = content.getFacetValues('make', { sortBy: ['name:asc'] }) as {
      name: string;
      count: number;
    }[];
    const makes = Object.fromEntries(makeValues.map((f) => [f.name, f.count]));
    expect(makes).toEqual({ Ford: 4, 'Land Rover': 1, Mazda: 1, Toyota: 1 });
    // Stats of a disjunctive facet come from its own query, without its refinement: Ford and Mazda at any price.
    expect(content.getFacetStats('price')).toMatchObject({ min: 29990, max: 69990 });
    const colours = content.getFacetValues('colour', { sortBy: ['name:asc'] }) as {
      name: string;
    }[];
    expect(colours.map((f) => f.name)).toEqual(['Blue', 'Grey', 'Red', 'White']);
  });
});

describe('raw HTTP contract', () => {
  it('params as a URL-encoded string, the v3/v4 request form', async () => {
    const res = await post('/1/indexes/*/queries', {
      requests: [
        { indexName: 'cars', params: 'query=range&hitsPerPage=1&facets=%5B%22make%22%5D' },
      ],
    });
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(ids(body.results[0].hits)).toEqual([10]);
    expect(body.results[0].facets.make).toEqual({ Ford: 2, 'Land Rover': 1 });
  });

  it('single-index query and GET with query string', async () => {
    expect(
      ids(
        (await (await post('/1/indexes/cars/query', { params: 'filters=make%3AMazda' })).json())
          .hits,
      ),
    ).toEqual([9]);
    expect(ids((await (await fetch(`${base}/1/indexes/cars?query=puma`)).json()).hits)).toEqual([
      4,
    ]);
  });

  it('gzip request bodies', async () => {
    const res = await fetch(base + '/1/indexes/cars/query', {
      method: 'POST',
      body: gzipSync(JSON.stringify({ query: 'hilux' })),
      headers: { 'content-type': 'text/plain', 'content-encoding': 'gzip' },
    });
    expect(ids((await res.json()).hits)).toEqual([6]);
  });

  it('bad input gets a clear 4xx JSON error, never a crash', async () => {
    const cases: [string, unknown, number, RegExp][] = [
      [
        '/1/indexes/cars/query',
        { filters: 'price >' },
        400,
        /Invalid filters: unexpected end of filter.* at position 8/,
      ],
      ['/1/indexes/cars/query', { page: -1 }, 400, /page must be greater than or equal to 0/],
      [
        '/1/indexes/cars/query',
        { hitsPerPage: 1001 },
        400,
        /hitsPerPage must be lower than or equal to 1000/,
      ],
      ['/1/indexes/nope/query', {}, 404, /Index nope does not exist/],
      ['/1/indexes/*/queries', { requests: 'x' }, 400, /requests must be an array/],
      ['/1/indexes/cars/query', '{not json', 400, /Invalid JSON body/],
      ['/1/indexes/cars/query', { facetFilters: [5] }, 400, /facetFilters entries must be strings/],
      ['/1/nothing/here', {}, 404, /No such endpoint/],
    ];
    for (const [path, body, status, message] of cases) {
      const res = await post(path, body);
      expect(res.status, path).toBe(status);
      expect(res.headers.get('content-type')).toMatch(/application\/json/);
      const json = await res.json();
      expect(json.status).toBe(status);
      expect(json.message).toMatch(message);
    }
    // Still answering after all that.
    expect((await post('/1/indexes/cars/query', {})).status).toBe(200);
  });

  it('CORS preflight and Algolia auth headers are accepted', async () => {
    const pre = await fetch(base + '/1/indexes/*/queries', {
      method: 'OPTIONS',
      headers: {
        origin: 'http://site.test',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'x-algolia-api-key, x-algolia-application-id',
      },
    });
    expect(pre.status).toBe(204);
    expect(pre.headers.get('access-control-allow-origin')).toBe('http://site.test');
    expect(pre.headers.get('access-control-allow-headers')).toContain('x-algolia-api-key');
    const res = await post(
      '/1/indexes/cars/query',
      {},
      { 'x-algolia-application-id': 'local', 'x-algolia-api-key': 'k', origin: 'http://site.test' },
    );
    expect(res.status).toBe(200);
    expect(res.headers.get('access-control-allow-origin')).toBe('http://site.test');
  });

  it('with apiKeys set, other keys get 403', async () => {
    const app = express().use(createSearchRouter(makeEngine(), { apiKeys: ['good'] }));
    const s = app.listen(0, '127.0.0.1');
    await new Promise((r) => s.once('listening', r));
    const url = `http://127.0.0.1:${(s.address() as AddressInfo).port}/1/indexes/cars/query`;
    try {
      const bad = await fetch(url, {
        method: 'POST',
        body: '{}',
        headers: { 'x-algolia-api-key': 'bad' },
      });
      expect(bad.status).toBe(403);
      expect(await bad.json()).toEqual({
        message: 'Invalid Application-ID or API key',
        status: 403,
      });
      expect(
        (await fetch(url, { method: 'POST', body: '{}', headers: { 'x-algolia-api-key': 'good' } }))
          .status,
      ).toBe(200);
    } finally {
      s.close();
    }
  });
});

describe('createSearchService: what the server mounts', () => {
  it('serves search at /1/indexes and photos under /assets from one generated inventory', async () => {
    const { createSearchService } = await import('../../../engine/inventory/search-service.ts');
    const { demoProviders } = await import('../../../demo/defaults.ts');
    const service = createSearchService(
      join(import.meta.dirname, '../../../sites'),
      demoProviders({ count: 1500 }),
    );
    const app = express().use(service.searchRouter).use('/assets', service.photosRouter);
    const s = app.listen(0, '127.0.0.1');
    await new Promise((r) => s.once('listening', r));
    const url = `http://127.0.0.1:${(s.address() as AddressInfo).port}`;
    try {
      const client = liteClient('local', 'key', {
        hosts: [{ url: url.slice(7), accept: 'readWrite', protocol: 'http' }],
      });
      const { results } = await client.search([
        {
          indexName: 'Car_production_price_desc',
          params: { filters: 'car_type:new', hitsPerPage: 3 },
        },
        { indexName: 'Model_production', params: { query: 'hilux' } },
      ]);
      const cars = (
        results[0] as {
          hits: { price: number; primary_image_url: string | null; car_type: string }[];
        }
      ).hits;
      expect(cars.map((c) => c.car_type)).toEqual(['new', 'new', 'new']);
      expect(cars[0].price).toBeGreaterThanOrEqual(cars[1].price);
      expect((results[1] as { hits: { name: string }[] }).hits[0].name).toBe('Toyota HiLux');
      const withPhoto = service.cars.find((c) => c.primary_image_url)!;
      const photo = await fetch(url + withPhoto.primary_image_url);
      expect(photo.status).toBe(200);
      expect(service.getCar(withPhoto.slug)).toBe(withPhoto);
      const site = {
        search: { preset: 3 as const },
        features: {},
        dealerships: [{ slug: 'kiwi-car-yard' }],
      };
      expect(service.stockCount(site)).toBe(
        service.cars.filter(
          (c) =>
            c.dealership_slug === 'kiwi-car-yard' &&
            c.show_on_dealer_website &&
            c.listed_until > soldCutoff(Date.now(), 3),
        ).length,
      );
    } finally {
      s.close();
    }
  });
});
