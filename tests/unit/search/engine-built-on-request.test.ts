/**
 * A server builds a site's search engine when the site is first searched
 * (engine/inventory/live-stock.ts): building it is the server's work, not the request's, so
 * the request that waited for it is not refused for running out of its time budget
 * (engine/search/limits.ts), over HTTP or in process.
 */
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import express from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLocalSearchClient } from '../../../engine/search/client.ts';
import type { SearchEngine } from '../../../engine/search/engine.ts';
import type { MultiQueryRequest } from '../../../engine/search/engine-types.ts';
import { createSearchRouter } from '../../../engine/search/http.ts';
import { DEFAULT_TIME_BUDGET_MS } from '../../../engine/search/limits.ts';
import { makeEngine } from './fixtures.ts';

/** An engine whose building takes longer than a request's budget, built on first use. */
function slowlyBuilt() {
  let built: SearchEngine | undefined;
  return () => {
    if (!built) {
      const until = Date.now() + DEFAULT_TIME_BUDGET_MS + 200;
      while (Date.now() < until);
      built = makeEngine();
    }
    return built;
  };
}

const REQUESTS: MultiQueryRequest[] = [
  { indexName: 'cars', query: '', hitsPerPage: 2, facets: ['make'] },
  { indexName: 'cars', type: 'facet', facet: 'make', facetQuery: 'to' },
];

describe('an engine built by the request that first needs it', () => {
  let server: Server;
  let base: string;
  beforeAll(async () => {
    server = express().use(createSearchRouter(slowlyBuilt())).listen(0, '127.0.0.1');
    await new Promise((r) => server.once('listening', r));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((r) => server.close(() => r())));

  it('answers that multi-query over HTTP', async () => {
    const res = await fetch(`${base}/1/indexes/*/queries`, {
      method: 'POST',
      body: JSON.stringify({ requests: REQUESTS }),
    });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { results: { nbHits?: number; facetHits?: unknown[] }[] };
    expect(body.results[0].nbHits).toBeGreaterThan(0);
    expect(body.results[1].facetHits!.length).toBeGreaterThan(0);
  });

  it('answers it in process, under the server render’s own budget', async () => {
    const client = createLocalSearchClient(slowlyBuilt(), { budgetMs: DEFAULT_TIME_BUDGET_MS });
    const { results } = await client.search(REQUESTS);
    expect((results[0] as { nbHits: number }).nbHits).toBeGreaterThan(0);
  });
});
