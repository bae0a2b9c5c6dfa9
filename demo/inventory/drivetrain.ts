/**
 * A car's drivetrain and engine (engine size, cylinders, gearbox, drive, fuel grade), drawn
 * from its body and fuel, and the variant's figures (power, torque, size…) that follow from them.
 */
import type { Car } from '../../schemas/types.gen.ts';
import type { Draw } from '../prng.ts';
import type { ValuePool } from './shared-values.ts';
import type { BodyFacts } from './vocab.ts';

export function drawDrivetrain(
  d: Draw,
  pool: ValuePool,
  car: { itemType: Car['item_type']; body: string; simpleFuel: string; facts: BodyFacts },
) {
  const { itemType, body, simpleFuel, facts } = car;
  const electric = simpleFuel === 'Electric';
  const litres =
    electric || simpleFuel === 'None'
      ? 0
      : Math.round(d.range(facts.litres[0], facts.litres[1]) * 10) / 10;
  const cylinders =
    electric || simpleFuel === 'None'
      ? null
      : itemType === 'motorcycle'
        ? litres < 0.5
          ? 1
          : litres < 1
            ? 2
            : d.pick([2, 3, 4])
        : litres < 1.3
          ? 3
          : litres < 2.6
            ? 4
            : litres < 3.7
              ? 6
              : 8;
  const manual =
    itemType === 'motorcycle' ||
    (!electric &&
      simpleFuel !== 'None' &&
      d.chance(body === 'ute' ? 0.2 : body === 'coupe' ? 0.25 : 0.08));
  const gears = electric
    ? 1
    : itemType === 'motorcycle'
      ? 6
      : manual
        ? d.pick([5, 6])
        : d.pick([6, 8, 9, 10]);
  const simpleTransmission = simpleFuel === 'None' ? 'None' : manual ? 'Manual' : 'Automatic';
  const trans =
    simpleFuel === 'None'
      ? null
      : pool.text(
          `${gears} Speed ${manual ? 'Manual' : itemType === 'car' && !electric && d.chance(0.15) ? 'CVT' : 'Automatic'}`,
        );
  const drive =
    itemType === 'motorcycle'
      ? 'Chain'
      : simpleFuel === 'None'
        ? null
        : body === 'ute' || body === '4x4'
          ? d.weighted(['4x4', '4x2'], [75, 25])
          : body === 'suv'
            ? d.weighted(['AWD', 'FWD', '4x4'], [50, 35, 15])
            : body === 'coupe' || body === 'convertible'
              ? 'RWD'
              : electric
                ? d.pick(['RWD', 'AWD'])
                : 'FWD';
  const fuel =
    simpleFuel === 'Petrol'
      ? d.pick([
          'Petrol - Unleaded ULP',
          'Petrol - Premium ULP (95 RON)',
          'Petrol - Premium ULP (98 RON)',
        ])
      : simpleFuel === 'Hybrid'
        ? 'Hybrid (Petrol)'
        : simpleFuel === 'Plug-in Hybrid'
          ? 'Plug-in Hybrid (Petrol)'
          : simpleFuel === 'None'
            ? null
            : simpleFuel;
  return { electric, litres, cylinders, simpleTransmission, trans, drive, fuel };
}

export function drawVariant(
  d: Draw,
  car: {
    itemType: Car['item_type'];
    simpleFuel: string;
    electric: boolean;
    litres: number;
    cylinders: number | null;
    trans: string | null;
    year: number;
    caravanLengthFt: number;
  },
): Car['variant'] {
  const { itemType, simpleFuel, electric, litres, cylinders, trans, year, caravanLengthFt } = car;
  return {
    cylinders,
    enginesize: litres ? Math.round(litres * 1000) : null,
    enginesize_litres: litres || null,
    induction: electric
      ? 'Electric'
      : simpleFuel === 'None'
        ? null
        : simpleFuel === 'Diesel'
          ? 'Turbo'
          : d.pick(['Turbo', 'Aspirated']),
    geartype: trans,
    power:
      simpleFuel === 'None'
        ? null
        : Math.round(
            (electric ? d.range(100, 300) : litres * d.range(45, 75)) *
              (itemType === 'motorcycle' ? 0.9 : 1),
          ),
    torque:
      simpleFuel === 'None'
        ? null
        : Math.round(electric ? d.range(250, 650) : litres * d.range(80, 190)),
    fuelconsumptioncombined:
      electric || simpleFuel === 'None' ? null : Math.round(litres * d.range(2.4, 3.6) * 10) / 10,
    fuelcapacity:
      electric || simpleFuel === 'None'
        ? null
        : itemType === 'motorcycle'
          ? d.int(10, 22)
          : d.int(40, 90),
    grossvehiclemass: itemType === 'car' ? d.int(1500, 3500) : null,
    vehiclelength:
      itemType === 'car'
        ? d.int(3800, 5400)
        : caravanLengthFt
          ? Math.round(caravanLengthFt * 304.8)
          : null,
    vehicleheight: itemType === 'car' ? d.int(1400, 1950) : null,
    vehiclewidth: itemType === 'car' ? d.int(1700, 2050) : null,
    ancaprating:
      itemType === 'car' && year >= 2012 ? d.weighted([5, 4, 3, 0], [70, 15, 5, 10]) || null : null,
  };
}
