/**
 * What one search may ask for, so that no request holds the server (engine/search/README.md,
 * "Limits"): queries over 512 bytes are refused as Algolia refuses them, filters nested too
 * deep or too long get a 400 naming the limit instead of overflowing the parser's stack, and
 * the refusals come back at once whatever the size of the request.
 */
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import express from 'express';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createSearchRouter } from '../../../engine/search/http.ts';
import {
  MAX_FILTER_DEPTH,
  MAX_FILTER_LENGTH,
  MAX_HIGHLIGHT_TAG_LENGTH,
  MAX_LIST_ENTRIES,
  MAX_QUERY_BYTES,
  WorkBudget,
} from '../../../engine/search/limits.ts';
import { SearchEngine } from '../../../engine/search/engine.ts';
import { SearchError } from '../../../engine/search/errors.ts';
import { TextIndex } from '../../../engine/search/text-index.ts';
import { cars, makeEngine, settings } from './fixtures.ts';

const engine = makeEngine();

function refusal(run: () => unknown): SearchError {
  try {
    run();
  } catch (err) {
    if (err instanceof SearchError) return err;
    throw err;
  }
  throw new Error('the search was answered');
}

describe('query length', () => {
  it("a query of 512 bytes is searched; one byte more is a 400 with Algolia's message", () => {
    expect(MAX_QUERY_BYTES).toBe(512);
    expect(engine.search('cars', { query: 'a'.repeat(512) }).nbHits).toBe(0);
    const err = refusal(() => engine.search('cars', { query: 'a'.repeat(513) }));
    expect(err.status).toBe(400);
    expect(err.message).toBe(
      'Invalid value for "query" parameter, expected string shorter than 512 bytes',
    );
  });

  it("counts bytes, not characters (Algolia's limit is in UTF-8 bytes)", () => {
    // "é" is 2 bytes in UTF-8: 256 of them are exactly 512 bytes, 257 are over.
    expect(() => engine.search('cars', { query: 'é'.repeat(256) })).not.toThrow();
    expect(refusal(() => engine.search('cars', { query: 'é'.repeat(257) })).status).toBe(400);
  });

  it('the facet query of a facet value search has the same limit', () => {
    expect(
      refusal(() => engine.searchForFacetValues('cars', 'make', { facetQuery: 'f'.repeat(600) }))
        .status,
    ).toBe(400);
    expect(
      refusal(() => engine.multipleQueries([{ indexName: 'cars', query: 'x'.repeat(10_000) }]))
        .status,
    ).toBe(400);
  });

  it('a 512-byte query of typo-tolerant words is answered within the time budget', () => {
    const words = Array.from(
      { length: 56 },
      (_, i) => `rangerx${String.fromCharCode(97 + (i % 26))}`,
    ).join(' ');
    const started = performance.now();
    engine.search('cars', { query: words.slice(0, 512) });
    expect(performance.now() - started).toBeLessThan(200);
  });
});

describe('filter nesting and length', () => {
  it('4,000 parentheses are a 400 naming the nesting limit, not a stack overflow', () => {
    const filters = `${'('.repeat(4000)}make:Ford${')'.repeat(4000)}`;
    const err = refusal(() => engine.search('cars', { filters }));
    expect(err.status).toBe(400);
    expect(err.message).toMatch(/nested more than \d+ levels deep/);
  });

  it('20,000 NOTs are a 400 too', () => {
    const err = refusal(() =>
      engine.search('cars', { filters: `${'NOT '.repeat(20_000)}make:Ford` }),
    );
    expect(err.status).toBe(400);
    expect(err.message).toMatch(/too long|nested more than/);
  });

  it(`nesting up to the limit (${MAX_FILTER_DEPTH} levels) still runs`, () => {
    const depth = MAX_FILTER_DEPTH;
    const filters = `${'('.repeat(depth - 1)}make:Ford${')'.repeat(depth - 1)}`;
    expect(engine.search('cars', { filters }).nbHits).toBe(5);
    expect(engine.search('cars', { filters: `${'NOT '.repeat(depth - 2)}make:Ford` }).nbHits).toBe(
      5,
    );
    expect(
      refusal(() =>
        engine.search('cars', {
          filters: `${'('.repeat(depth + 1)}make:Ford${')'.repeat(depth + 1)}`,
        }),
      ).status,
    ).toBe(400);
  });

  it(`a filter longer than ${MAX_FILTER_LENGTH} characters is a 400 naming the limit`, () => {
    const filters = Array.from({ length: 2000 }, (_, i) => `make:"Make number ${i}"`).join(' OR ');
    expect(filters.length).toBeGreaterThan(MAX_FILTER_LENGTH);
    const err = refusal(() => engine.search('cars', { filters }));
    expect(err.status).toBe(400);
    expect(err.message).toContain(`${MAX_FILTER_LENGTH}`);
  });

  it('facetFilters and numericFilters count towards the same limits', () => {
    const many = Array.from({ length: 3000 }, (_, i) => `make:Make ${i}`);
    expect(refusal(() => engine.search('cars', { facetFilters: [many] })).status).toBe(400);
    expect(
      refusal(() =>
        engine.search('cars', { numericFilters: [`${'('.repeat(500)}price>1${')'.repeat(500)}`] }),
      ).status,
    ).toBe(400);
  });

  it('filters on thousands of attributes that do not exist do not grow the engine without bound', () => {
    const index = makeEngine();
    for (let round = 0; round < 40; round++) {
      const filters = Array.from({ length: 50 }, (_, i) => `nothing_${round}_${i}:x`).join(' OR ');
      expect(index.search('cars', { filters }).nbHits).toBe(0);
    }
    const [entry] = (
      index as unknown as { entries: Map<string, { index: { attributeCount(): number } }> }
    ).entries.values();
    expect(entry.index.attributeCount()).toBeLessThan(200);
  });
});

describe('lists and tags that cost work on every hit', () => {
  /** A thousand cars (the fixtures again and again), so one page can hold a thousand hits. */
  const many = new SearchEngine({ cacheSize: 0 });
  many.addIndex(
    'cars',
    Array.from({ length: 1000 }, (_, i) => ({ ...cars[i % cars.length], objectID: String(i + 1) })),
    settings,
  );
  const names = (n: number, prefix: string) => Array.from({ length: n }, (_, i) => `${prefix}${i}`);

  it(`a list parameter of more than ${MAX_LIST_ENTRIES} names is a 400 naming the limit, in any of the list parameters`, () => {
    for (const name of [
      'attributesToRetrieve',
      'attributesToHighlight',
      'facets',
      'restrictSearchableAttributes',
    ]) {
      const err = refusal(() => engine.search('cars', { [name]: names(20_000, 'a') }));
      expect(err.status).toBe(400);
      expect(err.message).toContain(`${name}: 20000 entries`);
      // As a comma-separated string (a params string or GET) too.
      expect(
        refusal(() =>
          engine.search('cars', {
            params: `${name}=${names(MAX_LIST_ENTRIES + 1, 'b').join(',')}`,
          }),
        ).status,
      ).toBe(400);
    }
    expect(
      engine.search('cars', { attributesToRetrieve: ['make', ...names(MAX_LIST_ENTRIES - 1, 'x')] })
        .hits[0],
    ).toHaveProperty('make');
  });

  it(`a highlight tag over ${MAX_HIGHLIGHT_TAG_LENGTH} characters is a 400 (a 400 kB tag built a 2 GB answer)`, () => {
    for (const name of ['highlightPreTag', 'highlightPostTag']) {
      expect(
        refusal(() =>
          engine.search('cars', {
            query: 'ford',
            [name]: `<${'x'.repeat(MAX_HIGHLIGHT_TAG_LENGTH)}>`,
          }),
        ).message,
      ).toContain(name);
    }
    expect(
      engine.search('cars', { query: 'ford', highlightPreTag: '<mark class="hit">' }).nbHits,
    ).toBeGreaterThan(0);
  });

  it('projecting and highlighting a thousand hits counts against the work budget (1,000 names on 1,000 hits held the server for 2 s)', () => {
    const started = performance.now();
    const err = refusal(() =>
      many.search(
        'cars',
        {
          query: 'f',
          hitsPerPage: 1000,
          attributesToRetrieve: names(1000, 'no.such.path'),
          attributesToHighlight: names(1000, 'h'),
        },
        { budget: new WorkBudget(30) },
      ),
    );
    expect(err.message).toMatch(/more work than one request may take/);
    expect(performance.now() - started).toBeLessThan(400);
    // The same page with the sites' own short lists is answered.
    expect(
      many.search(
        'cars',
        { hitsPerPage: 1000, attributesToRetrieve: ['make', 'model'] },
        { budget: new WorkBudget(300) },
      ).hits,
    ).toHaveLength(1000);
  });
});

describe('over HTTP: refusals come back at once', () => {
  let server: Server;
  let base: string;
  beforeAll(async () => {
    server = express().use(createSearchRouter(makeEngine())).listen(0, '127.0.0.1');
    await new Promise((r) => server.once('listening', r));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((r) => server.close(() => r())));

  it('a 10 kB query is a 400 before any matching, by POST and by GET (it held the server for over half a second)', async () => {
    const query = Array.from({ length: 1200 }, (_, i) => `word${i}`)
      .join(' ')
      .slice(0, 10_240);
    // Refused at the door: the text index never sees the words (speed itself is the load bench's: scripts/bench/load.ts).
    const matching = vi.spyOn(TextIndex.prototype, 'match');
    try {
      for (const send of [
        () =>
          fetch(`${base}/1/indexes/*/queries`, {
            method: 'POST',
            body: JSON.stringify({ requests: [{ indexName: 'cars', query }] }),
          }),
        () => fetch(`${base}/1/indexes/cars?query=${encodeURIComponent(query)}`),
      ]) {
        const res = await send();
        expect(res.status).toBe(400);
        expect(await res.json()).toEqual({
          status: 400,
          message: 'Invalid value for "query" parameter, expected string shorter than 512 bytes',
        });
      }
      expect(matching).not.toHaveBeenCalled();
      // The same route does match a short query: the spy sees real work.
      expect(
        (await fetch(`${base}/1/indexes/cars?query=${encodeURIComponent('toyota corolla')}`))
          .status,
      ).toBe(200);
      expect(matching).toHaveBeenCalled();
    } finally {
      matching.mockRestore();
    }
  });

  it('a filter of 4,000 parentheses is a 400, not a 500', async () => {
    const filters = `${'('.repeat(4000)}make:Ford${')'.repeat(4000)}`;
    const res = await fetch(`${base}/1/indexes/cars/query`, {
      method: 'POST',
      body: JSON.stringify({ filters }),
    });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { message: string }).message).toMatch(
      /Invalid filters: .*nested more than/,
    );
  });

  it('a record batch with a malformed entry is a 400 naming what each entry needs, not a 500', async () => {
    for (const requests of [
      [5],
      [null],
      [{ indexName: 'cars' }],
      [{ indexName: 'cars', objectID: '1', attributesToRetrieve: 5 }],
    ]) {
      const res = await fetch(`${base}/1/indexes/*/objects`, {
        method: 'POST',
        body: JSON.stringify({ requests }),
      });
      expect(res.status, JSON.stringify(requests)).toBe(400);
    }
    const ok = await fetch(`${base}/1/indexes/*/objects`, {
      method: 'POST',
      body: JSON.stringify({
        requests: [{ indexName: 'cars', objectID: '1', attributesToRetrieve: 'make,model' }],
      }),
    });
    expect(((await ok.json()) as { results: object[] }).results[0]).toEqual({
      objectID: '1',
      make: cars[0].make,
      model: cars[0].model,
    });
  });

  it('more than 50 queries in one multi-query is a 400 (Algolia\'s "Too many queries in multi query request")', async () => {
    const requests = Array.from({ length: 51 }, () => ({ indexName: 'cars', hitsPerPage: 0 }));
    const res = await fetch(`${base}/1/indexes/*/queries`, {
      method: 'POST',
      body: JSON.stringify({ requests }),
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({
      status: 400,
      message: 'Too many queries in multi query request',
    });
    const ok = await fetch(`${base}/1/indexes/*/queries`, {
      method: 'POST',
      body: JSON.stringify({ requests: requests.slice(0, 50) }),
    });
    expect(ok.status).toBe(200);
  });
});

describe('work budget', () => {
  /** A column that takes `ms` to build, once (as a cold attribute of 200k cars would under load). */
  function slowColumnEngine(ms: number) {
    const slow = new SearchEngine({ cacheSize: 0 });
    slow.addIndex('cars', cars as unknown as Record<string, unknown>[], {
      ...settings,
      computedAttributes: {
        slow_make: (r) => {
          const until = performance.now() + ms / cars.length;
          while (performance.now() < until);
          return String(r.make);
        },
      },
    });
    return slow;
  }

  it('a first request on a cold attribute is not refused for the time its column takes to build', () => {
    // The column takes three times the budget; the budget is wide enough for the request's own work on a loaded machine.
    const slow = slowColumnEngine(300);
    const first = slow.search(
      'cars',
      { filters: 'slow_make:Ford', facets: ['slow_make'] },
      { budget: new WorkBudget(100) },
    );
    expect(first.nbHits).toBe(5);
    expect(first.facets?.slow_make).toEqual({ Ford: 5 });
  });

  it('still refuses a request whose own work is over its budget', () => {
    const slow = slowColumnEngine(0);
    const err = refusal(() =>
      slow.search('cars', { filters: 'slow_make:Ford' }, { budget: new WorkBudget(-1) }),
    );
    expect(err.status).toBe(400);
    expect(err.message).toMatch(/more work than one request may take/);
  });
});
