/**
 * The Reserve Online column of a stock feed (docs/cars.md, "Stock import"): a CSV says
 * yes or no (or names the processor) and the car gets the payment processor that makes
 * Reserve Now available; a value that is neither is refused on its row and column, so a
 * typo never offers a car for reservation; an empty cell or no column leaves the car
 * without online reservation.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { isReservable } from '../../../blocks/_cars/rules/status.ts';
import { columnOf } from '../../../engine/inventory/import/columns.ts';
import {
  formatRowError,
  readCsvFeed,
  readJsonFeed,
} from '../../../engine/inventory/import/feed.ts';
import { importStock, loadSites } from '../../../engine/inventory/import/import-stock.ts';
import { RESERVE_ONLINE_PROCESSOR } from '../../../engine/inventory/import/values.ts';
import { SITES_DIR } from '../helpers.ts';

const loaded = loadSites(SITES_DIR);
let dataDir: string;
beforeEach(() => {
  dataDir = mkdtempSync(join(tmpdir(), 'fc-reserve-online-'));
});
afterEach(() => rmSync(dataDir, { recursive: true, force: true }));

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
const feed = (header: string, cells: string[]) =>
  [
    `Stock No,VIN,Make,Model,Year,Price,${header}`,
    ...cells.map((c, i) => `R${i + 1},JTMRJREV00D10000${i + 1},Toyota,Corolla,2021,24990,${c}`),
  ].join('\n');

describe('the Reserve Online column', () => {
  it.each([
    'Reserve Online',
    'reserve_online',
    'RESERVABLE',
    'Online Reservation',
    'Buy Online',
    'Payment Processors',
    'payment_processors',
  ])('is read from the header %s', (header) => {
    expect(columnOf(header)?.field).toBe('payment_processors');
  });

  it('does not take over the Reserved (on hold) column or the Online (shown on the website) column', () => {
    expect(columnOf('Reserved')?.field).toBe('reserved');
    expect(columnOf('Online')?.field).toBe('show_on_dealer_website');
  });

  it('reads yes/no, true/false, y/n, 1/0 and the processor name, in any case', () => {
    const cells = ['yes', 'No', 'TRUE', 'false', 'y', 'n', '1', '0', 'Stripe', ''];
    const rows = readCsvFeed(feed('Reserve Online', cells)).rows;
    expect(rows.map((r) => r.errors)).toEqual(cells.map(() => []));
    const yes = [RESERVE_ONLINE_PROCESSOR];
    expect(rows.map((r) => r.values.payment_processors)).toEqual([
      yes,
      [],
      yes,
      [],
      yes,
      [],
      yes,
      [],
      yes,
      undefined,
    ]);
  });

  it('makes an imported car reservable online, and leaves cars without it (or without the column) not reservable', async () => {
    const r = await run(feed('Reserve Online', ['Yes', 'No', '']));
    expect(r.errors.map(formatRowError)).toEqual([]);
    expect(r.cars.map((c) => [c.stocknum, c.payment_processors, isReservable(c)])).toEqual([
      ['R1', ['stripe'], true],
      ['R2', [], false],
      ['R3', undefined, false],
    ]);
    const without = await run(
      `Stock No,VIN,Make,Model,Year,Price\nR1,JTMRJREV00D100001,Toyota,Corolla,2021,24990\n`,
    );
    expect(without.cars.find((c) => c.stocknum === 'R1')).toMatchObject({ status: 'in_stock' });
    expect(isReservable(without.cars.find((c) => c.stocknum === 'R1')!)).toBe(false);
  });

  it('refuses a value that is not yes or no on its row and column, and applies nothing', async () => {
    const r = await run(feed('Buy Online', ['yes', 'maybe', 'paypal']));
    expect(r.applied).toBe(false);
    expect(r.errors.map(formatRowError)).toEqual([
      'row 3, column Buy Online: "maybe" is not yes or no (whether the car can be reserved online)',
      'row 4, column Buy Online: "paypal" is not yes or no (whether the car can be reserved online)',
    ]);
    expect(r.cars.some((c) => c.stocknum === 'R1')).toBe(false);
  });

  it('reads a JSON feed the same way: yes/no text or true/false, and the car field as a list', () => {
    const rows = readJsonFeed(
      JSON.stringify([
        { 'Stock No': 'J1', 'Reserve Online': true },
        { 'Stock No': 'J2', 'Reserve Online': 'no' },
        { 'Stock No': 'J3', payment_processors: ['stripe'] },
        { 'Stock No': 'J4', 'Reserve Online': 'soon' },
      ]),
    ).rows;
    expect(rows.map((r) => r.values.payment_processors)).toEqual([
      ['stripe'],
      [],
      ['stripe'],
      undefined,
    ]);
    expect(rows[3].errors.map(formatRowError)).toEqual([
      'row 4, column Reserve Online: "soon" is not yes or no (whether the car can be reserved online)',
    ]);
  });
});
