/** Site base filters per preset and switch, the 1999 count rule, and both against a generated inventory. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { algoliaProblems } from '../../../engine/search/algolia-compat.ts';
import {
  createCarSearchEngine,
  CAR_INDEX,
  CAR_REPLICAS,
} from '../../../engine/search/car-index.ts';
import type { SearchEngine } from '../../../engine/search/engine.ts';
import { COUNT_LIMIT, displayCount } from '../../../engine/search/result-count.ts';
import {
  buildSiteFilter,
  dealerFilter,
  quote,
  soldCutoff,
  plainStockFilter,
  siteShownFilter,
  type SiteFilterSource,
} from '../../../engine/search/site-filter.ts';
import { siteCarsFilter } from '../../../blocks/_cars/data.ts';
import { loadInventory } from '../../../demo/defaults.ts';
import type { Car } from '../../../schemas/types.gen.ts';

const NOW = Date.UTC(2025, 5, 15, 10, 37, 12);
const CUTOFF = soldCutoff(NOW, 3);
const site = (
  search: SiteFilterSource['search'],
  features: SiteFilterSource['features'] = {},
  dealerships = [{ slug: 'gold-coast-ford' }],
): SiteFilterSource => ({
  search,
  features,
  dealerships,
});

describe('site base filter strings', () => {
  it('the cutoff is soldCutoffDays before now, rounded down to the hour', () => {
    expect(CUTOFF).toBe(Date.UTC(2025, 5, 12, 10, 0, 0) / 1000);
    expect(soldCutoff(NOW, 7)).toBe(Date.UTC(2025, 5, 8, 10, 0, 0) / 1000);
  });

  it('preset 1: everything shown on the website', () => {
    expect(buildSiteFilter(site({ preset: 1 }), { now: NOW })).toBe(
      'show_on_dealer_website:true AND dealership_slug:"gold-coast-ford"',
    );
  });

  it('preset 2: available only', () => {
    expect(buildSiteFilter(site({ preset: 2 }), { now: NOW })).toBe(
      'listing_state:available AND show_on_dealer_website:true AND dealership_slug:"gold-coast-ford"',
    );
  });

  it('preset 3 (the default): available plus sold after the cutoff', () => {
    const expected = `listed_until > ${CUTOFF} AND show_on_dealer_website:true AND dealership_slug:"gold-coast-ford"`;
    expect(buildSiteFilter(site({ preset: 3 }), { now: NOW })).toBe(expected);
    expect(buildSiteFilter(site({}), { now: NOW })).toBe(expected);
  });

  it('preset 4: in stock only', () => {
    expect(buildSiteFilter(site({ preset: 4 }), { now: NOW })).toBe(
      'status:in_stock AND show_on_dealer_website:true AND dealership_slug:"gold-coast-ford"',
    );
  });

  it('soldCutoffDays from the document', () => {
    expect(buildSiteFilter(site({ preset: 3 }, { soldCutoffDays: 10 }), { now: NOW })).toContain(
      `listed_until > ${soldCutoff(NOW, 10)}`,
    );
  });

  it('usedOnly, inStockOnly, excluded makes, several dealerships', () => {
    const f = buildSiteFilter(
      site(
        { preset: 3, usedOnly: true, inStockOnly: true, excludedMakes: ['Suzuki', 'Great "Wall"'] },
        {},
        [{ slug: 'a' }, { slug: 'b' }],
      ),
      { now: NOW },
    );
    expect(f).toBe(
      `listed_until > ${CUTOFF} AND show_on_dealer_website:true AND status:in_stock AND car_type:used AND NOT make:"Suzuki" AND NOT make:"Great \\"Wall\\"" AND (dealership_slug:"a" OR dealership_slug:"b")`,
    );
  });

  it('price ascending excludes price 0 only where switched on and only on the price-ascending replica', () => {
    const on = site({}, { priceAscendingExcludesZero: true });
    expect(buildSiteFilter(on, { now: NOW, indexName: CAR_REPLICAS.price_asc })).toMatch(
      / AND price > 0$/,
    );
    expect(buildSiteFilter(on, { now: NOW, indexName: CAR_INDEX })).not.toContain('price > 0');
    expect(
      buildSiteFilter(site({}), { now: NOW, indexName: CAR_REPLICAS.price_asc }),
    ).not.toContain('price > 0');
  });

  it('a dealer link narrows to one dealership', () => {
    expect(
      buildSiteFilter(site({ preset: 1 }), {
        now: NOW,
        dealershipSlug: 'nerang-ford',
        allDealerships: true,
      }),
    ).toBe('show_on_dealer_website:true AND dealership_slug:"nerang-ford"');
    expect(dealerFilter('x')).toBe('dealership_slug:"x"');
    expect(quote('a\\b')).toBe('"a\\\\b"');
  });

  it('every generated filter stays within Algolia syntax; the plain stock filter does not', () => {
    for (const preset of [1, 2, 3, 4] as const) {
      for (const usedOnly of [false, true]) {
        const f = buildSiteFilter(
          site(
            { preset, usedOnly, inStockOnly: !usedOnly, excludedMakes: ['Suzuki'] },
            { priceAscendingExcludesZero: true },
            [{ slug: 'a' }, { slug: 'b' }],
          ),
          {
            now: NOW,
            indexName: CAR_REPLICAS.price_asc,
          },
        );
        expect(algoliaProblems(f), f).toEqual([]);
      }
    }
    expect(algoliaProblems(plainStockFilter(CUTOFF))).toContain(
      'Different types are not allowed in the same OR',
    );
  });
});

describe('site filters on a generated inventory', () => {
  let cars: Car[];
  let engine: SearchEngine;
  const now = Date.UTC(2025, 5, 15, 12, 0, 0);
  const sitesDir = join(import.meta.dirname, '../../../sites');
  const sites = Object.fromEntries(
    ['gold-coast-ford', 'kiwi-car-yard', 'southern-motor-group', 'lakeside-chevrolet'].map(
      (slug) => [
        slug,
        JSON.parse(readFileSync(join(sitesDir, `${slug}.json`), 'utf8')) as SiteFilterSource,
      ],
    ),
  );
  const count = (filters: string, index = CAR_INDEX) =>
    engine.search(index, { filters, hitsPerPage: 0 }).nbHits;
  const matching = (pred: (c: Car) => boolean) => cars.filter(pred).length;

  beforeAll(() => {
    cars = loadInventory(sitesDir, { count: 4000, now });
    engine = createCarSearchEngine(cars, { cacheSize: 0 });
  });

  it('preset 3 selects exactly what the plain stock filter selects', () => {
    const cutoff = soldCutoff(now, 3);
    const ours = engine.search(CAR_INDEX, {
      filters: `listed_until > ${cutoff} AND show_on_dealer_website:true`,
      hitsPerPage: 1000,
      attributesToRetrieve: ['id'],
      attributesToHighlight: [],
    });
    const plain = engine.search(CAR_INDEX, {
      filters: plainStockFilter(cutoff),
      hitsPerPage: 1000,
      attributesToRetrieve: ['id'],
      attributesToHighlight: [],
    });
    expect(ours.nbHits).toBe(plain.nbHits);
    expect(ours.hits.map((h) => h.objectID)).toEqual(plain.hits.map((h) => h.objectID));
    const expected = matching(
      (c) =>
        c.show_on_dealer_website && (c.status !== 'sold' || (c.sold_date_timestamp ?? 0) > cutoff),
    );
    expect(ours.nbHits).toBe(expected);
    // Some sold cars are in, some out: the cutoff really cuts.
    expect(
      matching((c) => c.status === 'sold' && (c.sold_date_timestamp ?? 0) > cutoff),
    ).toBeGreaterThan(0);
    expect(
      matching((c) => c.status === 'sold' && (c.sold_date_timestamp ?? 0) <= cutoff),
    ).toBeGreaterThan(0);
  });

  it('each preset selects what it says', () => {
    const base = { search: {}, features: {}, dealerships: [] };
    const f = (preset: 1 | 2 | 3 | 4) => buildSiteFilter({ ...base, search: { preset } }, { now });
    expect(count(f(1))).toBe(matching((c) => c.show_on_dealer_website));
    expect(count(f(2))).toBe(matching((c) => c.show_on_dealer_website && c.status !== 'sold'));
    expect(count(f(4))).toBe(matching((c) => c.show_on_dealer_website && c.status === 'in_stock'));
    expect(count(f(1))).toBeGreaterThan(count(f(3)));
    expect(count(f(3))).toBeGreaterThan(count(f(2)));
    expect(count(f(2))).toBeGreaterThan(count(f(4)));
  });

  it("what the search service holds a site's public requests to (siteShownFilter) removes no car its pages select", () => {
    for (const doc of Object.values(sites)) {
      const shown = siteShownFilter(doc);
      for (const preset of [1, 2, 3, 4] as const) {
        for (const inStockOnly of [false, true]) {
          const own = buildSiteFilter(
            { ...doc, search: { ...doc.search, preset, inStockOnly } },
            { now, indexName: CAR_REPLICAS.price_asc },
          );
          expect(count(`${shown} AND ${own}`, CAR_REPLICAS.price_asc)).toBe(
            count(own, CAR_REPLICAS.price_asc),
          );
        }
      }
      expect(count(shown)).toBe(count(siteCarsFilter({ slug: 'x', ...doc } as never)));
      expect(count(`${shown} AND show_on_dealer_website:false`)).toBe(0);
    }
  });

  it("the demo sites' documents: own dealerships only, used only on the NZ yard, excluded makes", () => {
    const kiwi = engine.search(CAR_INDEX, {
      filters: buildSiteFilter(sites['kiwi-car-yard'], { now }),
      facets: ['car_type', 'dealership_slug'],
      hitsPerPage: 0,
    });
    expect(Object.keys(kiwi.facets.car_type)).toEqual(['used']);
    expect(Object.keys(kiwi.facets.dealership_slug)).toEqual(['kiwi-car-yard']);
    const southern = engine.search(CAR_INDEX, {
      filters: buildSiteFilter(sites['southern-motor-group'], { now }),
      facets: ['make', 'dealership_slug'],
      maxValuesPerFacet: 1000,
      hitsPerPage: 0,
    });
    expect(Object.keys(southern.facets.dealership_slug).sort()).toEqual([
      'southern-hyundai',
      'southern-kia',
      'southern-mazda',
      'southern-toyota',
    ]);
    expect(southern.facets.make).not.toHaveProperty('Suzuki');
    expect(
      matching((c) => c.dealership_slug.startsWith('southern-') && c.make === 'Suzuki'),
    ).toBeGreaterThan(0);
  });

  it('the 1999 rule with real facet counts', () => {
    const all = engine.search(CAR_INDEX, { facets: ['car_type'], hitsPerPage: 0 });
    expect(all.nbHits).toBeGreaterThan(COUNT_LIMIT);
    const sum = Object.values(all.facets.car_type).reduce((a, b) => a + b, 0);
    expect(displayCount(all.nbHits, { refined: true, facetCounts: all.facets.car_type })).toBe(sum);
  });
});

describe('the 1999 count rule', () => {
  it('leaves counts up to 1999 alone', () => {
    expect(displayCount(1999, { stockCount: 5000, facetCounts: { a: 1 } })).toBe(1999);
    expect(displayCount(0)).toBe(0);
  });

  it('above 1999: the site stock count when nothing is refined', () => {
    expect(displayCount(2000, { stockCount: 2345, facetCounts: { new: 1000, used: 1200 } })).toBe(
      2345,
    );
  });

  it('above 1999 and refined: the sum of the facet counts', () => {
    expect(
      displayCount(2500, {
        refined: true,
        stockCount: 9000,
        facetCounts: { new: 1000, used: 1200, demo: 80 },
      }),
    ).toBe(2280);
    expect(displayCount(2500, { stockCount: 0, facetCounts: { new: 2100 } })).toBe(2100);
  });

  it('above 1999 with nothing to replace it: unchanged', () => {
    expect(displayCount(2500)).toBe(2500);
    expect(displayCount(2500, { refined: true, stockCount: 9000 })).toBe(2500);
  });
});
