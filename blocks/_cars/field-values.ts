/**
 * A car field's value as buyers read it, worked out from what the car schema says about the
 * field (its unit and format: schemas/car-tables.gen.ts), so the car page's tables and
 * compare list fields instead of each writing its own rows (docs/cars.md, "Car fields
 * described once"). Empty, null, "null" and "None" values, and counts of 0, are no value.
 */
import type { CarField, CarFormat } from '../../schemas/car-tables.gen.ts';
import type { Region } from '../../engine/site/types.ts';
import { formatMoney, regionSettings, spell } from '../../engine/region.ts';
import { convertsSpec, formatSpec } from '../../engine/region/spec-units.ts';
import { messagesFor } from '../../engine/messages/index.ts';
import { hasValue, type CarLike, type SpecRow } from './rules.ts';

export interface SpecFormat {
  number(n: number): string;
  preOwned: boolean;
  /** Whose words: body, fuel and plate names and fuel economy by region (docs/regions.md); default AU. */
  region?: Region;
}

/** Litres per 100 km → US miles per gallon. */
const L100KM_MPG = 235.215;

/** new → New, demo → Demo, used → Used (or Pre-Owned where the site says so). */
export function carTypeText(t: string | undefined, preOwned: boolean): string | undefined {
  if (t === 'used') return preOwned ? 'Pre-Owned' : 'Used';
  if (t === 'new') return 'New';
  if (t === 'demo') return 'Demo';
  return t;
}

/** "2021-03" → "03/2021". */
const yearMonth = (ym: string) => {
  const m = /^(\d{4})-(\d{2})$/.exec(ym);
  return m ? `${m[2]}/${m[1]}` : ym;
};

/** The value at a field's path ("variant.power"). */
export function readField(car: CarLike, path: string): unknown {
  let v: unknown = car;
  for (const key of path.split('.'))
    v = v && typeof v === 'object' ? (v as Record<string, unknown>)[key] : undefined;
  return v;
}

function isBlank(v: unknown, format: CarFormat | undefined): boolean {
  if (!hasValue(v)) return true;
  if (typeof v === 'string') return v.trim() === 'None';
  // An odometer reads 0 on a new car; any other 0 (seats, power, a rating) means "not known".
  if (typeof v === 'number') return format !== 'odometer' && !(v > 0);
  return false;
}

function formatted(car: CarLike, field: CarField, path: string, v: unknown, f: SpecFormat) {
  const n = typeof v === 'number' ? v : NaN;
  const unit = field.unit ? ` ${field.unit}` : '';
  switch (field.format) {
    case 'carType':
      return carTypeText(String(v), f.preOwned);
    case 'odometer':
      // A caravan's odometer is not a thing buyers compare (docs/cars.md, "Car page").
      return car.item_type === 'caravan'
        ? null
        : `${f.number(n)} ${car.odometer_unit === 'mi' ? 'mi' : 'km'}`;
    case 'year':
      return String(v);
    case 'yearMonth':
      return yearMonth(String(v));
    case 'money':
      return formatMoney(n, f.region);
    case 'decimal1':
      return `${n.toFixed(1)}${unit}`;
    case 'fuelEconomy': {
      const words = messagesFor(f.region).m('fuel.consumption');
      return regionSettings(f.region).distanceUnit === 'mile'
        ? `${Math.round(L100KM_MPG / n)} ${words}`
        : `${n} ${words}`;
    }
    case 'stars':
      return `${n} stars`;
  }
  // A measured value reads in the region's unit (inches, pounds, gallons in the US: docs/regions.md, "Units").
  if (typeof v === 'number' && field.unit && convertsSpec(field.unit, f.region))
    return formatSpec(v, field.unit, f.region);
  if (typeof v === 'number') return `${f.number(v)}${unit}`;
  if (typeof v === 'string')
    return messagesFor(f.region).display(path.slice(path.lastIndexOf('.') + 1), v.trim());
  return String(v);
}

/** A field's stored value and the path it came from (its fallback's when it has none), or undefined. */
export function storedValue(
  car: CarLike,
  field: Pick<CarField, 'path' | 'format' | 'fallback'>,
): { path: string; value: unknown } | undefined {
  const own = readField(car, field.path);
  if (!isBlank(own, field.format)) return { path: field.path, value: own };
  const other = field.fallback ? readField(car, field.fallback) : undefined;
  return field.fallback && !isBlank(other, field.format)
    ? { path: field.fallback, value: other }
    : undefined;
}

/** A field's value as read (its fallback's when it has none), or null. */
export function fieldValue(car: CarLike, field: CarField, f: SpecFormat): string | null {
  const found = storedValue(car, field);
  return found ? (formatted(car, field, found.path, found.value, f) ?? null) : null;
}

/** The rows of a table of fields that have a value, labelled in the region's words (docs/regions.md). */
export function fieldRows(car: CarLike, fields: readonly CarField[], f: SpecFormat): SpecRow[] {
  const { phrase } = messagesFor(f.region);
  return fields.flatMap((field) => {
    const value = fieldValue(car, field, f);
    return value === null ? [] : [{ label: spell(phrase(field.title), f.region), value }];
  });
}
