/**
 * The annotation keywords of the car schema (schemas/car.schema.json): what each car field
 * means to search, the car page, compare and JSON-LD, written once beside the field
 * (docs/cars.md, "Car fields described once"). Every ajv that compiles the car schema adds
 * them (createAjv, scripts/gen-types); their meta-schemas make ajv refuse a misspelt role.
 * They validate nothing in a car.
 */
import type { KeywordDefinition } from 'ajv';

/** Where a field's value is shown: car page key information, car summary, all specifications, caravan specifications, compare. */
export const CAR_TABLES = ['key', 'summary', 'specs', 'caravan', 'compare'] as const;
/** How a value reads (blocks/_cars/attribute-format.ts). */
export const CAR_FORMATS = [
  'carType',
  'odometer',
  'year',
  'yearMonth',
  'money',
  'decimal1',
  'fuelEconomy',
  'stars',
] as const;

const str = { type: 'string', minLength: 1 };

export const CAR_KEYWORDS: KeywordDefinition[] = [
  // list: a visitor's list filter; range: a slider; internal: counted for site filters only.
  { keyword: 'x-facet', metaSchema: { enum: ['list', 'range', 'internal'] } },
  { keyword: 'x-filterTitle', metaSchema: str },
  { keyword: 'x-search', metaSchema: { enum: ['text', 'exact'] } },
  {
    keyword: 'x-sort',
    metaSchema: {
      type: 'object',
      propertyNames: { pattern: '^[a-z][a-z0-9_]*$' },
      additionalProperties: { enum: ['asc', 'desc'] },
    },
  },
  { keyword: 'x-unit', metaSchema: str },
  { keyword: 'x-format', metaSchema: { enum: CAR_FORMATS } },
  {
    keyword: 'x-show',
    metaSchema: { type: 'array', items: { enum: CAR_TABLES }, uniqueItems: true },
  },
  { keyword: 'x-fallback', metaSchema: str },
  {
    keyword: 'x-schemaOrg',
    metaSchema: { anyOf: [str, { type: 'array', items: str, minItems: 1 }] },
  },
];
