/**
 * A car's year and odometer: new and demo cars of this year or last, used cars mostly 2–8
 * years old (within their make's era), km growing with age.
 */
import type { Car, Region } from '../../schemas/types.gen.ts';
import { regionSettings } from '../../engine/region.ts';
import type { Draw } from '../prng.ts';
import { MAKE_ERAS, MAKE_SINCE } from './vocab.ts';

export interface YearAndOdometer {
  year: number;
  age: number;
  km: number;
  odometerUnit: Car['odometer_unit'];
}

export function drawYearAndOdometer(
  d: Draw,
  car: {
    make: string;
    carType: Car['car_type'];
    itemType: Car['item_type'];
    body: string;
    simpleFuel: string;
  },
  region: Region,
  currentYear: number,
): YearAndOdometer {
  const { make, carType, itemType, body, simpleFuel } = car;
  const era = MAKE_ERAS[make];
  const since = Math.max(
    MAKE_SINCE[make] ?? 1990,
    simpleFuel === 'Electric' ? currentYear - 7 : 1990,
  );
  let year: number;
  if (carType === 'new') year = d.chance(0.85) ? currentYear : currentYear - 1;
  else if (carType === 'demo') year = d.chance(0.6) ? currentYear : currentYear - 1;
  else if (era) year = d.int(era[0], era[1]);
  else {
    const age = Math.min(
      25,
      Math.max(1, Math.round(Math.abs(d.normal()) * 4.5 + d.exponential(1.5))),
    );
    year = Math.max(since, currentYear - age);
  }
  const age = Math.max(0, currentYear - year);
  const annualKm = itemType === 'motorcycle' ? d.range(2500, 7000) : d.range(9000, 21000);
  let km =
    itemType === 'caravan' && body === 'caravan'
      ? 0
      : carType === 'new'
        ? d.int(2, 60)
        : carType === 'demo'
          ? d.int(800, 14000)
          : Math.round((Math.max(0.4, age) * annualKm * (0.75 + d.next() * 0.5)) / 10) * 10;
  const { odometerUnit } = regionSettings(region);
  if (odometerUnit === 'mi') km = Math.round(km * 0.62);
  return { year, age, km, odometerUnit };
}
