import { describe, expect, it, vi } from 'vitest';
import { car } from '../_cars/test-cars.ts';
import { siteCarsFilter } from '../_cars/data.ts';
import {
  findSimilarCars,
  pickSimilar,
  SIMILAR_CANDIDATES,
  SIMILAR_COUNT,
  SIMILAR_PRICE_BAND,
  similarFilter,
} from './similar.ts';

const site = {
  slug: 'dealer',
  search: { index: 'Car_production', preset: 1 },
  features: {},
  dealerships: [{ slug: 'nerang' }],
} as unknown as Parameters<typeof similarFilter>[0];

describe('similar cars', () => {
  it('filter: the same model or body, available, within the price band, among what the site shows', () => {
    const f = similarFilter(site, car({ model: 'Corolla', simple_body: 'Hatch', price: 20000 }))!;
    const low = 20000 * (1 - SIMILAR_PRICE_BAND);
    const high = 20000 * (1 + SIMILAR_PRICE_BAND);
    expect(f).toBe(
      `(model:"Corolla" OR simple_body:"Hatch") AND listing_state:available AND price:${low} TO ${high} AND ${siteCarsFilter(site)}`,
    );
  });

  it('filter: no price band for an unpriced car, none at all without model and body', () => {
    const f = similarFilter(site, car({ model: 'Corolla', simple_body: undefined, price: 0 }))!;
    expect(f).toMatch(/^\(model:"Corolla"\) AND listing_state:available AND /);
    expect(f).not.toMatch(/price:/);
    expect(similarFilter(site, car({ model: undefined, simple_body: undefined }))).toBeUndefined();
  });

  it('picks the same model first, then the nearest price; never the car itself or a sold car', () => {
    const own = car({ id: 1, objectID: '1', price: 20000 });
    const hits = [
      car({ id: 1, objectID: '1', price: 20000 }),
      car({ id: 2, objectID: '2', model: 'Yaris', price: 20100 }),
      car({ id: 3, objectID: '3', price: 23000 }),
      car({ id: 4, objectID: '4', price: 19000 }),
      car({ id: 5, objectID: '5', price: 20000, status: 'sold', sold: true }),
      car({ id: 6, objectID: '6', model: 'Camry', price: 25000 }),
    ];
    expect(pickSimilar(own, hits).map((c) => c.id)).toEqual([4, 3, 2, 6]);
    expect(pickSimilar(own, hits, 2).map((c) => c.id)).toEqual([4, 3]);
    expect(SIMILAR_COUNT).toBe(4);
  });

  it('asks the search engine for candidates with the card fields, and shows none when it fails', async () => {
    const search = vi.fn(async () => [car({ id: 7, objectID: '7' })]);
    const found = await findSimilarCars(site, car(), { search });
    expect(found.map((c) => c.id)).toEqual([7]);
    const [filters, hits, attrs] = search.mock.calls[0] as unknown as [string, number, string[]];
    expect(filters).toBe(similarFilter(site, car()));
    expect(hits).toBe(SIMILAR_CANDIDATES);
    expect(attrs).toContain('thumbnails');
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const failing = vi.fn(async () => {
      throw new Error('search down');
    });
    expect(await findSimilarCars(site, car(), { search: failing })).toEqual([]);
    expect(warn).toHaveBeenCalled();
    warn.mockRestore();
  });
});
