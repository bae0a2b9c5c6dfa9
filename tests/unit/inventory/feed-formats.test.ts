/**
 * Feeds as dealers' systems and spreadsheets save them (docs/cars.md, "Stock import"): a
 * CSV separated by semicolons (a spreadsheet in a decimal-comma locale) or tabs, a byte
 * order mark, quoted cells holding the separator, upper- and lower-case aliases, and
 * numbers whose commas do not group thousands (refused, never read as another number); a
 * refused feed leaves none of its photos behind; with --skip-bad-rows a bad row sells no car,
 * even without its stock number, and a repeated row does not list a car twice.
 */
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  csvDelimiter,
  formatRowError,
  readCsvFeed,
  readFeed,
} from '../../../engine/inventory/import/feed.ts';
import { importStock, loadSites } from '../../../engine/inventory/import/import-stock.ts';
import { readNumber } from '../../../engine/inventory/import/values.ts';
import { SITES_DIR } from '../helpers.ts';

const loaded = loadSites(SITES_DIR);
let dataDir: string;
beforeEach(() => {
  dataDir = mkdtempSync(join(tmpdir(), 'fc-feed-formats-'));
});
afterEach(() => rmSync(dataDir, { recursive: true, force: true }));

const PNG =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';
const rows = [
  [
    'STOCK NUMBER',
    'vin number',
    'Rego No',
    'KILOMETERS',
    'Drive Away Price',
    'exterior color',
    'MANUFACTURER',
    'model',
    'Trim',
    'Build Year',
    'Dealer Comments',
    'Image URLs',
  ],
  [
    'KC-1',
    'JTMRJREV00D100001',
    'KIWI1',
    '45,000',
    'NZ$29,990',
    'Silver',
    'Toyota',
    'RAV4',
    'GX',
    '2020',
    'One owner, full history; new tyres',
    `${PNG}|${PNG}`,
  ],
  [
    'KC-2',
    'JTMRJREV00D100002',
    '',
    '12 000',
    '$ 39,990.00',
    'Blue',
    'Toyota',
    'Corolla',
    'ZR',
    '2022',
    'Drive away, "as new"',
    '',
  ],
];
/** The rows as a spreadsheet saves them with this separator (cells holding it, a quote or a line break quoted). */
const csv = (sep: string) =>
  `\uFEFF${rows.map((r) => r.map((c) => (c.includes(sep) || /["\n;,]/.test(c) ? `"${c.replace(/"/g, '""')}"` : c)).join(sep)).join('\r\n')}\r\n`;
const run = (text: string, file = 'feed.csv') =>
  importStock({
    sitesDir: SITES_DIR,
    dataDir,
    dealership: 'kiwi-car-yard',
    file: join(dataDir, file),
    text,
    now: Date.parse('2026-03-02T09:00:00Z'),
    loaded,
  });

describe('CSV separators', () => {
  it.each([
    ['commas', ','],
    ['semicolons', ';'],
    ['tabs', '\t'],
  ])(
    'reads a feed separated by %s, with a byte order mark and quoted cells',
    async (_name, sep) => {
      const r = await run(csv(sep));
      expect(r.errors.map(formatRowError)).toEqual([]);
      expect(r.unusedColumns).toEqual([]);
      expect(r.added).toEqual(['KC-1', 'KC-2']);
      expect(r.cars[0]).toMatchObject({
        stocknum: 'KC-1',
        regplate: 'KIWI1',
        km: 45000,
        price: 29990,
        colour: 'Silver',
        make: 'Toyota',
        badge: 'GX',
        year: 2020,
        currency: 'NZD',
        dealercomments: 'One owner, full history; new tyres',
        photos_count: 2,
      });
      expect(r.cars[1]).toMatchObject({
        km: 12000,
        price: 39990,
        dealercomments: 'Drive away, "as new"',
        photos_count: 0,
      });
    },
  );

  it('takes the separator from the header row, not from quoted cells or later rows', () => {
    expect(csvDelimiter('a,b,c\n1;2;3;4;5')).toBe(',');
    expect(csvDelimiter('"a,b";c;d\n1,2,3')).toBe(';');
    expect(csvDelimiter('\uFEFFStock No\tVIN\n')).toBe('\t');
    expect(csvDelimiter('Stock')).toBe(',');
    expect(readCsvFeed('Stock No;Price\nA1;"12,990"\n').rows[0].values).toEqual({
      stocknum: 'A1',
      price: 12990,
    });
  });
});

describe('JSON or CSV', () => {
  it('knows a JSON feed by its name or, from an address that names no file, by its first character', () => {
    const json = '\uFEFF [{"Stock No": "A1", "Price": "$1,000", "dealer_internal_id": 7}]';
    for (const name of [
      'cars.json',
      'https://dms.example/export?format=json',
      'https://dms.example/stock.json?key=1',
      'feed.txt',
    ]) {
      expect(readFeed(json, name).rows[0].values, name).toEqual({ stocknum: 'A1', price: 1000 });
    }
    expect(readFeed(json, 'cars.json').unusedColumns).toEqual(['dealer_internal_id']);
    expect(readFeed('Stock No,Price\nA1,5\n', 'https://dms.example/export').rows[0].values).toEqual(
      { stocknum: 'A1', price: 5 },
    );
  });
});

describe('numbers', () => {
  it('reads thousands grouped by commas or spaces and currency signs, and refuses a comma that groups nothing', () => {
    expect(
      [
        '$12,990',
        'NZ$12,990',
        'AU$ 12,990',
        '12 990',
        '12\u00a0990',
        '12990.00',
        '1,250,000',
        '12,990.50',
      ].map(readNumber),
    ).toEqual([12990, 12990, 12990, 12990, 12990, 12990, 1250000, 12990.5]);
    for (const bad of ['12,9OO', '12,99', '1,2345', '1 250,000', '12.990,00', ''])
      expect(() => readNumber(bad), bad).toThrow(`${JSON.stringify(bad)} is not a number`);
  });

  it('reports a price the feed cannot give as a number on its row, and an empty one with how to feed a car without a price', async () => {
    const text = `Stock No,VIN,Make,Model,Year,Price\nA1,JTMRJREV00D100001,Toyota,RAV4,2020,"12,99"\nA2,JTMRJREV00D100002,Toyota,RAV4,2020,\n`;
    const r = await run(text);
    expect(r.applied).toBe(false);
    expect(r.errors.map(formatRowError)).toEqual([
      'row 2, column Price: "12,99" is not a number',
      'row 3, column Price: is empty (every car needs one; 0 for a car without a price)',
    ]);
  });
});

describe('a refused feed', () => {
  const photosDir = () => join(dataDir, 'stock', 'photos');
  const listed = () =>
    existsSync(photosDir()) ? readdirSync(photosDir(), { recursive: true }) : [];

  it('leaves none of its photos behind; applied, its photos are served and no import folder is left', async () => {
    // Row 2 is good and has photos; row 3 is bad.
    const bad = csv(',').replace('$ 39,990.00', '12,9OO');
    const refused = await run(bad);
    expect(refused.applied).toBe(false);
    expect(refused.errors.map(formatRowError)).toEqual([
      'row 3, column Drive Away Price: "12,9OO" is not a number',
    ]);
    expect(listed()).toEqual([]);

    const applied = await run(csv(','));
    const served = applied.cars[0].images.map((i) => i.url.split('/').pop());
    expect(listed()).toEqual([...new Set(served)]);
  });
});

describe('--skip-bad-rows', () => {
  const header = 'Stock No,VIN,Make,Model,Year,Price';
  const row = (stock: string, n: number, price = '20000') =>
    `${stock},JTMRJREV00D10000${n},Toyota,Corolla,2021,${price}`;

  it('keeps the car of a bad row as it was, found by its VIN when the stock number is what is missing, and lists a repeated car once', async () => {
    await run([header, row('A1', 1), row('A2', 2), row('A3', 3)].join('\n'));
    const text = [
      header,
      row('A1', 1, '19000'),
      row('', 2, '18000'),
      row('A1', 1, '17000'),
      row('A4', 4),
    ].join('\n');
    const r = await run(text);
    expect(r.applied).toBe(false);
    expect(r.errors.map(formatRowError)).toEqual([
      'row 3, column Stock No: is empty (every car needs one)',
      'row 4, column Stock No: "A1" is already on row 2',
    ]);
    const applied = await importStock({
      sitesDir: SITES_DIR,
      dataDir,
      dealership: 'kiwi-car-yard',
      file: join(dataDir, 'feed.csv'),
      text,
      skipBadRows: true,
      now: Date.parse('2026-03-02T10:00:00Z'),
      loaded,
    });
    expect(applied.skippedRows).toEqual([3, 4]);
    // The car kept by its VIN comes after the feed's own (a later good row with its stock
    // number would have replaced it, and the stock is written as it is read: merge.ts).
    expect(applied.cars.map((c) => [c.stocknum, c.status, c.price])).toEqual([
      ['A1', 'in_stock', 19000],
      ['A4', 'in_stock', 20000],
      ['A2', 'in_stock', 20000],
      ['A3', 'sold', 20000],
    ]);
    expect(applied).toMatchObject({ added: ['A4'], changed: ['A1'], sold: ['A3'], unchanged: 1 });
  });
});
