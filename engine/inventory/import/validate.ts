/**
 * Every imported car is checked against the car schema (schemas/car.schema.json) with the
 * platform's ajv setup, and each problem is said as the import report says it:
 * `row 12, column vin: "ABC" is not a VIN (17 letters and digits, no I, O or Q)`.
 */
import type { ValidateFunction } from 'ajv/dist/2020.js';
import type { Car } from '../../../schemas/types.gen.ts';
import { createAjv, formatErrors } from '../../schema/validator.ts';
import type { FeedRow, RowError } from './feed.ts';

const CAR_SCHEMA_ID = 'https://forecourt.dev/schemas/car.schema.json';

/** Fields a feed must carry: without them a car cannot be named, found again or told apart. */
export const REQUIRED_COLUMNS = ['stocknum', 'vin', 'make', 'model', 'year', 'price'] as const;

/** Clearer words than the schema's for the fields dealers most often get wrong. */
const FIELD_MESSAGES: Record<string, string> = {
  vin: 'is not a VIN (17 letters and digits, no I, O or Q)',
  year: 'is not a year between 1900 and 2100',
  price: 'is not a price (a number, 0 for none)',
};

/** A car on "price on application" is a common reason for an empty price: say how to feed one. */
const EMPTY_MESSAGES: Partial<Record<string, string>> = {
  price: 'is empty (every car needs one; 0 for a car without a price)',
};

let validator: ValidateFunction | undefined;
function carValidator(): ValidateFunction {
  validator ??= createAjv().getSchema(CAR_SCHEMA_ID) as ValidateFunction;
  return validator;
}

/** The row's problems: required columns missing, then whatever the car schema refuses. */
export function checkCar(row: FeedRow, car: Car): RowError[] {
  const errors: RowError[] = [];
  const columnOf = (field: string) => row.columns[field as keyof FeedRow['columns']] ?? field;
  const unreadable = new Set(row.errors.map((e) => e.column));
  for (const field of REQUIRED_COLUMNS) {
    if (row.values[field] === undefined && !unreadable.has(columnOf(field)))
      errors.push({
        row: row.row,
        column: columnOf(field),
        message: EMPTY_MESSAGES[field] ?? 'is empty (every car needs one)',
      });
  }
  const validate = carValidator();
  if (validate(car)) return errors;
  for (const issue of formatErrors(validate.errors ?? [])) {
    const [, field = '', ...rest] = issue.path.split('/');
    if (unreadable.has(columnOf(field)) || errors.some((e) => e.column === columnOf(field)))
      continue;
    const value = rest.length ? undefined : (car as unknown as Record<string, unknown>)[field];
    const shown = value === undefined ? '' : `${JSON.stringify(value)} `;
    const message =
      value !== undefined && FIELD_MESSAGES[field] ? FIELD_MESSAGES[field] : issue.message;
    errors.push({
      row: row.row,
      column: columnOf(field) + (rest.length ? `/${rest.join('/')}` : ''),
      message: shown + message,
    });
  }
  return errors;
}
