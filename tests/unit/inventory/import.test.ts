/**
 * Stock import (docs/cars.md, "Stock import"): good CSV and JSON feeds, a bad row (nothing
 * applied, a report naming row and column), --skip-bad-rows, the same feed twice, a feed
 * that drops a car (marked sold, then removed after the sold window), dry runs.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  formatReport,
  importStock,
  loadSites,
  type ImportOptions,
} from '../../../engine/inventory/import/import-stock.ts';
import { formatRowError } from '../../../engine/inventory/import/feed.ts';
import { photoFetcher } from '../../../engine/inventory/import/photos.ts';
import {
  stockFilePath,
  readStockFile,
  importedCarId,
} from '../../../engine/inventory/stock-file.ts';
import { ROOT, SITES_DIR } from '../helpers.ts';

const SAMPLE = join(ROOT, 'demo/feeds/nerang-ford.csv');
const DAY = 86_400_000;
const NOW = Date.parse('2026-03-02T09:00:00Z');
const HEADER =
  'Stock No,VIN,Rego,Condition,Year,Make,Model,Badge,Body,Colour,Odometer,Price,Photos';

const loaded = loadSites(SITES_DIR);
let dataDir: string;
let dir: string;
beforeEach(() => {
  dataDir = mkdtempSync(join(tmpdir(), 'fc-import-'));
  dir = mkdtempSync(join(tmpdir(), 'fc-feed-'));
});
afterEach(() => {
  rmSync(dataDir, { recursive: true, force: true });
  rmSync(dir, { recursive: true, force: true });
});

const feed = (name: string, text: string) => {
  const file = join(dir, name);
  writeFileSync(file, text);
  return file;
};
const run = (file: string, extra: Partial<ImportOptions> = {}) =>
  importStock({
    sitesDir: SITES_DIR,
    dataDir,
    site: 'gold-coast-ford',
    dealership: '12',
    file,
    now: NOW,
    loaded,
    ...extra,
  });

const SVG = `data:image/svg+xml,${encodeURIComponent('<svg xmlns="http://www.w3.org/2000/svg" width="4" height="3"><script>alert(1)</script><rect width="4" height="3" fill="red"/></svg>')}`;
const csvRows = [
  'A100,MPB1234567ABC0001,ABC123,Used,2021,Ford,Ranger,XLT,Ute,White,"45,120","$47,990",',
  'A101,MPB1234567ABC0002,,New,2025,Ford,Everest,Trend,SUV,Blue,12,69990,',
  'A102,MR0ABCDEFGH000003,XYZ789,Used,2019,Toyota,HiLux,SR5,Ute,Grey,98000,42990,',
];

describe('a good CSV feed', { timeout: 30_000 }, () => {
  it('maps the columns (aliases, any case), stores the photos through the image checks and writes the stock file', async () => {
    const r = await run(SAMPLE);
    expect(r.errors).toEqual([]);
    expect(r.added).toHaveLength(30);
    expect(r.applied).toBe(true);
    const file = readStockFile(dataDir, 'nerang-ford')!;
    expect(file.cars).toHaveLength(30);
    const ranger = file.cars.find((c) => c.stocknum === 'NFN2001')!;
    expect(ranger).toMatchObject({
      id: importedCarId(12, 1),
      make: 'Ford',
      model: 'Ranger',
      badge: 'XLT',
      price: 62990,
      body: 'ute',
      simple_body: 'Ute',
      car_type: 'new',
      status: 'in_stock',
      dealership_slug: 'nerang-ford',
      location_name: 'Nerang Ford',
      currency: 'AUD',
      photos_count: 2,
      listing_state: 'available',
    });
    expect(ranger.images[0].url).toMatch(/^\/assets\/stock\/ranger-white-[0-9a-f]{12}\.svg$/);
    expect(existsSync(join(dataDir, 'stock/photos', ranger.images[0].url.split('/').pop()!))).toBe(
      true,
    );
    expect(file.cars.find((c) => c.stocknum === 'NFN2004')!.status).toBe('coming_soon');
    expect(formatReport(r)).toContain('gold-coast-ford / nerang-ford: 30 added, 0 changed, 0 sold');
  });

  it('reads headers whatever their case and spelling, and lists the columns it did not use', async () => {
    const r = await run(
      feed(
        'a.csv',
        `stock_no,vin,REGO,condition,YEAR,make,model,Badge,body,colour,odometer,PRICE,Photos,Internal Note\n${csvRows[0]},secret\n`,
      ),
    );
    expect(r.errors).toEqual([]);
    expect(r.cars[0]).toMatchObject({
      stocknum: 'A100',
      regplate: 'ABC123',
      km: 45120,
      price: 47990,
      year: 2021,
    });
    expect(r.unusedColumns).toEqual(['Internal Note']);
  });
});

describe('photos', { timeout: 30_000 }, () => {
  const PNG =
    'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';

  it('reads a list of photos separated by ; or | (a data: URL keeps its own ;base64), and refuses what is not an image', async () => {
    writeFileSync(
      join(dir, 'front.svg'),
      '<svg xmlns="http://www.w3.org/2000/svg" width="4" height="3"/>',
    );
    const good = await run(
      feed(
        'p.csv',
        `${HEADER}
${csvRows[0].replace(/,$/, `,"front.svg;${PNG} | front.svg"`)}
`,
      ),
    );
    expect(good.errors).toEqual([]);
    expect(good.cars[0].images.map((i) => i.url)).toEqual([
      expect.stringMatching(/^\/assets\/stock\/front-[0-9a-f]{12}\.svg$/),
      expect.stringMatching(/^\/assets\/stock\/photo-[0-9a-f]{12}-c[0-9a-f]{6}\.png$/),
      expect.stringMatching(/\.svg$/),
    ]);
    const bad = await run(
      feed(
        'q.csv',
        `${HEADER}
${csvRows[1].replace(/,$/, ',"data:text/plain;base64,aGVsbG8="')}
`,
      ),
    );
    // A photo that is not an image is a warning: the car is imported without it.
    expect(bad.errors).toEqual([]);
    expect(bad.warnings.map(formatRowError)).toEqual([
      'row 2, column Photos: photo 1 (data: URL) was refused: This file is not a PNG, JPEG, WebP or SVG image. Export it in one of those formats and upload it again.',
    ]);
    expect(bad.cars.find((c) => c.stocknum === 'A101')?.images).toEqual([]);
  });

  it('never takes a history-report link or a hold from a feed (the platform sets them)', async () => {
    const r = await run(
      feed(
        'f.json',
        JSON.stringify([
          {
            stocknum: 'J9',
            vin: 'MPB1234567ABC0011',
            make: 'Ford',
            model: 'Puma',
            year: 2024,
            price: 1,
            file: 'javascript:alert(1)',
            reserved_until: '2030-01-01T00:00:00Z',
          },
        ]),
      ),
    );
    expect(r.errors).toEqual([]);
    expect(r.cars[0]).not.toHaveProperty('file');
    expect(r.cars[0]).not.toHaveProperty('reserved_until');
  });
});

describe('a good JSON feed', { timeout: 30_000 }, () => {
  it('takes an array of car objects, with photos as data: URLs cleaned like uploads', async () => {
    const cars = [
      {
        stocknum: 'J1',
        vin: 'MPB1234567ABC0009',
        make: 'Ford',
        model: 'Puma',
        year: 2024,
        price: 31990,
        km: 4000,
        car_type: 'demo',
        photos: [SVG],
        variant: { cylinders: 3 },
      },
      {
        stocknum: 'J2',
        vin: 'MPB1234567ABC0010',
        make: 'Ford',
        model: 'Mustang',
        year: 2018,
        price: '54,990',
        Odometer: '61,000',
        status: 'in stock',
      },
    ];
    const r = await run(feed('cars.json', JSON.stringify(cars)));
    expect(r.errors).toEqual([]);
    expect(r.added).toEqual(['J1', 'J2']);
    const [puma, mustang] = r.cars;
    expect(puma).toMatchObject({
      car_type: 'demo',
      variant: { cylinders: 3 },
      photos_count: 1,
      body: 'suv',
    });
    expect(mustang).toMatchObject({ price: 54990, km: 61000, status: 'in_stock', body: 'coupe' });
    const stored = readFileSync(
      join(dataDir, 'stock/photos', puma.images[0].url.split('/').pop()!),
      'utf8',
    );
    expect(stored).toContain('<rect');
    expect(stored).not.toContain('script');
  });
});

describe('a feed with a bad row', { timeout: 30_000 }, () => {
  const bad = () =>
    feed(
      'bad.csv',
      `${HEADER}\n${csvRows[0]}\n${csvRows[1].replace('69990', '"12,9OO"')}\n${csvRows[2]}\n`,
    );

  it('applies nothing and names the row and the column', async () => {
    const r = await run(bad());
    expect(r.applied).toBe(false);
    expect(r.errors.map(formatRowError)).toEqual(['row 3, column Price: "12,9OO" is not a number']);
    expect(existsSync(stockFilePath(dataDir, 'nerang-ford'))).toBe(false);
    expect(formatReport(r)).toBe(
      'Nothing imported for gold-coast-ford / nerang-ford: 1 problem in the feed (fix them, or run again with --skip-bad-rows):\n  row 3, column Price: "12,9OO" is not a number',
    );
  });

  it('leaves the stock of an earlier import as it was', async () => {
    await run(feed('good.csv', `${HEADER}\n${csvRows.join('\n')}\n`));
    const before = readFileSync(stockFilePath(dataDir, 'nerang-ford'), 'utf8');
    const r = await run(
      feed('bad2.csv', `${HEADER}\n${csvRows[0]}\n`.replace('MPB1234567ABC0001', 'MPB123')),
    );
    expect(r.errors.map(formatRowError)).toEqual([
      'row 2, column VIN: "MPB123" is not a VIN (17 letters and digits, no I, O or Q)',
    ]);
    expect(readFileSync(stockFilePath(dataDir, 'nerang-ford'), 'utf8')).toBe(before);
  });

  it('reports missing values and repeated stock numbers, and an unreadable photo as a warning', async () => {
    const r = await run(
      feed(
        'worse.csv',
        `${HEADER}\n${csvRows[0]}\n,MPB1234567ABC0005,,Used,2020,Ford,Focus,,Hatch,Red,1,1,\n${csvRows[0]}\nA105,MPB1234567ABC0006,,Used,2020,Ford,Focus,,Hatch,Red,1,1,missing.jpg\n`,
      ),
    );
    expect(r.errors.map(formatRowError)).toEqual([
      'row 3, column Stock No: is empty (every car needs one)',
      'row 4, column Stock No: "A100" is already on row 2',
    ]);
    expect(r.warnings.map(formatRowError)).toEqual([
      expect.stringMatching(
        /^row 5, column Photos: photo 1 \("missing\.jpg"\) could not be read \(ENOENT/,
      ),
    ]);
  });

  it('with --skip-bad-rows applies the rest and lists what it skipped', async () => {
    const r = await run(bad(), { skipBadRows: true });
    expect(r.applied).toBe(true);
    expect(r.added).toEqual(['A100', 'A102']);
    expect(r.skippedRows).toEqual([3]);
    expect(formatReport(r)).toContain(
      'Skipped 1 bad row (3):\n  row 3, column Price: "12,9OO" is not a number',
    );
  });
});

describe('incremental and idempotent', { timeout: 60_000 }, () => {
  it('the same feed twice changes nothing', async () => {
    await run(SAMPLE);
    const before = readFileSync(stockFilePath(dataDir, 'nerang-ford'), 'utf8');
    const again = await run(SAMPLE, { now: NOW + 2 * DAY });
    expect(formatReport(again)).toContain('0 added, 0 changed, 0 sold');
    expect(again.unchanged).toBe(30);
    expect(readFileSync(stockFilePath(dataDir, 'nerang-ford'), 'utf8')).toBe(before);
  });

  it('updates a changed car, marks a dropped car sold, drops it after the sold window, and takes a returning car back', async () => {
    const file = feed('f.csv', `${HEADER}\n${csvRows.join('\n')}\n`);
    await run(file);
    const first = readStockFile(dataDir, 'nerang-ford')!.cars;
    const changed = await run(
      feed('g.csv', `${HEADER}\n${csvRows[0].replace('"$47,990"', '45990')}\n${csvRows[1]}\n`),
      { now: NOW + DAY },
    );
    expect(changed).toMatchObject({ added: [], changed: ['A100'], sold: ['A102'], unchanged: 1 });
    const sold = changed.cars.find((c) => c.stocknum === 'A102')!;
    expect(sold).toMatchObject({
      status: 'sold',
      sold: true,
      sold_date_timestamp: (NOW + DAY) / 1000,
      listing_state: 'sold',
      listed_until: (NOW + DAY) / 1000,
    });
    expect(sold.id).toBe(first.find((c) => c.stocknum === 'A102')!.id);
    // Still listed within the window (gold-coast-ford: 3 days), gone after it.
    const within = await run(
      feed('h.csv', `${HEADER}\n${csvRows[0].replace('"$47,990"', '45990')}\n${csvRows[1]}\n`),
      { now: NOW + 3 * DAY },
    );
    expect(within).toMatchObject({ removed: [], sold: [], unchanged: 3 });
    const after = await run(
      feed('i.csv', `${HEADER}\n${csvRows[0].replace('"$47,990"', '45990')}\n${csvRows[1]}\n`),
      { now: NOW + 4 * DAY + 3_600_000 },
    );
    expect(after).toMatchObject({ removed: ['A102'], unchanged: 2 });
    expect(readStockFile(dataDir, 'nerang-ford')!.cars.map((c) => c.stocknum)).toEqual([
      'A100',
      'A101',
    ]);
    const back = await run(file, { now: NOW + 5 * DAY });
    expect(back.added).toEqual(['A102']);
    expect(back.cars.find((c) => c.stocknum === 'A102')!.id).not.toBe(sold.id);
  });

  it('a dry run reports and writes nothing', async () => {
    const r = await run(SAMPLE, { dryRun: true });
    expect(r.added).toHaveLength(30);
    expect(r.applied).toBe(false);
    expect(existsSync(join(dataDir, 'stock'))).toBe(false);
    expect(formatReport(r)).toMatch(/^Dry run, nothing written: /);
  });

  it('finds the site from the dealership when it is on one site', async () => {
    const r = await run(SAMPLE, { site: undefined, dealership: 'nerang-ford', dryRun: true });
    expect(r.site).toBe('gold-coast-ford');
    await expect(run(SAMPLE, { site: undefined, dealership: 'nowhere-motors' })).rejects.toThrow(
      'No site lists a dealership nowhere-motors',
    );
  });

  it('resolves photos of a feed from the web against its address, and downloads only when allowed', async () => {
    const fetchPhoto = photoFetcher({ baseUrl: 'https://dealer.example/feeds/stock.csv' });
    await expect(fetchPhoto('photos/a.jpg')).rejects.toThrow(
      'is a web address, and this import reads local files only',
    );
  });

  // A lock left by a killed import: import-lock.test.ts.
  it('one import of a dealership at a time: a second is refused while the first runs', async () => {
    const lock = join(dataDir, 'stock', 'nerang-ford.lock');
    let release!: () => void;
    const slowPhotos = photoFetcher({ baseDir: dirname(SAMPLE) });
    const first = run(SAMPLE, {
      fetchPhoto: async (url) => {
        await new Promise<void>((r) => (release = r));
        release = () => undefined;
        return slowPhotos(url);
      },
    });
    await vi.waitFor(() => expect(existsSync(lock)).toBe(true));
    await expect(run(SAMPLE)).rejects.toThrow(
      `Another import of nerang-ford is running (process ${process.pid} on ${hostname()}); try again when it has finished`,
    );
    // A dry run reads only: it is not held up.
    expect((await run(SAMPLE, { dryRun: true })).added).toHaveLength(30);
    await vi.waitFor(() => expect(release).toBeTypeOf('function'));
    const photosGo = setInterval(() => release(), 1);
    try {
      expect((await first).applied).toBe(true);
    } finally {
      clearInterval(photosGo);
    }
    expect(existsSync(lock)).toBe(false);
  });

  it('refuses an unknown dealership or site with a sentence', async () => {
    await expect(run(SAMPLE, { dealership: '99' })).rejects.toThrow(
      'Site gold-coast-ford has no dealership 99 (it has 11 gold-coast-ford, 12 nerang-ford)',
    );
    await expect(run(SAMPLE, { site: 'nowhere' })).rejects.toThrow(/No site nowhere/);
    await expect(run(feed('empty.csv', `${HEADER}\n\n`))).rejects.toThrow(
      'The feed lists no cars: nothing imported (an empty feed would mark every car sold)',
    );
    await expect(run(feed('broken.json', '{"not": "an array"}'))).rejects.toThrow(
      'A JSON feed is an array of car objects',
    );
  });
});
