/** The below-market and certified badges (docs/cars.md, "Card rules"). */
import { num, type CarLike, type Features } from './car.ts';
import { BELOW_MARKET_THRESHOLD, CERTIFIED_MAKE } from './constants.ts';
import { showsPrice } from './price.ts';
import { isSellable } from './status.ts';

/** Market average: the state's when known, else the national one. */
export function marketAverage(car: CarLike): number | undefined {
  const data = car.autograb_data;
  if (!data) return undefined;
  if (num(data.state_average_market_price) && data.state_average_market_price > 0)
    return data.state_average_market_price;
  if (num(data.average_market_price) && data.average_market_price > 0)
    return data.average_market_price;
  return undefined;
}

/**
 * Below-market badge (docs/cars.md, "Card rules"): the price is at least $500 under the market average (state
 * average preferred, else national) and below the state average (when there is one).
 */
export function isBelowMarket(car: CarLike): boolean {
  const price = car.price ?? 0;
  if (!showsPrice(price)) return false;
  const market = marketAverage(car);
  if (market === undefined || market - price <= BELOW_MARKET_THRESHOLD) return false;
  const state = car.autograb_data?.state_average_market_price;
  return num(state) && state > 0 ? price < state : true;
}

/** Certified badge (docs/cars.md, "Card rules"): make Toyota, certified, the site's switch on, not sold. */
export function isCertifiedBadge(
  car: CarLike,
  features: Pick<Features, 'certifiedUsedBadge'>,
): boolean {
  return Boolean(
    features.certifiedUsedBadge && car.make === CERTIFIED_MAKE && car.certified && isSellable(car),
  );
}

/**
 * The car page's reserved badge (docs/cars.md, "Car page"): a reserved car whose tag is not
 * the reserved one (an electric or hybrid label won, docs/cars.md "Card rules") still says it
 * is reserved beside its price, so a buyer never misses that the car is held.
 */
export function reservedBadge(
  car: CarLike,
  tag: { kind: string } | null,
  features: Pick<Features, 'reservedWording'>,
): string | undefined {
  if (!car.reserved || !isSellable(car) || tag?.kind === 'reserved') return undefined;
  return features.reservedWording || 'RESERVED';
}
