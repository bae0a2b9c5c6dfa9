/**
 * The lists of the car page, as pure functions: key information, the car summary (detail
 * list, limit 8), all specifications (variant details and caravan specifications) and the
 * features. Empty, null and "null" values are left out (rules.hasValue).
 */
import { CAR_TABLES } from '../../schemas/car-tables.gen.ts';
import {
  DETAIL_LIST_LIMIT,
  feetFromBadge,
  feetToMetres,
  type CarLike,
  type SpecRow,
} from './rules.ts';
import { fieldRows, type SpecFormat } from './field-values.ts';

export type { SpecFormat } from './field-values.ts';

/** Key information at the top of the page: the car schema's x-show "key" fields. */
export function keyInformation(car: CarLike, f: SpecFormat): SpecRow[] {
  return fieldRows(car, CAR_TABLES.key, f);
}

/** Car summary: the detail list (x-show "summary"), at most 8 rows. */
export function carSummary(car: CarLike, f: SpecFormat, limit = DETAIL_LIST_LIMIT): SpecRow[] {
  return fieldRows(car, CAR_TABLES.summary, f).slice(0, limit);
}

/**
 * All specifications: the variant details (x-show "specs"), then a caravan's own (x-show
 * "caravan"), led by its length in feet from the badge, shown with metres.
 */
export function allSpecifications(car: CarLike, f: SpecFormat): SpecRow[] {
  const rows = fieldRows(car, CAR_TABLES.specs, f);
  if (car.item_type !== 'caravan') return rows;
  const feet = feetFromBadge(car.badge);
  if (feet) rows.push({ label: 'Caravan length', value: `${feet} ft (${feetToMetres(feet)} m)` });
  return [...rows, ...fieldRows(car, CAR_TABLES.caravan, f)];
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
