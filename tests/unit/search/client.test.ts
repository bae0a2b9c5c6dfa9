/** The engine as an in-browser search client (static builds), and the isomorphic core rule. */
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import algoliasearchHelper from 'algoliasearch-helper';
import { createLocalSearchClient, SERVER_RENDER_BUDGET_MS } from '../../../engine/search/client.ts';
import { DEFAULT_TIME_BUDGET_MS } from '../../../engine/search/limits.ts';
import { ids, makeEngine } from './fixtures.ts';

describe('local search client', () => {
  it('answers algoliasearch-helper searches, disjunctive facets and facet value searches without HTTP', async () => {
    const client = createLocalSearchClient(makeEngine(10));
    const helper = algoliasearchHelper(client as never, 'cars', {
      disjunctiveFacets: ['make'],
      hitsPerPage: 3,
    });
    helper.addDisjunctiveFacetRefinement('make', 'Toyota');
    const { content } = await helper.searchOnce({});
    expect(ids(content.hits)).toEqual([6, 7, 8]);
    expect(content.getFacetByName('make')).toBeTruthy();
    const fv = await helper.searchForFacetValues('make', 'ma', 5);
    expect(fv.facetHits.map((h: { value: string }) => h.value)).toEqual(['Mazda']);
  });

  it('rejects bad requests like algoliasearch does (an error with a status), and hands out copies', async () => {
    const client = createLocalSearchClient(makeEngine(10));
    await expect(
      client.search([{ indexName: 'cars', params: { filters: 'make:' } }]),
    ).rejects.toMatchObject({ status: 400, name: 'ApiError' });
    await expect(client.search({ requests: [{ indexName: 'none' }] })).rejects.toMatchObject({
      status: 404,
    });
    const a = await client.search([{ indexName: 'cars', query: 'ford' }]);
    (a.results[0] as { hits: unknown[] }).hits.length = 0;
    const b = await client.search([{ indexName: 'cars', query: 'ford' }]);
    expect((b.results[0] as { hits: unknown[] }).hits).toHaveLength(5);
  });

  it('gives each search the work budget it was made with (the server rendering a page gets more than a public request)', async () => {
    const spent = createLocalSearchClient(makeEngine(10), { budgetMs: -1 });
    await expect(
      spent.search([{ indexName: 'cars', query: 'ford', facets: ['make'] }]),
    ).rejects.toMatchObject({
      status: 400,
      message: expect.stringMatching(/more work than one request may take/),
    });
    const roomy = createLocalSearchClient(makeEngine(10), { budgetMs: SERVER_RENDER_BUDGET_MS });
    expect(
      (
        (await roomy.search([{ indexName: 'cars', query: 'ford', facets: ['make'] }]))
          .results[0] as { nbHits: number }
      ).nbHits,
    ).toBe(5);
    expect(SERVER_RENDER_BUDGET_MS).toBeGreaterThan(DEFAULT_TIME_BUDGET_MS);
  });
});

/** engine/search's files that run only in the server: the HTTP routes and the search workers. */
const SERVER_SIDE = ['http.ts', 'write-router.ts', 'worker-pool.ts', 'search-worker.ts'];

describe('isomorphic core', () => {
  it('engine/search (but its server side: http.ts, write-router.ts and the worker threads) and the inventory generator import nothing node-only, and nothing from blocks/', () => {
    const root = join(import.meta.dirname, '../../../engine');
    const demo = join(import.meta.dirname, '../../../demo');
    const files = [
      ...readdirSync(join(root, 'search'))
        .filter((f) => f.endsWith('.ts') && !SERVER_SIDE.includes(f))
        .map((f) => join(root, 'search', f)),
      ...['derive.ts', 'finance.ts'].map((f) => join(root, 'inventory', f)),
      ...[
        'generate.ts',
        'car-kind.ts',
        'year-and-odometer.ts',
        'pricing.ts',
        'drivetrain.ts',
        'car-photos.ts',
        'car-categories.ts',
        'car-locations.ts',
        'catalogue-view.ts',
        'listing.ts',
        'outlets.ts',
        'vocab.ts',
      ].map((f) => join(demo, 'inventory', f)),
      join(demo, 'prng.ts'),
      join(demo, 'photos/svg.ts'),
    ];
    expect(files.length).toBeGreaterThan(15);
    for (const file of files) {
      const imports = [
        ...readFileSync(file, 'utf8').matchAll(/^\s*(?:import|export)[^'"]*from\s+'([^']+)'/gm),
      ].map((m) => m[1]);
      for (const spec of imports) {
        expect(spec, `${file} imports ${spec}`).not.toMatch(
          /^(node:|express$|fs$|path$|zlib$)|\/blocks\//,
        );
      }
    }
  });
});
