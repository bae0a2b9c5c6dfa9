/**
 * Applying a feed to a dealership's stock, incrementally and idempotently (docs/cars.md,
 * "Stock import"). Cars are matched by stock number: a new one is added, one whose fields
 * differ is changed, one the feed no longer lists is marked sold today (and stays shown for
 * the sold window), a sold car past the window is removed. The same feed applied twice
 * changes nothing. The merge streams: the previous stock is an index of its file
 * (previous-stock.ts), the result is written as it is made (stock-file-stream.ts).
 */
import isEqual from 'lodash-es/isEqual.js';
import omit from 'lodash-es/omit.js';
import type { Car } from '../../../schemas/types.gen.ts';
import { applyDerived } from '../derive.ts';
import { soldAndExpired } from '../../search/sold.ts';
import type { PreviousStock } from './previous-stock.ts';
import type { CarLines } from './stock-file-stream.ts';

export interface MergeCounts {
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
 * The dealership's stock after the feed, a car at a time into `out` (never held whole): each
 * of the feed's cars (built with the id and dates of its previous version) as it is read,
 * then the previous stock's cars the feed did not list.
 */
export class StockMerge implements MergeCounts {
  added: string[] = [];
  changed: string[] = [];
  sold: string[] = [];
  removed: string[] = [];
  unchanged = 0;
  /** The stock numbers the feed listed so far. */
  readonly listed = new Set<string>();

  constructor(
    private readonly previous: PreviousStock | undefined,
    private readonly out: CarLines,
    private readonly nowMs: number,
    private readonly windowDays: number,
  ) {}

  /** A car of the feed, and its previous version. */
  async feedCar(car: Car, old: Car | undefined) {
    this.listed.add(car.stocknum);
    if (soldAndExpired(car, this.nowMs, this.windowDays)) {
      if (old) this.removed.push(car.stocknum);
      return;
    }
    if (!old) this.added.push(car.stocknum);
    else if (sameCar(old, car)) {
      this.unchanged++;
      return this.out.put(old);
    } else this.changed.push(car.stocknum);
    await this.out.put(car);
  }

  /** The previous cars the feed did not list: sold now, kept while sold within the window, or removed. */
  async finish() {
    for (const stocknum of this.previous?.stocknums() ?? []) {
      if (this.listed.has(stocknum)) continue;
      const old = this.previous!.get(stocknum)!;
      if (old.status === 'sold') {
        if (soldAndExpired(old, this.nowMs, this.windowDays)) this.removed.push(old.stocknum);
        else {
          this.unchanged++;
          await this.out.put(old);
        }
        continue;
      }
      this.sold.push(old.stocknum);
      await this.out.put(
        applyDerived(
          {
            ...old,
            status: 'sold',
            sold: true,
            sold_date_timestamp: Math.floor(this.nowMs / 1000),
            reserved: false,
          },
          this.nowMs,
        ),
      );
    }
    await this.out.close();
  }

  get nothingChanged() {
    return !this.added.length && !this.changed.length && !this.sold.length && !this.removed.length;
  }
}

/** The stock without the sold cars past the window (at load, and on the server's hourly check). */
export function withoutExpired(cars: readonly Car[], nowMs: number, windowDays: number): Car[] {
  return cars.filter((c) => !soldAndExpired(c, nowMs, windowDays));
}
