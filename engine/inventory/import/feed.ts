/**
 * Reads a stock feed, CSV or JSON, into rows of car fields (docs/cars.md, "Stock import").
 * Rows are numbered as a spreadsheet shows them: in a CSV the header is row 1 and the first
 * car row 2; in a JSON array the first car is row 1. A cell that cannot be read becomes a row
 * error naming the row and the column as the feed spells it; nothing is guessed.
 *
 * The import reads a feed as a stream (feed-stream.ts); the whole-text readers here are the
 * same rules for a feed already in memory. Line ends may be CRLF, LF or a lone CR, mixed in
 * one file. A JSON feed streams too, a car object at a time (stream-json); one object is
 * held to MAX_RECORD_BYTES, as a CSV record is.
 */
import type { Options as CsvOptions } from 'csv-parse';
import { parse } from 'csv-parse/sync';
import carSchema from '../../../schemas/car.schema.json';
import { columnOf, COMPUTED_FIELDS, type FeedField } from './columns.ts';
import { CellError, readCell } from './values.ts';

export interface RowError {
  row: number;
  column: string;
  message: string;
}

export interface FeedRow {
  row: number;
  /** Field → value read from the feed (empty cells absent). */
  values: Partial<Record<FeedField, unknown>>;
  /** Field → the column name as the feed spells it (for messages). */
  columns: Partial<Record<FeedField, string>>;
  errors: RowError[];
}

export interface ParsedFeed {
  rows: FeedRow[];
  /** Columns (or JSON keys) that fill no car field. */
  unusedColumns: string[];
}

export class FeedError extends Error {}

const CAR_FIELDS = new Set(Object.keys(carSchema.properties));

export function formatRowError(e: RowError): string {
  return `row ${e.row}, column ${e.column}: ${e.message}`;
}

function cell(row: FeedRow, header: string, raw: unknown) {
  const column = columnOf(header);
  if (!column) return false;
  if (row.columns[column.field] !== undefined) return true; // the first of two columns for one field wins
  row.columns[column.field] = header;
  try {
    let value: unknown;
    if (typeof raw === 'string') value = readCell(column.kind, raw);
    else if (typeof raw === 'number' && column.kind !== 'number' && column.kind !== 'integer')
      value = readCell(column.kind, String(raw));
    // A JSON feed's `"Reserve Online": true` reads as the CSV's yes.
    else if (typeof raw === 'boolean' && column.kind === 'reserveOnline')
      value = readCell(column.kind, String(raw));
    else value = raw === null ? undefined : raw;
    if (value !== undefined) row.values[column.field] = value;
  } catch (err) {
    if (!(err instanceof CellError)) throw err;
    row.errors.push({ row: row.row, column: header, message: err.message });
  }
  return true;
}

/** What may separate a CSV's cells: spreadsheets set to a locale with a decimal comma save with `;`, some systems export tabs. */
const DELIMITERS = [',', ';', '\t'] as const;

/**
 * The separator of a CSV, from its header row: the one of `,` `;` and tab that occurs most
 * outside quotes (a comma on a tie). Header names hold none of them, so the header says it.
 */
export function csvDelimiter(text: string): (typeof DELIMITERS)[number] {
  const counts = new Map<string, number>(DELIMITERS.map((d) => [d, 0]));
  let quoted = false;
  for (const ch of text.replace(/^\uFEFF/, '')) {
    if (ch === '"') quoted = !quoted;
    else if (!quoted && (ch === '\n' || ch === '\r')) break;
    else if (!quoted && counts.has(ch)) counts.set(ch, counts.get(ch)! + 1);
  }
  return DELIMITERS.reduce(
    (best, d) => (counts.get(d)! > counts.get(best)! ? d : best),
    DELIMITERS[0],
  );
}

/** Most cars one feed may list: the largest dealer groups list a few thousand, and a dealership's ids leave room for 100,000 over its life. */
export const MAX_FEED_CARS = 20_000;
/** Largest CSV record, or car object of a JSON feed (a row may carry photos as data: URLs). */
export const MAX_RECORD_BYTES = 16 * 1024 * 1024;

export const FEED_MESSAGES = {
  noHeader: 'The CSV has no header row',
  tooMany: `The feed lists more than ${MAX_FEED_CARS.toLocaleString('en')} cars, the most one import takes: nothing imported (split it by dealership)`,
  jsonCarTooLarge: (row: number) =>
    `The JSON feed's car ${row} is larger than ${MAX_RECORD_BYTES / 1024 / 1024} MB, the most one car may take: nothing imported`,
  notArray: 'A JSON feed is an array of car objects',
  cutShort: (row: number, cells: number, of: number) =>
    `The feed ends in the middle of row ${row} (${cells} of ${of} cells, and no line break after it): it looks cut short, so nothing was imported and no car marked sold`,
  extraCells: (cells: number, of: number) =>
    `has ${cells} cells and the header ${of}: a line break or separator out of place? The row was not read`,
  changed: 'The feed changed while it was read: nothing imported (run the import again)',
} as const;

export function csvOptions(delimiter: string): CsvOptions {
  return {
    bom: true,
    delimiter,
    // Each of CRLF, LF and a lone CR ends a record, mixed too: an export whose line ends
    // change halfway would otherwise fold the rest of the file into one row's cells.
    record_delimiter: ['\r\n', '\n', '\r'],
    relax_column_count: true,
    skip_empty_lines: false,
    relax_quotes: false,
    max_record_size: MAX_RECORD_BYTES,
  };
}

export const isBlankRecord = (record: string[]) => record.every((c) => c.trim() === '');

/** One CSV record as a row of car fields (`index`: its place after the header, from 0). */
export function recordToRow(header: string[], record: string[], index: number): FeedRow {
  const row: FeedRow = { row: index + 2, values: {}, columns: {}, errors: [] };
  const width = header.length;
  // Its cells are still read, so that --skip-bad-rows keeps its car (by stock number or VIN).
  if (record.length > width && !isBlankRecord(record.slice(width)))
    row.errors.push({
      row: row.row,
      column: '(row)',
      message: FEED_MESSAGES.extraCells(record.length, width),
    });
  header.forEach((h, c) => {
    if (h.trim()) cell(row, h.trim(), record[c] ?? '');
  });
  return row;
}

export function checkHeader(header: string[] | undefined): string[] {
  if (!header?.some((h) => h.trim())) throw new FeedError(FEED_MESSAGES.noHeader);
  return header;
}

export const unusedColumnsOf = (header: string[]) => header.filter((h) => h.trim() && !columnOf(h));

export function readCsvFeed(text: string): ParsedFeed {
  let records: string[][];
  try {
    records = parse(text, csvOptions(csvDelimiter(text))) as string[][];
  } catch (err) {
    throw new FeedError(`The CSV could not be read: ${(err as Error).message}`);
  }
  const [first, ...body] = records;
  const header = checkHeader(first);
  const rows: FeedRow[] = [];
  body.forEach((record, i) => {
    if (!isBlankRecord(record)) rows.push(recordToRow(header, record, i));
  });
  return { rows, unusedColumns: unusedColumnsOf(header) };
}

/** One item of a JSON feed's array (`index` from 0) as a row of car fields; keys that fill no field go to `unused`. */
export function jsonItemToRow(item: unknown, index: number, unused: Set<string>): FeedRow {
  const row: FeedRow = { row: index + 1, values: {}, columns: {}, errors: [] };
  if (!item || typeof item !== 'object' || Array.isArray(item)) {
    row.errors.push({ row: row.row, column: '(row)', message: 'is not a car object' });
    return row;
  }
  for (const [key, raw] of Object.entries(item as Record<string, unknown>)) {
    // What the import works out itself is skipped, and a car field's own name wins over an
    // alias (a car record's `description` is not its comments, its `variant` not a badge).
    if (COMPUTED_FIELDS.has(key)) continue;
    if (CAR_FIELDS.has(key) && columnOf(key)?.field !== key) {
      // Any other car field (variant, finance_lenders, categories, …) is taken as it is and checked by the car schema.
      row.values[key as FeedField] = raw;
      row.columns[key as FeedField] = key;
    } else if (!cell(row, key, raw)) unused.add(key);
  }
  return row;
}

export function readJsonFeed(text: string): ParsedFeed {
  let data: unknown;
  try {
    data = JSON.parse(text.replace(/^\uFEFF/, ''));
  } catch (err) {
    throw new FeedError(`The JSON could not be read: ${(err as Error).message}`);
  }
  if (!Array.isArray(data)) throw new FeedError(FEED_MESSAGES.notArray);
  const unused = new Set<string>();
  const rows = data.map((item, i) => jsonItemToRow(item, i, unused));
  return { rows, unusedColumns: [...unused] };
}

/**
 * A feed by its file name (.json) or, for a name that says nothing (a dealer system's export
 * address, `…/stock?format=json`), by its first character: a CSV starts with a header name.
 */
export function readFeed(text: string, fileName: string): ParsedFeed {
  const json = /\.json$/i.test(fileName.split(/[?#]/)[0]) || /^\uFEFF?\s*[[{]/.test(text);
  return json ? readJsonFeed(text) : readCsvFeed(text);
}
