/**
 * The import's promises for every dealership of every demo site, not one sample
 * (docs/cars.md, "Stock import"): a feed replaces that dealership's generated stock only, in
 * the region's currency and odometer unit, is found through the site's own stock filter on a
 * running server without a restart, and a car the next feed drops shows there as sold.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { FakeClock } from '../../../engine/clock.ts';
import { importStock, loadSites } from '../../../engine/inventory/import/import-stock.ts';
import { LiveStock } from '../../../engine/inventory/live-stock.ts';
import { CAR_INDEX } from '../../../engine/search/car-index.ts';
import { buildSiteFilter } from '../../../engine/search/site-filter.ts';
import { regionSettings } from '../../../engine/region.ts';
import { demoProviders } from '../../../demo/defaults.ts';
import { SITES_DIR } from '../helpers.ts';

const START = Date.parse('2026-03-02T09:00:00Z');
const HOUR = 3_600_000;
const loaded = loadSites(SITES_DIR);
const sites = loaded.entries.flatMap((e) => (e.ok ? [e.site] : []));
const cases = sites.flatMap((site) => site.dealerships.map((d) => ({ site, dealership: d })));

let dataDir: string;
let live: LiveStock;
let clock: FakeClock;
beforeAll(() => {
  dataDir = mkdtempSync(join(tmpdir(), 'fc-every-dealer-'));
  clock = new FakeClock(START);
  live = new LiveStock({
    stock: demoProviders({ count: 600, now: START }).stock,
    catalogue: loaded.catalogue,
    sites,
    dataDir,
    clock,
  }).watch();
});
afterAll(() => {
  live.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const vin = (dealershipId: number, n: number) =>
  `JTMRJREV${String(dealershipId).padStart(4, '0')}X${String(n).padStart(4, '0')}`;
const feed = (id: number, stock: string[]) =>
  [
    'Stock No,VIN,Make,Model,Year,Price,Odometer',
    ...stock.map((s, i) => `${s},${vin(id, i + 1)},Toyota,Corolla,2021,"$21,990","30,000"`),
  ].join('\n');
const ids = (slug: string) =>
  live.cars
    .filter((c) => c.dealership_slug === slug)
    .map((c) => c.id)
    .sort();

describe('importing each demo dealership', () => {
  it('covers more than one site and region', () => {
    expect(new Set(cases.map((c) => c.site.region ?? 'AU')).size).toBeGreaterThan(1);
    expect(cases.length).toBeGreaterThan(sites.length);
  });

  it.each(cases.map((c) => [`${c.site.slug} / ${c.dealership.slug}`, c] as const))(
    '%s',
    async (_name, { site, dealership }) => {
      const others = new Map(
        cases
          .filter((c) => c.dealership.slug !== dealership.slug)
          .map((c) => [c.dealership.slug, ids(c.dealership.slug)]),
      );
      const stock = [`${dealership.id}-A`, `${dealership.id}-B`];
      const first = await importStock({
        sitesDir: SITES_DIR,
        dataDir,
        site: site.slug,
        dealership: String(dealership.id),
        file: join(dataDir, 'feed.csv'),
        text: feed(dealership.id, stock),
        now: clock.now().getTime(),
        loaded,
      });
      expect(first.errors).toEqual([]);
      expect(first.added).toEqual(stock);

      const shown = (stocknum: string) =>
        live.engine.search(CAR_INDEX, {
          filters: `(${buildSiteFilter(site, { now: clock.now().getTime() })}) AND stocknum:"${stocknum}"`,
        }).hits;
      // No reload is called: the server follows the stock folder.
      await vi.waitFor(() => expect(shown(stock[0])).toHaveLength(1), {
        timeout: 10_000,
        interval: 50,
      });
      const { currency } = regionSettings(site.region);
      expect(
        live.cars
          .filter((c) => c.dealership_slug === dealership.slug)
          .map((c) => [c.stocknum, c.currency, c.odometer_unit, c.km, c.price]),
      ).toEqual(stock.map((s) => [s, currency, site.region === 'US' ? 'mi' : 'km', 30000, 21990]));
      for (const [slug, before] of others) expect(ids(slug), slug).toEqual(before);

      clock.advance(HOUR);
      const second = await importStock({
        sitesDir: SITES_DIR,
        dataDir,
        site: site.slug,
        dealership: dealership.slug,
        file: join(dataDir, 'feed.csv'),
        text: feed(dealership.id, stock.slice(0, 1)),
        now: clock.now().getTime(),
        loaded,
      });
      expect(second.sold).toEqual([stock[1]]);
      const sold = expect.objectContaining({
        stocknum: stock[1],
        status: 'sold',
        sold: true,
        sold_date_timestamp: Math.floor(clock.now().getTime() / 1000),
      });
      await vi.waitFor(
        () =>
          expect(live.engine.search(CAR_INDEX, { filters: `stocknum:"${stock[1]}"` }).hits).toEqual(
            [sold],
          ),
        { timeout: 10_000, interval: 50 },
      );
      // Shown as sold where the site shows recently sold cars (kiwi-car-yard shows available cars only).
      const showsSold = [1, 3].includes(site.search.preset ?? 3) && !site.search.inStockOnly;
      expect(shown(stock[1])).toEqual(showsSold ? [sold] : []);
      expect(shown(stock[0])).toHaveLength(1);
    },
  );
});
