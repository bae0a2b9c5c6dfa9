import { describe, expect, it } from 'vitest';
import { CAR_TITLES } from '../../schemas/car-attributes.gen.ts';
import { CAR_TABLES } from '../../schemas/car-tables.gen.ts';
import { messagesFor } from '../../engine/messages/index.ts';
import { fieldRows, fieldValue } from './field-values.ts';
import { allSpecifications, carSummary, keyInformation } from './specs.ts';
import { car } from './test-cars.ts';

const f = { number: (n: number) => n.toLocaleString('en-AU'), preOwned: false };
const titles = new Set<string>(Object.values(CAR_TITLES));

describe('car page tables come from the car schema', () => {
  it('every row of every table is a schema field, labelled with its title', () => {
    const full = car({
      variant: { cylinders: 4, power: 126, torque: 200, fuelconsumptioncombined: 6.1 },
    });
    const van = car({ item_type: 'caravan', badge: '19ft', body_length: 5791, sleeps: 4 });
    const rows = [
      ...keyInformation(full, f),
      ...carSummary(full, f, 99),
      ...allSpecifications(full, f),
      ...allSpecifications(van, f),
    ];
    // The one row no field holds: a caravan's length, read from its badge.
    for (const r of rows.filter((r) => r.label !== 'Caravan length'))
      expect(titles, r.label).toContain(r.label);
    expect(keyInformation(full, f).map((r) => r.label)).toEqual(
      CAR_TABLES.key.map((field) => field.title),
    );
  });

  it('formats by the schema’s unit and format', () => {
    const power = CAR_TABLES.specs.find((x) => x.path === 'variant.power')!;
    expect(fieldValue(car({ variant: { power: 1200 } }), power, f)).toBe('1,200 kW');
    expect(fieldValue(car({ variant: { power: 0 } }), power, f)).toBeNull();
    const built = CAR_TABLES.summary.find((x) => x.path === 'build_date')!;
    expect(fieldValue(car({ build_date: '2021-03' }), built, f)).toBe('03/2021');
    const km = CAR_TABLES.key.find((x) => x.path === 'km')!;
    expect(fieldValue(car({ km: 0, car_type: 'new' }), km, f)).toBe('0 km');
    expect(fieldValue(car({ km: 5000, odometer_unit: 'mi' }), km, f)).toBe('5,000 mi');
  });

  it('a field with no value shows its fallback (trans → simple_transmission); "None" is no value', () => {
    const trans = CAR_TABLES.compare.find((x) => x.path === 'trans')!;
    expect(fieldValue(car({ trans: null, simple_transmission: 'Manual' }), trans, f)).toBe(
      'Manual',
    );
    expect(fieldValue(car({ trans: null, simple_transmission: 'None' }), trans, f)).toBeNull();
  });

  it('labels and values read in the region’s words', () => {
    const us = { ...f, region: 'US' as const };
    const rows = fieldRows(car(), CAR_TABLES.summary, us);
    expect(rows.map((r) => r.label)).toContain(messagesFor('US').m('plate.label'));
  });
});
