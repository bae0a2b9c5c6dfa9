/** The favourite heart on a card (docs/cars.md, "Card rules"). */
import type { CarLike, Features } from './car.ts';
import { isSellable } from './status.ts';

export function hasImages(car: CarLike): boolean {
  return (
    (car.photos_count ?? 0) > 0 ||
    (car.images?.length ?? 0) > 0 ||
    (car.thumbnails?.length ?? 0) > 0 ||
    Boolean(car.primary_image_url)
  );
}

/**
 * The favourite heart (docs/cars.md, "Card rules"): only for sellable cars on sites that store favourites;
 * garage-style rules also hide it for a price of 0 or less and for cars without photos;
 * used-only sites hide it on new and demo cars.
 */
export function showFavourite(
  car: CarLike,
  features: Pick<Features, 'favourites' | 'favouritesGarageRules' | 'favouritesUsedOnly'>,
): boolean {
  if (!features.favourites || !isSellable(car)) return false;
  if (features.favouritesGarageRules && ((car.price ?? 0) <= 0 || !hasImages(car))) return false;
  if (features.favouritesUsedOnly && car.car_type !== 'used') return false;
  return true;
}
