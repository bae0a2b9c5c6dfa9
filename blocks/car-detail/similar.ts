/**
 * Similar cars for the car page, from the site's search index (the server's search, so the
 * cards are in the HTML): the same model or body type, priced within SIMILAR_PRICE_BAND of
 * the car, available (not sold), among what the site shows; the car itself left out. The
 * same model comes first, then the nearest price (docs/cars.md, "Car page on a phone").
 */
import { quote } from '../../engine/search/site-filter.ts';
import type { Car } from '../../schemas/types.gen.ts';
import { findCars, siteCarsFilter, type FindOptions } from '../_cars/data.ts';
import { isSellable } from '../_cars/rules.ts';

type SiteLike = Parameters<typeof siteCarsFilter>[0];

/** How many similar cars the page shows. */
export const SIMILAR_COUNT = 4;
/** A similar car's price is within this share of the car's price, either way. */
export const SIMILAR_PRICE_BAND = 0.25;
/** Cars asked for, so that same-model cars can be picked out of a body type's. */
export const SIMILAR_CANDIDATES = 24;
/** What a compact card reads. */
export const SIMILAR_FIELDS = [
  'objectID',
  'id',
  'slug',
  'name',
  'year',
  'make',
  'model',
  'status',
  'sold',
  'price',
  'price_type',
  'before_price',
  'subscription_price',
  'preorder',
  'km',
  'odometer_unit',
  'simple_body',
  'thumbnails',
  'primary_image_url',
] as const;

/** The search filter of cars similar to `car`, or undefined when it has neither model nor body. */
export function similarFilter(site: SiteLike, car: Car): string | undefined {
  const match = [
    car.model && `model:${quote(car.model)}`,
    car.simple_body && `simple_body:${quote(car.simple_body)}`,
  ].filter(Boolean);
  if (!match.length) return undefined;
  const parts = [`(${match.join(' OR ')})`, 'listing_state:available'];
  const price = car.price ?? 0;
  if (price > 10) {
    const low = Math.floor(price * (1 - SIMILAR_PRICE_BAND));
    const high = Math.ceil(price * (1 + SIMILAR_PRICE_BAND));
    parts.push(`price:${low} TO ${high}`);
  }
  return `${parts.join(' AND ')} AND ${siteCarsFilter(site)}`;
}

const idOf = (c: Pick<Car, 'id' | 'objectID'>) => String(c.objectID ?? c.id);

/** Same model first, then the nearest price; never the car itself or a sold car. */
export function pickSimilar(car: Car, hits: Car[], count = SIMILAR_COUNT): Car[] {
  const own = idOf(car);
  const price = car.price ?? 0;
  const sameModel = (c: Car) => (c.make === car.make && c.model === car.model ? 0 : 1);
  return hits
    .filter((c) => idOf(c) !== own && isSellable(c))
    .map((c, i) => ({ c, i }))
    .sort(
      (a, b) =>
        sameModel(a.c) - sameModel(b.c) ||
        Math.abs((a.c.price ?? 0) - price) - Math.abs((b.c.price ?? 0) - price) ||
        a.i - b.i,
    )
    .slice(0, count)
    .map(({ c }) => c);
}

/** The similar cars of `car`; none when the search fails (the page shows without them). */
export async function findSimilarCars(
  site: SiteLike,
  car: Car,
  options: FindOptions = {},
): Promise<Car[]> {
  const filters = similarFilter(site, car);
  if (!filters) return [];
  try {
    const hits = await findCars(site, filters, {
      ...options,
      hitsPerPage: SIMILAR_CANDIDATES,
      attributesToRetrieve: SIMILAR_FIELDS,
    });
    return pickSimilar(car, hits);
  } catch (err) {
    console.warn('[forecourt] similar cars not found', err);
    return [];
  }
}
