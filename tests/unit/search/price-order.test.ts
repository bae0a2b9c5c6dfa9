/** The price replicas put cars without a price ("Enquire for price") last in both directions. */
import { describe, expect, it } from 'vitest';
import { createCarSearchEngine, CAR_INDEX, CAR_REPLICAS } from '../../../engine/search/index.ts';
import type { Car } from '../../../schemas/types.gen.ts';

const car = (id: number, price: number | null) =>
  ({ id, objectID: String(id), price, custom_rank: 100 - id, make: 'Ford' }) as unknown as Car;
const cars = [
  car(1, 0),
  car(2, 25_000),
  car(3, 9_000),
  car(4, 0),
  car(5, 61_000),
  car(6, null),
  car(7, 15_500),
];
const engine = createCarSearchEngine(cars, { cacheSize: 0 });
const order = (index: string, params = {}) =>
  engine.search(index, params).hits.map((h) => Number(h.objectID));

describe('price replicas', () => {
  it('lowest price first opens with the cheapest priced car; unpriced cars come last', () => {
    expect(order(CAR_REPLICAS.price_asc)).toEqual([3, 7, 2, 5, 1, 4, 6]);
  });
  it('highest price first also ends with the unpriced cars', () => {
    expect(order(CAR_REPLICAS.price_desc)).toEqual([5, 2, 7, 3, 1, 4, 6]);
  });
  it('holds with a text query and a filter, and leaves the default order alone', () => {
    expect(order(CAR_REPLICAS.price_asc, { query: 'ford', filters: 'price < 20000' })).toEqual([
      3, 7, 1, 4,
    ]);
    expect(order(CAR_INDEX)).toEqual([1, 2, 3, 4, 5, 6, 7]);
  });
  it('can filter on has_price like any attribute', () => {
    expect(engine.search(CAR_INDEX, { filters: 'has_price:false' }).nbHits).toBe(3);
  });
});
