/**
 * Reading one feed cell as its column's kind. A cell that cannot be read gives the sentence
 * the import report shows after "row N, column C:" (docs/cars.md, "Stock import").
 */
import type { Car } from '../../../schemas/types.gen.ts';
import type { ColumnKind } from './columns.ts';

export type CellValue = string | number | boolean | string[] | null;

export class CellError extends Error {}

const quoted = (raw: string) => JSON.stringify(raw);

/** Digits grouped in thousands by commas or spaces ("12,990", "1 250 000"), or not grouped at all. */
const GROUPED = /^-?(?:\d{1,3}(?:([,\s])\d{3})(?:\1\d{3})*|\d+)(?:\.\d*)?$|^-?\.\d+$/;

/**
 * "$12,990", "NZ$12,990", "12 990" and "12990.00" are 12990; "12,9OO" is not a number, and
 * neither is "12,99": a comma that does not group thousands is a typo or a decimal comma,
 * and reading it as 1299 would put a wrong price on a car.
 */
export function readNumber(raw: string): number {
  const text = raw
    .trim()
    .replace(/^[A-Z]{0,3}\$\s*/, '')
    .replace(/\u00a0/g, ' ');
  if (!GROUPED.test(text)) throw new CellError(`${quoted(raw)} is not a number`);
  return Number(text.replace(/[\s,]/g, ''));
}

function readInteger(raw: string): number {
  const n = readNumber(raw);
  if (!Number.isInteger(n)) throw new CellError(`${quoted(raw)} is not a whole number`);
  return n;
}

const YES = new Set(['yes', 'y', 'true', '1', 'x']);
const NO = new Set(['no', 'n', 'false', '0']);

function readBoolean(raw: string): boolean {
  const t = raw.trim().toLowerCase();
  if (YES.has(t)) return true;
  if (NO.has(t)) return false;
  throw new CellError(`${quoted(raw)} is not yes or no`);
}

/**
 * The payment processors a car takes a reservation deposit through (docs/cars.md, "Stock
 * import"). Yes is the processor the platform's cars carry; a feed may also name it.
 */
export const RESERVE_ONLINE_PROCESSOR = 'stripe';
const PROCESSORS = new Set([RESERVE_ONLINE_PROCESSOR]);

/** "yes" / "no" (or the processor's own name, as a dealer system exports it) → the car's payment_processors. */
function readReserveOnline(raw: string): string[] {
  const t = raw.trim().toLowerCase();
  if (PROCESSORS.has(t)) return [t];
  if (YES.has(t)) return [RESERVE_ONLINE_PROCESSOR];
  if (NO.has(t)) return [];
  throw new CellError(`${quoted(raw)} is not yes or no (whether the car can be reserved online)`);
}

/** YYYY-MM-DD (or a full ISO date and time), or DD/MM/YYYY as Australian and New Zealand systems export it. */
export function readDate(raw: string): string {
  const t = raw.trim();
  const dmy = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(t);
  const iso = dmy ? `${dmy[3]}-${dmy[2].padStart(2, '0')}-${dmy[1].padStart(2, '0')}` : t;
  const m = /^(\d{4})-(\d{2})-(\d{2})([T ].+)?$/.exec(iso);
  const ms = m ? Date.parse(m[4] ? iso : `${iso}T00:00:00Z`) : NaN;
  // Date.parse rolls 2024-02-31 over to March: a date must read back as written.
  if (!m || Number.isNaN(ms) || (!m[4] && new Date(ms).toISOString().slice(0, 10) !== iso)) {
    throw new CellError(`${quoted(raw)} is not a date (YYYY-MM-DD or DD/MM/YYYY)`);
  }
  return m[4] ? new Date(ms).toISOString() : iso;
}

/**
 * "a | b; c" → ["a", "b", "c"]: lists (and photo URLs) are separated by | or ; (a data: URL's
 * own `;base64,` or `;charset=…` does not separate).
 */
export function readList(raw: string): string[] {
  return raw
    .split(/\||;(?!\s*(?:base64,|[\w-]+=))/)
    .map((s) => s.trim())
    .filter(Boolean);
}

const STATUSES: Record<string, Car['status']> = {
  instock: 'in_stock',
  available: 'in_stock',
  comingsoon: 'coming_soon',
  intransit: 'coming_soon',
  incoming: 'coming_soon',
  sold: 'sold',
};
const CAR_TYPES: Record<string, Car['car_type']> = {
  new: 'new',
  used: 'used',
  preowned: 'used',
  demo: 'demo',
  demonstrator: 'demo',
  exdemo: 'demo',
};
const ITEM_TYPES: Record<string, Car['item_type']> = {
  car: 'car',
  motorcycle: 'motorcycle',
  motorbike: 'motorcycle',
  caravan: 'caravan',
  motorhome: 'caravan',
  rv: 'caravan',
};

function oneOf<T>(table: Record<string, T>, raw: string, what: string): T {
  const v = table[raw.toLowerCase().replace(/[^a-z]/g, '')];
  if (v === undefined) throw new CellError(`${quoted(raw)} is not ${what}`);
  return v;
}

/** The cell's value, or undefined for an empty cell (the field keeps its default). */
export function readCell(kind: ColumnKind, raw: string): CellValue | undefined {
  if (raw.trim() === '') return undefined;
  switch (kind) {
    case 'text':
      return raw.trim();
    case 'number':
      return readNumber(raw);
    case 'integer':
      return readInteger(raw);
    case 'boolean':
      return readBoolean(raw);
    case 'date':
      return readDate(raw);
    case 'list':
    case 'photos':
      return readList(raw);
    case 'status':
      return oneOf(STATUSES, raw, 'a status (in stock, coming soon, sold)');
    case 'carType':
      return oneOf(CAR_TYPES, raw, 'new, used or demo');
    case 'itemType':
      return oneOf(ITEM_TYPES, raw, 'car, motorcycle or caravan');
    case 'reserveOnline':
      return readReserveOnline(raw);
  }
}
