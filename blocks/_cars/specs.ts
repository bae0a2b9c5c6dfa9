/**
 * The lists of the car page, as pure functions: key information, the car summary (detail
 * list, limit 8), all specifications (variant details and caravan specifications) and the
 * features. Empty, null and "null" values are left out (rules.hasValue).
 */
import type { Car } from '../../schemas/types.gen.ts';
import type { Region } from '../../engine/site/types.ts';
import { regionSettings } from '../../engine/region.ts';
import { messagesFor } from '../../engine/messages/index.ts';
import {
  DETAIL_LIST_LIMIT,
  feetFromBadge,
  feetToMetres,
  specRows,
  type CarLike,
  type SpecRow,
} from './rules.ts';

export interface SpecFormat {
  number(n: number): string;
  preOwned: boolean;
  /** Whose words: body, fuel and plate names and fuel economy by region (docs/regions.md); default AU. */
  region?: Region;
}

/** Litres per 100 km → US miles per gallon. */
const L100KM_MPG = 235.215;
const fuelEconomy = (l100: unknown, f: SpecFormat) => {
  if (typeof l100 !== 'number' || !(l100 > 0)) return null;
  const unit = messagesFor(f.region).m('fuel.consumption');
  return regionSettings(f.region).distanceUnit === 'mile'
    ? `${Math.round(L100KM_MPG / l100)} ${unit}`
    : `${l100} ${unit}`;
};

const carType = (t: string | undefined, preOwned: boolean) =>
  t === 'used'
    ? preOwned
      ? 'Pre-Owned'
      : 'Used'
    : t === 'new'
      ? 'New'
      : t === 'demo'
        ? 'Demo'
        : t;
const yearMonth = (ym: string | null | undefined) => {
  const m = /^(\d{4})-(\d{2})$/.exec(ym ?? '');
  return m ? `${m[2]}/${m[1]}` : ym;
};
const withUnit = (v: number | null | undefined, unit: string, f: SpecFormat) =>
  typeof v === 'number' && Number.isFinite(v) && v > 0 ? `${f.number(v)} ${unit}` : null;

/** Key information at the top of the page. */
export function keyInformation(car: CarLike, f: SpecFormat): SpecRow[] {
  const unit = car.odometer_unit === 'mi' ? 'mi' : 'km';
  const { display } = messagesFor(f.region);
  return specRows([
    { label: 'Condition', value: carType(car.car_type, f.preOwned) },
    {
      label: 'Odometer',
      value:
        typeof car.km === 'number' && car.item_type !== 'caravan'
          ? `${f.number(car.km)} ${unit}`
          : null,
    },
    { label: 'Body', value: car.simple_body && display('simple_body', car.simple_body) },
    {
      label: 'Transmission',
      value: car.simple_transmission === 'None' ? null : car.simple_transmission,
    },
    {
      label: 'Fuel',
      value:
        car.simple_fuel === 'None' || !car.simple_fuel
          ? null
          : display('simple_fuel', car.simple_fuel),
    },
    { label: 'Drive', value: car.drive },
    { label: 'Colour', value: car.colour },
    { label: 'Stock number', value: car.stocknum },
  ]);
}

/** Car summary: the detail list (at most 8 rows). */
export function carSummary(car: CarLike, f: SpecFormat, limit = DETAIL_LIST_LIMIT): SpecRow[] {
  const { m, display } = messagesFor(f.region);
  return specRows([
    { label: 'Year', value: car.year },
    { label: 'Make', value: car.make },
    { label: 'Model', value: car.model },
    { label: 'Badge', value: car.badge },
    { label: 'Series', value: car.series },
    { label: 'Body', value: car.simple_body && display('simple_body', car.simple_body) },
    { label: 'Seats', value: car.seats || null },
    { label: 'Doors', value: car.doors || null },
    { label: 'Engine', value: car.engine_size },
    { label: 'Transmission', value: car.trans },
    { label: 'Fuel', value: car.fuel && display('fuel', car.fuel) },
    { label: 'Build date', value: yearMonth(car.build_date) },
    { label: 'Compliance date', value: yearMonth(car.compliance_date) },
    { label: 'VIN', value: car.vin },
    { label: m('plate.label'), value: car.regplate },
  ]).slice(0, limit);
}

/** All specifications: variant details, then caravan specifications (lengths in feet shown with metres). */
export function allSpecifications(car: CarLike, f: SpecFormat): SpecRow[] {
  const v: NonNullable<Car['variant']> = car.variant ?? {};
  const rows = [
    { label: 'Cylinders', value: v.cylinders },
    {
      label: 'Engine size',
      value:
        typeof v.enginesize === 'number' && v.enginesize > 0
          ? `${f.number(v.enginesize)} cc`
          : null,
    },
    {
      label: 'Engine size (litres)',
      value:
        typeof v.enginesize_litres === 'number' && v.enginesize_litres > 0
          ? `${v.enginesize_litres.toFixed(1)} L`
          : null,
    },
    { label: 'Induction', value: v.induction },
    { label: 'Gear type', value: v.geartype },
    { label: 'Power', value: withUnit(v.power, 'kW', f) },
    { label: 'Torque', value: withUnit(v.torque, 'Nm', f) },
    { label: 'Fuel consumption (combined)', value: fuelEconomy(v.fuelconsumptioncombined, f) },
    { label: 'Fuel capacity', value: withUnit(v.fuelcapacity, 'L', f) },
    { label: 'Gross vehicle mass', value: withUnit(v.grossvehiclemass, 'kg', f) },
    { label: 'Length', value: withUnit(v.vehiclelength, 'mm', f) },
    { label: 'Height', value: withUnit(v.vehicleheight, 'mm', f) },
    { label: 'Width', value: withUnit(v.vehiclewidth, 'mm', f) },
    {
      label: 'ANCAP safety rating',
      value:
        typeof v.ancaprating === 'number' && v.ancaprating > 0 ? `${v.ancaprating} stars` : null,
    },
  ];
  if (car.item_type === 'caravan') {
    const feet = feetFromBadge(car.badge);
    rows.push(
      { label: 'Caravan length', value: feet ? `${feet} ft (${feetToMetres(feet)} m)` : null },
      { label: 'Body length', value: withUnit(car.body_length, 'mm', f) },
      { label: 'Body width', value: withUnit(car.body_width, 'mm', f) },
      { label: 'Tare weight', value: withUnit(car.tare_weight, 'kg', f) },
      {
        label: 'Aggregate trailer mass (ATM)',
        value: withUnit(car.aggregate_trailer_mass, 'kg', f),
      },
      { label: 'Axles', value: car.axle_type },
      { label: 'Sleeps', value: car.sleeps || null },
    );
  }
  return specRows(rows);
}

/** Standard equipment without blanks or duplicates. */
export function featureList(car: CarLike): string[] {
  return [
    ...new Set(
      (car.standardEquipment ?? [])
        .map((s) => s.trim())
        .filter((s) => s && s.toLowerCase() !== 'null'),
    ),
  ];
}
