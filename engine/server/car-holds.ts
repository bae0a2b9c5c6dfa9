/**
 * Cars held by online reservations, shown as reserved (docs/api.md, "Reservations"): the API
 * tells the server which cars are held (at start-up and whenever a hold starts or ends), and
 * the server marks those records `reserved: true` with `reserved_until` in the stock it serves
 * — the search engine's records, the car pages and GET /api/cars/{id} all read the same
 * objects — so cards and pages show RESERVED through the existing card rules, with no extra
 * request or code in the page. When a hold ends, the car's own feed value comes back.
 */
import type { Car } from '../../schemas/types.gen.ts';
import { carTags } from '../inventory/derive.ts';
import type { HeldCar } from '../api/store/reservations.ts';
import { CAR_INDEX, type SearchEngine } from '../search/index.ts';

/** The attributes a hold changes (the search engine rebuilds their columns). */
const HOLD_ATTRIBUTES = ['reserved', 'reserved_until', '_tags'] as const;

export function carHoldsView(byId: ReadonlyMap<string, Car>, search: Pick<SearchEngine, 'recordsChanged'>) {
  /** The feed's own reserved value of each car a hold has marked. */
  const feedValue = new Map<string, boolean>();
  const retag = (car: Car) => {
    if (Array.isArray(car._tags)) car._tags = carTags(car);
  };
  return (held: readonly HeldCar[]) => {
    const now = new Map(held.map((h) => [String(h.car_id), h.held_until]));
    let changed = false;
    for (const [id, reserved] of feedValue) {
      if (now.has(id)) continue;
      const car = byId.get(id);
      feedValue.delete(id);
      if (!car) continue;
      car.reserved = reserved;
      delete car.reserved_until;
      retag(car);
      changed = true;
    }
    for (const [id, until] of now) {
      const car = byId.get(id);
      if (!car) continue;
      if (!feedValue.has(id)) feedValue.set(id, car.reserved);
      if (car.reserved && car.reserved_until === until) continue;
      car.reserved = true;
      car.reserved_until = until;
      retag(car);
      changed = true;
    }
    if (changed) search.recordsChanged(CAR_INDEX, HOLD_ATTRIBUTES);
  };
}
