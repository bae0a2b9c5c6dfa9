/**
 * Applying a feed to a dealership's stock, incrementally and idempotently (docs/cars.md,
 * "Stock import"). Cars are matched by stock number: a new one is added, one whose fields
 * differ is changed, one the feed no longer lists is marked sold today (and stays shown for
 * the sold window), a sold car past the window is removed. The same feed applied twice
 * changes nothing.
 */
import isEqual from 'lodash-es/isEqual.js';
import omit from 'lodash-es/omit.js';
import type { Car } from '../../../schemas/types.gen.ts';
import { applyDerived } from '../derive.ts';
import { soldAndExpired } from '../../search/sold.ts';

export interface MergeResult {
  cars: Car[];
  added: string[];
  changed: string[];
  sold: string[];
  removed: string[];
  unchanged: number;
}

/** What moves by itself from day to day (the freshness in the ranking), not a change of the car. */
const MOVING = ['custom_rank'] as const;

export const sameCar = (a: Car, b: Car) => isEqual(omit(a, MOVING), omit(b, MOVING));

/**
 * The dealership's stock after the feed: `feed` holds the feed's cars already built (with the
 * ids and dates of their previous versions), `previous` the stock the last import left.
 */
export function mergeStock(
  previous: readonly Car[],
  feed: readonly Car[],
  nowMs: number,
  windowDays: number,
): MergeResult {
  const before = new Map(previous.map((c) => [c.stocknum, c]));
  const listed = new Set(feed.map((c) => c.stocknum));
  const result: MergeResult = {
    cars: [],
    added: [],
    changed: [],
    sold: [],
    removed: [],
    unchanged: 0,
  };
  for (const car of feed) {
    const old = before.get(car.stocknum);
    if (soldAndExpired(car, nowMs, windowDays)) {
      if (old) result.removed.push(car.stocknum);
      continue;
    }
    if (!old) result.added.push(car.stocknum);
    else if (sameCar(old, car)) {
      result.unchanged++;
      result.cars.push(old);
      continue;
    } else result.changed.push(car.stocknum);
    result.cars.push(car);
  }
  for (const old of previous) {
    if (listed.has(old.stocknum)) continue;
    if (old.status === 'sold') {
      if (soldAndExpired(old, nowMs, windowDays)) result.removed.push(old.stocknum);
      else {
        result.cars.push(old);
        result.unchanged++;
      }
      continue;
    }
    const sold = applyDerived(
      {
        ...old,
        status: 'sold',
        sold: true,
        sold_date_timestamp: Math.floor(nowMs / 1000),
        reserved: false,
      },
      nowMs,
    );
    result.sold.push(old.stocknum);
    result.cars.push(sold);
  }
  return result;
}

/** The stock without the sold cars past the window (at load, and on the server's hourly check). */
export function withoutExpired(cars: readonly Car[], nowMs: number, windowDays: number): Car[] {
  return cars.filter((c) => !soldAndExpired(c, nowMs, windowDays));
}
