/**
 * Where the embedded engine used to answer differently from Algolia: filter arrays sent as
 * JSON in a GET query string, and a facet value search on an attribute that is not a facet.
 */
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import express from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSearchRouter } from '../../../engine/search/http.ts';
import { SearchError } from '../../../engine/search/errors.ts';
import { ids, makeEngine } from './fixtures.ts';

let server: Server;
let base: string;

beforeAll(async () => {
  server = express().use(createSearchRouter(makeEngine())).listen(0, '127.0.0.1');
  await new Promise((r) => server.once('listening', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));

const get = async (query: Record<string, string>) => {
  const res = await fetch(`${base}/1/indexes/cars?${new URLSearchParams(query)}`);
  return {
    status: res.status,
    body: (await res.json()) as {
      hits: { objectID: string }[];
      nbHits: number;
      facets?: Record<string, Record<string, number>>;
    },
  };
};
const post = async (params: Record<string, unknown>) =>
  (await (
    await fetch(`${base}/1/indexes/cars/query`, { method: 'POST', body: JSON.stringify(params) })
  ).json()) as { nbHits: number; hits: { objectID: string }[] };

describe('GET /1/indexes/{index}: filter arrays as JSON in the query string', () => {
  it('facetFilters, numericFilters and tagFilters given as JSON arrays match the same cars as by POST', async () => {
    const cases: Record<string, unknown>[] = [
      { facetFilters: [['make:Ford', 'make:Mazda'], 'status:in_stock'] },
      { facetFilters: ['make:-Ford'] },
      { numericFilters: ['price>=40000', ['year=2022', 'year=2020']] },
      { tagFilters: [['demo', 'new']] },
      { facets: ['make', 'status'] },
    ];
    for (const params of cases) {
      const byPost = await post(params);
      const query = Object.fromEntries(
        Object.entries(params).map(([k, v]) => [k, JSON.stringify(v)]),
      );
      const { status, body } = await get(query);
      expect(status).toBe(200);
      expect(byPost.nbHits).toBeGreaterThan(0);
      expect(ids(body.hits)).toEqual(ids(byPost.hits));
    }
  });

  it('the comma-separated forms keep working', async () => {
    expect((await get({ numericFilters: 'price>=40000,year>=2022' })).body.nbHits).toBe(
      (await post({ numericFilters: ['price>=40000', 'year>=2022'] })).nbHits,
    );
    expect((await get({ facetFilters: 'make:Ford' })).body.nbHits).toBe(5);
    expect((await get({ facets: 'make,status' })).body.facets).toHaveProperty('status');
  });

  it('a JSON array that does not parse is a 400 naming the parameter', async () => {
    const { status, body } = await get({ facetFilters: '["make:Ford"' });
    expect(status).toBe(400);
    expect((body as unknown as { message: string }).message).toMatch(/^facetFilters/);
  });
});

describe('facet value search on an attribute that is not a facet', () => {
  it("is a 400 with Algolia's message, by the engine and over HTTP", async () => {
    const engine = makeEngine();
    let err: unknown;
    try {
      engine.searchForFacetValues('cars', 'badge', { facetQuery: 'x' });
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(SearchError);
    expect((err as SearchError).status).toBe(400);
    const message =
      'Cannot search in `badge` attribute, you need to add `searchable(badge)` to attributesForFaceting.';
    expect((err as SearchError).message).toBe(message);

    const res = await fetch(`${base}/1/indexes/cars/facets/badge/query`, {
      method: 'POST',
      body: JSON.stringify({ facetQuery: 'x' }),
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ status: 400, message });
    const multi = await fetch(`${base}/1/indexes/*/queries`, {
      method: 'POST',
      body: JSON.stringify({
        requests: [{ indexName: 'cars', type: 'facet', facet: 'badge', facetQuery: 'x' }],
      }),
    });
    expect(multi.status).toBe(400);
  });

  it('a facet listed in attributesForFaceting is searched as before', () => {
    expect(
      makeEngine()
        .searchForFacetValues('cars', 'make', { facetQuery: 'toy' })
        .facetHits.map((h) => h.value),
    ).toEqual(['Toyota']);
  });
});
