/**
 * A JSON feed streams as a CSV does (docs/cars.md, "Stock import"): larger than a feed once
 * read whole (20 MB), it is imported; its rows are checked and reported as the same CSV's
 * are (row and column, a bad photo a warning); one cut short or with a car object over the
 * limit is refused and marks nothing sold.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { FEED_MESSAGES, MAX_RECORD_BYTES } from '../../../engine/inventory/import/feed.ts';
import {
  importStock,
  loadSites,
  type ImportOptions,
} from '../../../engine/inventory/import/import-stock.ts';
import { readStockFile } from '../../../engine/inventory/stock-file.ts';
import { SITES_DIR } from '../helpers.ts';

const loaded = loadSites(SITES_DIR);
const VIN = (i: number) => `MPB1234567A${String(i).padStart(6, '0')}`;
const car = (i: number, extra: Record<string, unknown> = {}): Record<string, unknown> => ({
  'Stock No': `J${i}`,
  VIN: VIN(i),
  Year: 2021,
  Make: 'Ford',
  Model: 'Ranger',
  Body: 'Ute',
  Odometer: 1000 + i,
  Price: 30000 + i,
  Comments: 'Full service history, one owner, '.repeat(82),
  ...extra,
});

let dir: string;
let dataDir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'fc-json-feed-'));
  dataDir = mkdtempSync(join(tmpdir(), 'fc-json-data-'));
});
afterEach(() => {
  rmSync(dir, { recursive: true, force: true });
  rmSync(dataDir, { recursive: true, force: true });
});

const run = (name: string, text: string, extra: Partial<ImportOptions> = {}) => {
  const file = join(dir, name);
  writeFileSync(file, text);
  return importStock({
    sitesDir: SITES_DIR,
    dataDir,
    site: 'gold-coast-ford',
    dealership: '12',
    file,
    loaded,
    ...extra,
  });
};
const json = (cars: unknown[]) => `[\n${cars.map((c) => JSON.stringify(c)).join(',\n')}\n]\n`;
const inStock = () =>
  readStockFile(dataDir, 'nerang-ford')!.cars.filter((c) => c.status !== 'sold');

describe('a JSON feed', () => {
  it('over 20 MB is imported, a car object at a time', async () => {
    const cars = Array.from({ length: 8000 }, (_, i) => car(i + 1));
    const text = `\uFEFF${json(cars)}`;
    expect(text.length).toBeGreaterThan(20 * 1024 * 1024);
    const r = await run('stock.json', text);
    expect(r.errors).toEqual([]);
    expect(r.added).toHaveLength(8000);
    expect(inStock().at(-1)).toMatchObject({ stocknum: 'J8000', vin: VIN(8000), price: 38000 });
  }, 120_000);

  it('reports its bad rows and photos as the same CSV does', async () => {
    const cars = [
      car(1, { Photos: 'missing.jpg' }),
      car(2, { Price: '12,9OO' }),
      car(3, { 'Stock No': '' }),
      'not a car',
    ];
    const csvOf = (c: ReturnType<typeof car>) =>
      [
        c['Stock No'],
        c.VIN,
        c.Year,
        c.Make,
        c.Model,
        c.Body,
        c.Odometer,
        `"${c.Price}"`,
        `"${c.Comments}"`,
        c.Photos ?? '',
      ].join(',');
    const fromJson = await run('stock.json', json(cars));
    const fromCsv = await run(
      'stock.csv',
      [
        'Stock No,VIN,Year,Make,Model,Body,Odometer,Price,Comments,Photos',
        ...cars.slice(0, 3).map((c) => csvOf(c as ReturnType<typeof car>)),
      ].join('\n'),
    );
    // The same problems, on the row each format numbers the car (a CSV's header is its row 1).
    const shift = (e: { row: number }) => ({ ...e, row: e.row - 1 });
    expect(fromJson.errors.slice(0, 2)).toEqual(fromCsv.errors.map(shift));
    expect(fromJson.errors.map((e) => [e.row, e.column])).toEqual([
      [2, 'Price'],
      [3, 'Stock No'],
      [4, '(row)'],
    ]);
    expect(fromJson.warnings).toEqual(fromCsv.warnings.map(shift));
    expect(fromJson.warnings[0]).toMatchObject({ row: 1, column: 'Photos' });
    expect(fromJson.applied).toBe(false);
  });

  it('cut short, or with a car larger than the limit, is refused and sells nothing', async () => {
    await run('stock.json', json([car(1), car(2), car(3)]));
    const whole = json([car(1), car(2)]);
    await expect(run('stock.json', whole.slice(0, whole.length - 40))).rejects.toThrow(
      'The JSON could not be read',
    );
    // Counted in the chunks the file is read in (64 kB), so a little over the limit.
    const over = MAX_RECORD_BYTES + 128 * 1024;
    const huge = json([car(1), car(2, { Comments: 'x'.repeat(over) }), car(3)]);
    await expect(run('stock.json', huge, { skipBadRows: true })).rejects.toThrow(
      FEED_MESSAGES.jsonCarTooLarge(2),
    );
    await expect(run('stock.json', '{"cars": []}')).rejects.toThrow(FEED_MESSAGES.notArray);
    expect(inStock()).toHaveLength(3);
  }, 60_000);
});
