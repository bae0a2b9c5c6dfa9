/**
 * Cars held by reservations are served as reserved (engine/server/car-holds.ts, docs/api.md
 * "Reservations"): the search engine's hits and filters, and the car record itself, say
 * reserved with reserved_until while held, and the feed's own value comes back after.
 */
import { describe, expect, it } from 'vitest';
import { carHoldsView } from '../../../engine/server/car-holds.ts';
import { CAR_INDEX, createCarSearchEngine } from '../../../engine/search/index.ts';
import type { Car } from '../../../schemas/types.gen.ts';
import { fixtureCar } from '../api/harness.ts';

const UNTIL = '2025-06-04T01:00:00.000Z';

function stock() {
  const cars = [
    fixtureCar({ _tags: ['used', 'car'] }),
    fixtureCar({ id: 1235, objectID: '1235', reserved: true, _tags: ['used', 'car', 'reserved'] }),
  ];
  const byId = new Map<string, Car>(cars.map((c) => [String(c.id), c]));
  // The default result cache is on: a held car must not be answered from it.
  const engine = createCarSearchEngine(cars);
  return { byId, engine, apply: carHoldsView(byId, engine) };
}

const hit = (engine: ReturnType<typeof stock>['engine'], id: string) =>
  engine.search(CAR_INDEX, { filters: `objectID:${id}` }).hits[0] ??
  engine.getObject(CAR_INDEX, id);
const reservedIds = (engine: ReturnType<typeof stock>['engine']) =>
  engine
    .search(CAR_INDEX, { filters: 'reserved:true' })
    .hits.map((h) => h.objectID)
    .sort();

describe('carHoldsView', () => {
  it('marks a held car reserved until the hold ends, in the record and in search, and restores it after', () => {
    const { byId, engine, apply } = stock();
    expect(engine.getObject(CAR_INDEX, '1234')).toMatchObject({ reserved: false });
    expect(reservedIds(engine)).toEqual(['1235']);

    apply([{ car_id: 1234, held_until: UNTIL }]);
    expect(byId.get('1234')).toMatchObject({ reserved: true, reserved_until: UNTIL });
    expect(engine.getObject(CAR_INDEX, '1234')).toMatchObject({
      reserved: true,
      reserved_until: UNTIL,
    });
    expect(
      engine.search(CAR_INDEX, { query: '' }).hits.find((h) => h.objectID === '1234'),
    ).toMatchObject({ reserved: true, reserved_until: UNTIL });
    expect(reservedIds(engine)).toEqual(['1234', '1235']);
    expect(engine.search(CAR_INDEX, { tagFilters: ['reserved'] }).nbHits).toBe(2);

    apply([]);
    expect(byId.get('1234')!.reserved).toBe(false);
    expect(byId.get('1234')).not.toHaveProperty('reserved_until');
    expect(hit(engine, '1234')).toMatchObject({ reserved: false });
    expect(reservedIds(engine)).toEqual(['1235']);
    // The feed's own reserved car was never touched.
    expect(byId.get('1235')).toMatchObject({ reserved: true });
  });

  it("marks a held car again after a stock reload replaced its record, and restores the new record's own value after", () => {
    const { byId, engine, apply } = stock();
    apply([{ car_id: 1234, held_until: UNTIL }]);
    // An imported feed changed: the stock now serves a new record for the car.
    const fresh = fixtureCar({ price: 39990, _tags: ['used', 'car'] });
    (byId as Map<string, Car>).set('1234', fresh);
    apply.reapply();
    expect(fresh).toMatchObject({
      reserved: true,
      reserved_until: UNTIL,
      _tags: ['used', 'car', 'reserved'],
    });
    apply([]);
    expect(fresh.reserved).toBe(false);
    expect(fresh).not.toHaveProperty('reserved_until');
    expect(engine.getObject(CAR_INDEX, '1234')).toMatchObject({ reserved: false });
  });

  it('ignores cars it does not serve', () => {
    const { engine, apply } = stock();
    apply([{ car_id: 999, held_until: UNTIL }]);
    expect(reservedIds(engine)).toEqual(['1235']);
  });
});
