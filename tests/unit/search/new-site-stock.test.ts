/**
 * A new site previews real stock (docs/editor-design.md, "A new site's stock"): the demo gives the
 * dealerships of a site without locations (one just created from a starter template) cars of
 * their own, and a draft's preview searches under the draft's filter, not the published
 * site's (engine/search/public-access.ts, draft keys).
 */
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import express from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Car } from '../../../schemas/types.gen.ts';
import { withCameraPhotos } from '../../../demo/inventory/camera-cars.ts';
import { demoStock } from '../../../demo/inventory/load.ts';
import {
  NEW_DEALERSHIP_CARS,
  newDealershipStock,
} from '../../../demo/inventory/new-dealerships.ts';
import { readCatalogue, readInventorySites } from '../../../engine/inventory/load.ts';
import { createCarSearchEngine, CAR_INDEX } from '../../../engine/search/car-index.ts';
import { createSearchRouter } from '../../../engine/search/http.ts';
import {
  draftSearchKey,
  PUBLIC_STOCK_FILTER,
  publicStockFilter,
  siteSearchKey,
  withDraftSearchKey,
} from '../../../engine/search/public-access.ts';
import { buildSiteFilter } from '../../../engine/search/site-filter.ts';
import type { ResolvedSite } from '../../../engine/site/types.ts';
import { SITES_DIR } from '../helpers.ts';

const catalogue = readCatalogue(SITES_DIR);
const demoSites = readInventorySites(SITES_DIR);
const NOW = Date.UTC(2026, 0, 15);

/** A site as the editor's "New site" form creates it: dealerships, no locations yet. */
function newSite(slug: string, dealerships: ResolvedSite['dealerships']): ResolvedSite {
  return {
    slug,
    name: 'City Motors',
    region: 'AU',
    dealerships,
    locations: [],
    search: {},
    features: {},
  } as unknown as ResolvedSite;
}
const CITY = newSite('city-motors', [
  { id: 901, slug: 'city-motors', name: 'City Motors', manufacturers: ['Toyota', 'Mazda'] },
] as ResolvedSite['dealerships']);

describe('demo stock for the dealerships of a new site', () => {
  const stock = demoStock({ count: 2000, now: NOW });
  const before = stock({ catalogue, sites: demoSites });
  const after = stock({ catalogue, sites: [...demoSites, CITY] });
  const own = after.filter((c) => c.dealership_slug === 'city-motors');

  it('gives each of them cars of its own, new and demo ones of the makes it sells', () => {
    expect(own).toHaveLength(NEW_DEALERSHIP_CARS);
    const fresh = own.filter((c) => c.car_type !== 'used');
    expect(fresh.length).toBeGreaterThan(20);
    expect(new Set(fresh.map((c) => c.make))).toEqual(new Set(['Toyota', 'Mazda']));
    expect(own.filter((c) => c.car_type === 'used').length).toBeGreaterThan(20);
  });

  it('changes no other car, takes ids of its own, and is the same at every start', () => {
    expect(after.filter((c) => c.dealership_slug !== 'city-motors')).toEqual(before);
    const ids = new Set(after.map((c) => String(c.id)));
    expect(ids.size).toBe(after.length);
    // The generator's cars, with the camera photos the demo gives its first cars.
    expect(withCameraPhotos(newDealershipStock({ catalogue, sites: [CITY], now: NOW }))).toEqual(
      own,
    );
    // Asked for the new site alone (a site created while the server runs), the same cars.
    expect(stock({ catalogue, sites: [CITY] })).toEqual(own);
  });

  it('a used-car yard (no makes) gets used cars; a site with locations is left to the main stock', () => {
    const yard = newSite('yard', [
      { id: 902, slug: 'yard', name: 'Yard' },
    ] as ResolvedSite['dealerships']);
    const cars = newDealershipStock({ catalogue, sites: [yard], now: NOW });
    expect(cars.length).toBe(NEW_DEALERSHIP_CARS);
    expect(cars.every((c) => c.car_type === 'used')).toBe(true);
    expect(newDealershipStock({ catalogue, sites: demoSites, now: NOW })).toEqual([]);
  });
});

describe("a draft's preview searches under the draft's filter", () => {
  // Published: the site has only its first dealership; the draft adds a second one.
  const published = newSite('city-motors', [
    { id: 901, slug: 'city-motors', name: 'City Motors', manufacturers: ['Toyota'] },
  ] as ResolvedSite['dealerships']);
  const draft = newSite('city-motors', [
    ...published.dealerships,
    { id: 903, slug: 'city-motors-south', name: 'City Motors South', manufacturers: ['Mazda'] },
  ] as ResolvedSite['dealerships']);
  const cars: Car[] = newDealershipStock({ catalogue, sites: [draft], now: NOW });
  let server: Server;
  let base: string;

  beforeAll(async () => {
    const baseFilter = publicStockFilter({
      site: (slug) => (slug === 'city-motors' ? published : undefined),
    });
    server = express()
      .use(createSearchRouter(createCarSearchEngine(cars), { baseFilter }))
      .listen(0, '127.0.0.1');
    await new Promise((r) => server.once('listening', r));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((r) => server.close(() => r())));

  const search = async (filters: string, key: string) => {
    const res = await fetch(`${base}/1/indexes/${CAR_INDEX}/query`, {
      method: 'POST',
      body: JSON.stringify({
        filters,
        hitsPerPage: 0,
        facets: ['dealership_slug', 'show_on_dealer_website'],
      }),
      headers: { 'x-algolia-api-key': key },
    });
    return (await res.json()) as { nbHits: number; facets: Record<string, Record<string, number>> };
  };

  it('the draft key is held to what any site shows; the draft filter shows both dealerships', async () => {
    expect(
      publicStockFilter({ site: () => published })(draftSearchKey('city-motors'), CAR_INDEX),
    ).toBe(PUBLIC_STOCK_FILTER);
    const filter = buildSiteFilter({ ...draft, search: { preset: 1 } }, { now: NOW });
    const asDraft = await search(filter, draftSearchKey('city-motors'));
    expect(Object.keys(asDraft.facets.dealership_slug).sort()).toEqual([
      'city-motors',
      'city-motors-south',
    ]);
    expect(Object.keys(asDraft.facets.show_on_dealer_website)).toEqual(['true']);
    // The site's key stays held to the published site: the draft's new dealership shows nothing.
    const asSite = await search(filter, siteSearchKey('city-motors'));
    expect(Object.keys(asSite.facets.dealership_slug)).toEqual(['city-motors']);
  });

  it('a prepared draft searches with the draft key, unless it is on Algolia or has a key of its own', () => {
    expect(withDraftSearchKey({ slug: 'a', search: { pageSize: 21 } }).search).toEqual({
      pageSize: 21,
      apiKey: 'draft.a',
    });
    const algolia = { slug: 'a', search: { engine: 'algolia', appId: 'X', apiKey: 'k' } };
    expect(withDraftSearchKey(algolia)).toBe(algolia);
    const own = { slug: 'a', search: { apiKey: 'mine' } };
    expect(withDraftSearchKey(own)).toBe(own);
  });
});
