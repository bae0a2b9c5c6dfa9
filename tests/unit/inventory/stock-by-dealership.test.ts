/**
 * A server makes a site's cars when the site is first asked for (docs/deploy.md, "Memory and
 * start-up"), so the demo provider, asked for some dealerships, must make exactly the cars
 * it makes for them when it makes them all: same ids, stock numbers and values.
 */
import { describe, expect, it } from 'vitest';
import { demoStock } from '../../../demo/inventory/load.ts';
import { readCatalogue, readInventorySites } from '../../../engine/inventory/load.ts';
import type { ResolvedSite } from '../../../engine/site/types.ts';
import { SITES_DIR } from '../helpers.ts';

const catalogue = readCatalogue(SITES_DIR);
const demoSites = readInventorySites(SITES_DIR);
const NOW = Date.UTC(2026, 0, 15);
const newSite = {
  slug: 'city-motors',
  name: 'City Motors',
  region: 'AU',
  dealerships: [{ id: 901, slug: 'city-motors', name: 'City Motors', manufacturers: ['Toyota'] }],
  locations: [],
  search: {},
  features: {},
} as unknown as ResolvedSite;
const sites = [...demoSites, newSite];

describe('the demo stock of some dealerships', () => {
  const stock = demoStock({ count: 1600, now: NOW });
  const all = stock({ catalogue, sites });
  const slugs = [...new Set(all.map((c) => c.dealership_slug))];

  it.each([
    [['kiwi-car-yard']],
    [['southern-mazda', 'nerang-ford']],
    [['city-motors', 'gold-coast-ford']],
    [[]],
  ])('for %j is the whole run’s cars of those dealerships', (wanted) => {
    const some = stock({ catalogue, sites, dealerships: new Set(wanted) });
    expect(some).toEqual(all.filter((c) => wanted.includes(c.dealership_slug)));
  });

  it('every dealership asked for on its own adds up to the whole run', () => {
    expect(slugs.length).toBeGreaterThan(5);
    const pieces = slugs.flatMap((slug) =>
      stock({ catalogue, sites, dealerships: new Set([slug]) }),
    );
    const byId = (a: { id: number }, b: { id: number }) => a.id - b.id;
    expect([...pieces].sort(byId)).toEqual([...all].sort(byId));
  });

  it('asked for in pieces, holds each repeated list and location once, as one call does', () => {
    // A fresh provider asked a dealership at a time, as the warm-up asks (live-stock.ts).
    const pieces = demoStock({ count: 1600, now: NOW });
    const cars = slugs.flatMap((slug) =>
      pieces({ catalogue, sites, dealerships: new Set([slug]) }),
    );
    const distinct = (values: unknown[]) => new Set(values).size;
    const lists = (of: typeof all) => of.map((c) => c.categories);
    const texts = (of: typeof all) => of.map((c) => JSON.stringify(c.categories));
    // As many list objects as distinct lists: none repeated between calls.
    expect(distinct(lists(cars))).toBe(distinct(texts(cars)));
    expect(distinct(lists(cars))).toBe(distinct(lists(all)));
    expect(distinct(cars.map((c) => c.location))).toBe(distinct(all.map((c) => c.location)));
  });
});
