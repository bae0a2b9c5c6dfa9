/** How a car's price shows (docs/cars.md, "Card rules"). */
import type { CarLike, Features } from './car.ts';
import { PRICE_DISPLAY_THRESHOLD } from './constants.ts';
import type { MessageKey } from '../../../engine/messages/index.ts';

export type PriceDisplay =
  | { state: 'subscription'; weekly: number; price?: number }
  | { state: 'reduced'; price: number; was: number }
  | { state: 'car-price'; price: number }
  | { state: 'preorder'; text: 'PREORDER' }
  | { state: 'no-price'; text: string };

/** The price as a number, only above 10 (docs/cars.md, "Card rules"). */
export function showsPrice(price: number | null | undefined): price is number {
  return typeof price === 'number' && price > PRICE_DISPLAY_THRESHOLD;
}

/**
 * The price state of a car (docs/cars.md, "Card rules"), in this order: subscription (a weekly
 * subscription price), reduced (was-price only when before_price > price), car price
 * (a number only above 10), PREORDER, else the site's no-price text (default
 * "Enquire for price").
 */
export function priceDisplay(car: CarLike, features: Pick<Features, 'noPriceText'>): PriceDisplay {
  const price = car.price ?? 0;
  if (typeof car.subscription_price === 'number' && car.subscription_price > 0) {
    return showsPrice(price)
      ? { state: 'subscription', weekly: car.subscription_price, price }
      : { state: 'subscription', weekly: car.subscription_price };
  }
  if (showsPrice(price) && typeof car.before_price === 'number' && car.before_price > price) {
    return { state: 'reduced', price, was: car.before_price };
  }
  if (showsPrice(price)) return { state: 'car-price', price };
  if (car.preorder) return { state: 'preorder', text: 'PREORDER' };
  return { state: 'no-price', text: features.noPriceText || 'Enquire for price' };
}

/**
 * The message of the words after a price (drive away, excl. government charges, plus
 * on-road costs), worded by region (docs/regions.md); undefined for none.
 */
export function priceTypeKey(priceType: string | null | undefined): MessageKey | undefined {
  switch (priceType) {
    case 'drive_away':
    case 'excl_gov_charges':
    case 'plus_orc':
      return `price.${priceType}`;
    default:
      return undefined;
  }
}
