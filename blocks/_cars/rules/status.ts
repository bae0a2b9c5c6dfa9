/** Where a car stands: sellable, available, enquirable, reservable (docs/cars.md, "Card rules"). */
import type { CarLike } from './car.ts';
import { PRICE_DISPLAY_THRESHOLD, TEST_DRIVE_ONLY_TAG } from './constants.ts';

/** Sellable: not sold (a sold car shows a sold label instead of a tag). */
export function isSellable(car: CarLike): boolean {
  return car.status !== 'sold' && car.sold !== true;
}

/** Available: in stock or coming soon, and not sold (docs/cars.md, "Card rules"). */
export function isAvailable(car: CarLike): boolean {
  return isSellable(car) && (car.status === 'in_stock' || car.status === 'coming_soon');
}

export function isTestDriveOnly(car: CarLike): boolean {
  return (car.tag ?? '').trim().toLowerCase() === TEST_DRIVE_ONLY_TAG;
}

/** Visitors can enquire on an available car; sold or unlisted cars get Find Me Something Similar. */
export function isEnquirable(car: CarLike): boolean {
  return isAvailable(car) && car.show_on_dealer_website !== false;
}

/** Reservable online: in stock, not reserved, priced, with a payment processor (docs/cars.md, "Card rules"). */
export function isReservable(car: CarLike): boolean {
  return (
    isSellable(car) &&
    car.status === 'in_stock' &&
    car.reserved !== true &&
    (car.price ?? 0) > PRICE_DISPLAY_THRESHOLD &&
    (car.payment_processors?.length ?? 0) > 0
  );
}

/** The card's CSS modifier: the car's status (in-stock, coming-soon, sold) plus reserved. */
export function cardStatusClass(car: CarLike): string {
  if (!isSellable(car)) return 'fc-car-card--sold';
  const base = car.status === 'coming_soon' ? 'fc-car-card--coming-soon' : 'fc-car-card--in-stock';
  return car.reserved ? `${base} fc-car-card--reserved` : base;
}
