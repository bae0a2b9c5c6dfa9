/**
 * Cars held by online reservations, shown as reserved (docs/api.md, "Reservations"): the API
 * tells the server which cars are held (at start-up and whenever a hold starts or ends), and
 * the server marks those records `reserved: true` with `reserved_until` in the stock it serves
 * — the search engine's records, the car pages and GET /api/cars/{id} all read the same
 * objects — so cards and pages show RESERVED through the existing card rules, with no extra
 * request or code in the page. When a hold ends, the car's own feed value comes back.
 * After the stock is reloaded (an imported feed changed), `reapply()` marks the held cars
 * again, including records the reload replaced.
 */
import type { Car } from '../../schemas/types.gen.ts';
import { carTags } from '../inventory/derive.ts';
import type { HeldCar } from '../api/store/reservations.ts';
import { CAR_INDEX, type SearchEngine } from '../search/index.ts';

/** The attributes a hold changes (the search engine rebuilds their columns). */
const HOLD_ATTRIBUTES = ['reserved', 'reserved_until', '_tags'] as const;

export interface CarHoldsView {
  (held: readonly HeldCar[]): void;
  /** Marks the last held cars again (after a stock reload). */
  reapply(): void;
}

export function carHoldsView(
  byId: ReadonlyMap<string, Car>,
  search: Pick<SearchEngine, 'recordsChanged'>,
): CarHoldsView {
  /** Each marked car: the record marked and its own (feed) reserved value. */
  const marked = new Map<string, { car: Car; feed: boolean }>();
  let last: readonly HeldCar[] = [];
  const retag = (car: Car) => {
    if (Array.isArray(car._tags)) car._tags = carTags(car);
  };
  const restore = (car: Car, feed: boolean) => {
    car.reserved = feed;
    delete car.reserved_until;
    retag(car);
  };
  const apply = (held: readonly HeldCar[]) => {
    last = held;
    const now = new Map(held.map((h) => [String(h.car_id), h.held_until]));
    let changed = false;
    for (const [id, { car, feed }] of marked) {
      if (now.has(id)) continue;
      marked.delete(id);
      restore(car, feed);
      changed = true;
    }
    for (const [id, until] of now) {
      const car = byId.get(id);
      if (!car) continue;
      const entry = marked.get(id);
      if (entry?.car === car && car.reserved && car.reserved_until === until) continue;
      if (entry?.car !== car) {
        // The stock replaced the record (a reload): the old one goes back to its own value.
        if (entry) restore(entry.car, entry.feed);
        marked.set(id, { car, feed: car.reserved });
      }
      car.reserved = true;
      car.reserved_until = until;
      retag(car);
      changed = true;
    }
    if (changed) search.recordsChanged(CAR_INDEX, HOLD_ATTRIBUTES);
  };
  return Object.assign(apply, { reapply: () => apply(last) });
}
