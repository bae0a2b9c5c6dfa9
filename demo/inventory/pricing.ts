/**
 * What a car costs: its trim and price (depreciated from the model's new price with age and
 * km), and what goes with the price: a was-price, an offer, a subscription, finance, the market price.
 */
import type { Car, Model, Region } from '../../schemas/types.gen.ts';
import { financeLendersFor, headlineWeekly } from '../../engine/inventory/finance.ts';
import { regionSettings } from '../../engine/region.ts';
import type { Draw } from '../prng.ts';
import { badgesFor } from './catalogue-view.ts';
import { niceRound } from './listing.ts';

/** Price level against the AUD catalogue prices. */
/** The demo's price level by market (1 where none is listed). */
const REGION_PRICE: Partial<Record<Region, number>> = { AU: 1, NZ: 1.08, US: 0.68 };

export function drawTrimAndPrice(
  d: Draw,
  car: {
    make: string;
    model: Model;
    carType: Car['car_type'];
    itemType: Car['item_type'];
    region: Region;
    year: number;
    age: number;
    km: number;
  },
): { badge: string; tier: number; price: number; poa: boolean } {
  const { make, model, carType, itemType, region, year, age, km } = car;
  const badges = badgesFor(make, model);
  const badgeIndex = Math.min(
    badges.length - 1,
    Math.floor(Math.pow(d.next(), 1.4) * badges.length),
  );
  const badge = badges[badgeIndex];
  const tier = Math.min(
    3,
    Math.floor(
      (badgeIndex / Math.max(1, badges.length - 1)) * 3 +
        (model.from_price && model.from_price > 80000 ? 1 : 0),
    ),
  );
  const newPrice =
    (model.from_price ?? 35000) * (1 + badgeIndex * 0.11) * (REGION_PRICE[region] ?? 1);
  let price: number;
  if (carType === 'new') price = niceRound(newPrice * d.range(0.98, 1.04));
  else if (carType === 'demo') price = niceRound(newPrice * d.range(0.86, 0.94));
  else {
    const rate = itemType === 'car' ? 0.86 : 0.9;
    // The odometer is in the region's unit: 250,000 miles wear a car as 400,000 km do.
    const kmFactor = Math.exp(
      -km / (regionSettings(region).odometerUnit === 'mi' ? 250000 : 400000),
    );
    const listPriceThen = newPrice * Math.max(0.6, 1 - 0.015 * age);
    const classic = year < 1985 ? 2.5 : 1;
    price = niceRound(
      Math.max(
        2990,
        listPriceThen * Math.pow(rate, age) * kmFactor * d.range(0.88, 1.12) * classic,
      ),
    );
  }
  const poa = d.chance(0.015);
  if (poa) price = 0;
  return { badge, tier, price, poa };
}

export function drawPriceExtras(
  d: Draw,
  car: {
    carType: Car['car_type'];
    itemType: Car['item_type'];
    price: number;
    year: number;
    currentYear: number;
    make: string;
    body: string;
    region: Region;
  },
) {
  const { carType, itemType, price, year, currentYear, make, body, region } = car;
  const beforePrice = price > 0 && d.chance(0.08) ? niceRound(price * d.range(1.03, 1.12)) : null;
  const offerPrice =
    carType === 'new' && price > 0 && d.chance(0.03) ? niceRound(price - d.int(1000, 3000)) : null;
  const subscription =
    carType !== 'used' && itemType === 'car' && price > 0 && price < 80000 && d.chance(0.06)
      ? Math.round(price * 0.0062)
      : null;
  const lenders = financeLendersFor(d, { price, year, currentYear, carType, make, body, region });
  const weekly = headlineWeekly(lenders);
  const autograb =
    carType === 'used' && price > 0 && regionSettings(region).autograb && d.chance(0.75)
      ? (() => {
          const avg = Math.round((price * d.range(0.92, 1.12)) / 100) * 100;
          return {
            average_market_price: avg,
            state_average_market_price: Math.round((avg * d.range(0.96, 1.04)) / 100) * 100,
          };
        })()
      : null;
  return { beforePrice, offerPrice, subscription, lenders, weekly, autograb };
}
