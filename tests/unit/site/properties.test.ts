/**
 * Property-based robustness (fast-check): mutated site documents are either rejected
 * with JSON paths or render on the server without throwing; random search requests get
 * an answer or a 4xx SearchError, never a crash.
 */
import { describe, expect, it, vi } from 'vitest';
import fc from 'fast-check';
import cloneDeep from 'lodash-es/cloneDeep.js';
import { registry } from '../../../blocks/registry.ts';
import { createPageRenderer } from '../../../engine/render/server.tsx';
import { siteDataFor } from '../../../engine/site/data.ts';
import { SearchError } from '../../../engine/search/errors.ts';
import { createCarSearchEngine } from '../../../engine/search/index.ts';
import { generateInventory } from '../../../demo/defaults.ts';
import { readCatalogue, readInventorySites } from '../../../engine/inventory/load.ts';
import { prepare, readSite, SITES_DIR } from '../helpers.ts';

const catalogue = readCatalogue(SITES_DIR);
const renderPage = createPageRenderer(registry);
const SLUGS = ['gold-coast-ford', 'southern-motor-group', 'kiwi-car-yard', 'lakeside-chevrolet'];

/** Every JSON pointer in a value, for picking mutation targets. */
function pointers(value: unknown, path = ''): string[] {
  if (value === null || typeof value !== 'object') return [path];
  const entries = Array.isArray(value)
    ? value.map((v, i) => [String(i), v] as const)
    : Object.entries(value);
  return [path, ...entries.flatMap(([k, v]) => pointers(v, `${path}/${k}`))];
}

function setAt(doc: any, pointer: string, value: unknown) {
  const keys = pointer.split('/').slice(1);
  if (!keys.length) return;
  let node = doc;
  for (const k of keys.slice(0, -1)) node = node[k];
  const last = keys[keys.length - 1];
  if (value === undefined) {
    if (Array.isArray(node)) node.splice(Number(last), 1);
    else delete node[last];
  } else node[last] = value;
}

const junk = fc.oneof(
  fc.constant(undefined),
  fc.constant(null),
  fc.string({ maxLength: 20 }),
  fc.constantFrom(
    'javascript:alert(1)',
    '<script>alert(1)</script>',
    '/ok',
    '#fff',
    'hero',
    '',
    'AU',
    'US',
  ),
  fc.integer({ min: -5, max: 100_000 }),
  fc.boolean(),
  fc.constant({}),
  fc.constant([]),
);

describe('mutated site documents', () => {
  const docs = SLUGS.map(readSite);
  const targets = docs.map((d) => pointers(d).filter(Boolean));

  it('are rejected with JSON paths, or render every page on the server without throwing', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 0, max: docs.length - 1 }),
        fc.array(fc.tuple(fc.nat(), junk), { minLength: 1, maxLength: 3 }),
        async (which, mutations) => {
          const doc = cloneDeep(docs[which]);
          for (const [n, value] of mutations) {
            const live = pointers(doc).filter(Boolean);
            setAt(doc, live[n % live.length] ?? targets[which][0], value);
          }
          const result = prepare(doc);
          if (!result.ok) {
            expect(result.issues.length).toBeGreaterThan(0);
            for (const issue of result.issues) {
              expect(issue.path).toMatch(/^\//);
              expect(issue.message.length).toBeGreaterThan(3);
            }
            return;
          }
          const site = result.site;
          for (const page of site.pages.slice(0, 4)) {
            const url = page.path.replace(/:[a-zA-Z]+/g, 'x').replace('*', 'missing');
            const rendered = await renderPage({
              site,
              siteData: siteDataFor(site, catalogue),
              url,
              basename: '',
              mode: 'production',
              origin: 'http://127.0.0.1:9',
            });
            expect(rendered.html).toContain('<main id="main"');
          }
        },
      ),
      { numRuns: 40 },
    );
    error.mockRestore();
    warn.mockRestore();
  }, 120_000);
});

describe('random search requests', () => {
  const cars = generateInventory({ catalogue, sites: readInventorySites(SITES_DIR), count: 800 });
  const engine = createCarSearchEngine(cars);
  const attr = fc.constantFrom(
    'make',
    'model',
    'price',
    'year',
    'km',
    'status',
    'car_type',
    'nope',
    'show_on_dealer_website',
    '',
  );
  const filterPart = fc.oneof(
    fc
      .tuple(
        attr,
        fc.constantFrom(':', '=', '<', '>=', '!=', ' TO '),
        fc.oneof(fc.string({ maxLength: 6 }), fc.integer().map(String)),
      )
      .map(([a, op, v]) => `${a}${op}${v}`),
    fc.string({ maxLength: 12 }),
  );
  const filters = fc
    .array(fc.tuple(filterPart, fc.constantFrom(' AND ', ' OR ', ' AND NOT ', ') (', '(', ')')), {
      maxLength: 4,
    })
    .map((parts) => parts.map(([p, j]) => p + j).join(''));
  const request = fc.record(
    {
      query: fc.string({ maxLength: 15 }),
      filters,
      page: fc.integer({ min: -3, max: 2000 }),
      hitsPerPage: fc.integer({ min: -1, max: 1500 }),
      facets: fc.array(attr, { maxLength: 4 }),
      numericFilters: fc.array(fc.string({ maxLength: 10 }), { maxLength: 2 }),
      facetFilters: fc.array(
        fc.oneof(
          fc.string({ maxLength: 10 }),
          fc.array(fc.string({ maxLength: 10 }), { maxLength: 2 }),
        ),
        { maxLength: 2 },
      ),
      maxValuesPerFacet: fc.integer({ min: -1, max: 2000 }),
    },
    { requiredKeys: [] },
  );
  const index = fc.constantFrom(
    'Car_production',
    'Car_production_price_asc',
    'Car_production_km_asc',
    'Nope',
  );

  it('answer or fail with a 4xx SearchError, never crash', () => {
    fc.assert(
      fc.property(index, request, (name, params) => {
        try {
          const res = engine.search(name, params as Record<string, unknown>);
          expect(Array.isArray(res.hits)).toBe(true);
          expect(res.nbHits).toBeGreaterThanOrEqual(0);
        } catch (err) {
          expect(err).toBeInstanceOf(SearchError);
          const status = (err as SearchError).status;
          expect(status >= 400 && status < 500).toBe(true);
        }
      }),
      { numRuns: 400 },
    );
  });
});
