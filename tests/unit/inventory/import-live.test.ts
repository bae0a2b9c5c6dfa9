/**
 * Imported stock on a running server (docs/cars.md, "Stock import"): it replaces the
 * provider's stock for that dealership only, at start-up and when a stock file is written
 * (no restart); its search, facets and photos follow; a dropped car stays as sold for the
 * sold window and is removed after it (fake clock, engine/clock.ts).
 */
import type { AddressInfo } from 'node:net';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import express from 'express';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FakeClock } from '../../../engine/clock.ts';
import { importStock, loadSites } from '../../../engine/inventory/import/import-stock.ts';
import { LiveStock } from '../../../engine/inventory/live-stock.ts';
import { withImportedStock } from '../../../engine/inventory/imported-stock.ts';
import { stockPhotosRouter } from '../../../engine/inventory/stock-photos.ts';
import { CAR_INDEX } from '../../../engine/search/car-index.ts';
import { buildSiteFilter } from '../../../engine/search/site-filter.ts';
import { demoProviders } from '../../../demo/defaults.ts';
import { ROOT, SITES_DIR } from '../helpers.ts';

const SAMPLE = join(ROOT, 'demo/feeds/nerang-ford.csv');
const HOUR = 3_600_000;
const START = Date.parse('2026-03-02T09:00:00Z');
const loaded = loadSites(SITES_DIR);
const sites = loaded.entries.flatMap((e) => (e.ok ? [e.site] : []));
const goldCoast = sites.find((s) => s.slug === 'gold-coast-ford')!;
const stock = demoProviders({ count: 800, now: START }).stock;

let dataDir: string;
let live: LiveStock | undefined;
beforeEach(() => {
  dataDir = mkdtempSync(join(tmpdir(), 'fc-live-'));
});
afterEach(() => {
  live?.close();
  live = undefined;
  rmSync(dataDir, { recursive: true, force: true });
});

const importSample = (now: number, file = SAMPLE, text?: string) =>
  importStock({
    sitesDir: SITES_DIR,
    dataDir,
    site: 'gold-coast-ford',
    dealership: 'nerang-ford',
    file,
    text,
    now,
    loaded,
  });
const ofDealer = (slug: string) => live!.cars.filter((c) => c.dealership_slug === slug);
const search = (params: Record<string, unknown>) => live!.engine.search(CAR_INDEX, params);

describe('imported stock on a running server', () => {
  it('replaces the generated stock of that dealership only, and is searchable with its facets, without a restart', async () => {
    const clock = new FakeClock(START);
    live = new LiveStock({ stock, catalogue: loaded.catalogue, sites, dataDir, clock }).watch();
    const otherBefore = ofDealer('gold-coast-ford').map((c) => c.id);
    expect(ofDealer('nerang-ford').length).toBeGreaterThan(0);
    expect(search({ filters: 'stocknum:NFU2013' }).nbHits).toBe(0);

    await importSample(START);
    // The server follows the stock folder: no reload is called here.
    await vi.waitFor(() => expect(search({ filters: 'stocknum:NFU2013' }).nbHits).toBe(1), {
      timeout: 10_000,
      interval: 50,
    });
    expect(ofDealer('nerang-ford')).toHaveLength(30);
    expect(ofDealer('gold-coast-ford').map((c) => c.id)).toEqual(otherBefore);
    const facets = search({
      filters: 'dealership_slug:nerang-ford',
      facets: ['make', 'car_type'],
      hitsPerPage: 0,
    }).facets;
    expect(facets.make).toEqual({ Ford: 22, Toyota: 4, Mazda: 2, Hyundai: 2 });
    expect(facets.car_type).toEqual({ new: 9, demo: 3, used: 18 });
    expect(
      search({ query: 'landcruiser', filters: 'dealership_slug:nerang-ford' }).hits.map(
        (h) => h.stocknum,
      ),
    ).toEqual(['NFU2030']);
    const car = live.bySlug.get(ofDealer('nerang-ford')[0].slug)!;
    expect(live.byId.get(String(car.id))).toBe(car);
  });

  it('is served at start-up (the provider wrapped for the search service too)', async () => {
    await importSample(START);
    const cars = withImportedStock(
      stock,
      dataDir,
      () => START,
    )({ catalogue: loaded.catalogue, sites });
    expect(cars.filter((c) => c.dealership_slug === 'nerang-ford')).toHaveLength(30);
    live = new LiveStock({
      stock,
      catalogue: loaded.catalogue,
      sites,
      dataDir,
      clock: new FakeClock(START),
    });
    expect(
      ofDealer('nerang-ford')
        .map((c) => c.stocknum)
        .sort(),
    ).toEqual(
      cars
        .filter((c) => c.dealership_slug === 'nerang-ford')
        .map((c) => c.stocknum)
        .sort(),
    );
  });

  it('shows a dropped car as sold for the sold window, then removes it (fake clock, hourly check)', async () => {
    const clock = new FakeClock(START);
    await importSample(START);
    const lines = (await import('node:fs')).readFileSync(SAMPLE, 'utf8').trimEnd().split('\n');
    const dropped = lines.filter((l) => !l.startsWith('NFU2013,')).join('\n');
    const r = await importSample(START + HOUR, join(dataDir, 'feed.csv'), dropped);
    expect(r.sold).toEqual(['NFU2013']);
    live = new LiveStock({ stock, catalogue: loaded.catalogue, sites, dataDir, clock }).watch();
    const inSiteStock = () =>
      search({
        filters: `(${buildSiteFilter(goldCoast, { now: clock.now().getTime() })}) AND stocknum:NFU2013`,
      }).hits;
    expect(inSiteStock()).toEqual([
      expect.objectContaining({ status: 'sold', listing_state: 'sold' }),
    ]);
    clock.advance(2 * 24 * HOUR);
    expect(inSiteStock()).toHaveLength(1);
    expect(live.cars.some((c) => c.stocknum === 'NFU2013')).toBe(true);
    // gold-coast-ford keeps sold cars 3 days (its soldCutoffDays, default 3).
    clock.advance(26 * HOUR);
    expect(live.cars.some((c) => c.stocknum === 'NFU2013')).toBe(false);
    expect(search({ filters: 'stocknum:NFU2013' }).nbHits).toBe(0);
    expect(ofDealer('nerang-ford')).toHaveLength(29);
  });

  it('serves the stored photos at /assets/stock/, and nothing else there', async () => {
    const r = await importSample(START);
    const url = r.cars.find((c) => c.stocknum === 'NFN2001')!.images[0].url;
    const server = express().use('/assets', stockPhotosRouter(dataDir)).listen(0, '127.0.0.1');
    await new Promise((ok) => server.once('listening', ok));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      const res = await fetch(base + url);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('image/svg+xml');
      expect(res.headers.get('content-security-policy')).toContain('sandbox');
      expect(await res.text()).toMatch(/^<svg/);
      writeFileSync(join(dataDir, 'stock', 'nerang-ford.json.tmp'), '{}');
      expect((await fetch(`${base}/assets/stock/..%2Fnerang-ford.json`)).status).toBe(404);
      expect((await fetch(`${base}/assets/stock/nope-000000000000.svg`)).status).toBe(404);
    } finally {
      await new Promise<void>((ok) => server.close(() => ok()));
    }
  });
});
