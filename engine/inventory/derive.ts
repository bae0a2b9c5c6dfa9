/**
 * Attributes computed from a car's own fields when it is indexed. They exist so that the
 * site filters the product generates stay inside Algolia's filter syntax (which refuses an
 * OR mixing a facet and a numeric filter) and so that buckets and ranking are facets and
 * numbers the search engine can use directly. The same function feeds the embedded engine
 * and an Algolia index, so a site filter runs unchanged on both.
 */
import type { Car } from '../../schemas/types.gen.ts';

/** listed_until of an available car: 2100-01-01, later than any cutoff. */
export const LISTED_FOREVER = 4102444800;

const PRICE_EDGES = [10000, 20000, 30000, 40000, 50000, 75000, 100000, 150000];
const WEEKLY_STEP = 50;
const WEEKLY_TOP = 500;

/** "20000-30000"; the top bucket is "150000+"; no price is "POA". */
export function priceRange(price: number): string {
  if (!(price > 0)) return 'POA';
  let lo = 0;
  for (const edge of PRICE_EDGES) {
    if (price < edge) return `${lo}-${edge}`;
    lo = edge;
  }
  return `${lo}+`;
}

export function weeklyPriceRange(weekly: number | null | undefined): string | null {
  if (typeof weekly !== 'number' || !(weekly > 0)) return null;
  if (weekly >= WEEKLY_TOP) return `${WEEKLY_TOP}+`;
  const lo = Math.floor(weekly / WEEKLY_STEP) * WEEKLY_STEP;
  return `${lo}-${lo + WEEKLY_STEP}`;
}

export type ListingFields = Pick<Car, 'status' | 'show_on_dealer_website' | 'sold_date_timestamp'>;

export function listingState(car: ListingFields): Car['listing_state'] {
  if (!car.show_on_dealer_website) return 'unlisted';
  return car.status === 'sold' ? 'sold' : 'available';
}

/**
 * Until when the car belongs in the stock filter: "in stock OR coming soon OR sold after
 * the cutoff" is exactly listed_until > cutoff, one numeric filter whatever the cutoff.
 */
export function listedUntil(car: ListingFields): number {
  if (car.status === 'in_stock' || car.status === 'coming_soon') return LISTED_FOREVER;
  return car.sold_date_timestamp ?? 0;
}

export type RankFields = Pick<
  Car,
  'status' | 'photos_count' | 'price' | 'views' | 'show_on_dealer_website'
> & {
  created_at_timestamp: number;
};

/**
 * The default order (custom rank, higher first): available before coming soon before sold;
 * then cars with photos and a price; then the most recently listed; views break ties.
 */
export function customRank(car: RankFields, now: number): number {
  const statusScore = car.status === 'in_stock' ? 3 : car.status === 'coming_soon' ? 2 : 1;
  const ageDays = Math.max(0, (now / 1000 - car.created_at_timestamp) / 86400);
  const freshness = Math.max(0, 365 - Math.floor(ageDays));
  return (
    statusScore * 10_000_000 +
    (car.photos_count > 0 ? 4_000_000 : 0) +
    (car.price > 0 ? 2_000_000 : 0) +
    freshness * 1000 +
    Math.min(999, car.views)
  );
}

export function carTags(
  car: Pick<Car, 'car_type' | 'item_type' | 'reserved' | 'certified' | 'tag'>,
): string[] {
  const tags: string[] = [car.car_type, car.item_type];
  if (car.reserved) tags.push('reserved');
  if (car.certified) tags.push('certified');
  if (car.tag) tags.push(car.tag);
  return tags;
}

/** Recomputes every derived attribute of a car in place (e.g. after its status changed). */
export function applyDerived(car: Car, now: number): Car {
  car.objectID = String(car.id);
  car.make_model = `${car.make} ${car.model}`;
  car.price_range = priceRange(car.price);
  car.weekly_price_range = weeklyPriceRange(car.weekly_price);
  car.listing_state = listingState(car);
  car.listed_until = listedUntil(car);
  car.created_at_timestamp = Math.floor(Date.parse(car.created_at) / 1000);
  car.custom_rank = customRank(car, now);
  car._tags = carTags(car);
  return car;
}
