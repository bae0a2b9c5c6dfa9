/** Where a car's buttons lead: its page, checkout, similar cars, finance, trade-in. */
import type { CarLike, Features } from './car.ts';
import { showsPrice } from './price.ts';
import { slugify as slug } from '../../../engine/slug.ts';

export function carPath(car: CarLike): string {
  return `/cars/${car.slug ?? car.id}`;
}

export function reservePath(car: CarLike, features: Pick<Features, 'reserveRoute'>): string {
  return `${carPath(car)}/${features.reserveRoute === 'buy-online' ? 'buy-online' : 'checkout'}`;
}

/** Search for cars like this one: /search/{make}/{model}, or all stock. */
export function similarHref(car: CarLike | undefined): string {
  if (car?.make && car.model) return `/search/${slug(car.make)}/${slug(car.model)}`;
  if (car?.make) return `/search/${slug(car.make)}`;
  return '/search/new-used-and-demo-cars';
}

/**
 * The finance page for a car (features.financeLink) with preferredDealership,
 * vehiclePriceBudget, car_id, car_type and the #finance-form anchor.
 */
export function carFinanceHref(car: CarLike, features: Pick<Features, 'financeLink'>): string {
  const q = new URLSearchParams();
  if (car.dealership_slug) q.set('preferredDealership', car.dealership_slug);
  if (showsPrice(car.price)) q.set('vehiclePriceBudget', String(Math.round(car.price)));
  if (car.id !== undefined) q.set('car_id', String(car.id));
  if (car.car_type) q.set('car_type', car.car_type);
  const s = q.toString();
  return `${features.financeLink || '/finance'}${s ? `?${s}` : ''}#finance-form`;
}

export function tradeInHref(car: CarLike): string {
  return `/cars/trade-in?car_id=${encodeURIComponent(String(car.id ?? car.objectID ?? ''))}`;
}
