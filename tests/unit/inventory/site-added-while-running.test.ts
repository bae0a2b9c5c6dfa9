/**
 * A site with locations added while the server runs (a file dropped in the folder, or
 * published elsewhere and brought in by the git sync) gets cars at once (docs/editor-design.md,
 * "A new site's stock"). The demo's main stream numbers cars from 1, as the cars already
 * served, so it would have given the site only cars whose ids were taken: none served.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { demoStock } from '../../../demo/inventory/load.ts';
import { NEW_DEALERSHIP_CARS } from '../../../demo/inventory/new-dealerships.ts';
import { readCatalogue, readInventorySites } from '../../../engine/inventory/load.ts';
import { LiveStock } from '../../../engine/inventory/live-stock.ts';
import { CAR_INDEX } from '../../../engine/search/car-index.ts';
import type { Car } from '../../../schemas/types.gen.ts';
import { SITES_DIR } from '../helpers.ts';

const catalogue = readCatalogue(SITES_DIR);
const sites = readInventorySites(SITES_DIR);
const NOW = Date.UTC(2026, 0, 15);
let dir: string | undefined;
let live: LiveStock | undefined;

afterEach(() => {
  live?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
  vi.restoreAllMocks();
});

function started(without: string) {
  dir = mkdtempSync(join(tmpdir(), 'forecourt-site-added-'));
  live = new LiveStock({
    stock: demoStock({ count: 800, now: NOW }),
    catalogue,
    sites: sites.filter((s) => s.slug !== without),
    dataDir: dir,
  });
  return live;
}

describe('a site with locations added while the server runs', () => {
  it.each(['kiwi-car-yard', 'southern-motor-group'])(
    '%s: each of its dealerships gets cars of its own at its own locations, and no car served changes',
    (slug) => {
      const site = sites.find((s) => s.slug === slug)!;
      const stock = started(slug);
      const before = new Map(stock.cars.map((c) => [c.id, JSON.stringify(c)]));
      const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});

      const added = stock.addSites([site]);

      const mine = site.dealerships.map((d) => d.slug);
      const theirs = stock.cars.filter((c) => mine.includes(c.dealership_slug));
      expect(added).toBe(mine.length * NEW_DEALERSHIP_CARS);
      expect(theirs).toHaveLength(added);
      const locationsOf = (dealership: string) =>
        site.locations.filter((l) => l.dealership_slug === dealership).map((l) => l.id);
      for (const car of theirs) {
        const own = locationsOf(car.dealership_slug);
        if (own.length) expect(own).toContain(car.location_id);
      }
      expect(new Set(stock.cars.map((c) => c.id)).size).toBe(stock.cars.length);
      const now = new Map(stock.cars.map((c) => [c.id, JSON.stringify(c)]));
      for (const [id, car] of before) expect(now.get(id)).toBe(car);
      expect(warn).not.toHaveBeenCalled();
      // Its own engine finds them.
      const engine = stock.siteEngine(site)!;
      expect(engine.search(CAR_INDEX, { query: '', hitsPerPage: 0 }).nbHits).toBe(added);
    },
  );

  it('the same cars every time (a second server adding it gets the same)', () => {
    const site = sites.find((s) => s.slug === 'kiwi-car-yard')!;
    const first = started('kiwi-car-yard');
    first.addSites([site]);
    const ids = (cars: Car[]) =>
      cars
        .filter((c) => c.dealership_slug === 'kiwi-car-yard')
        .map((c) => `${c.id} ${c.slug} ${c.price}`);
    const once = ids(first.cars);
    first.close();
    rmSync(dir!, { recursive: true, force: true });
    const second = started('kiwi-car-yard');
    second.addSites([site]);
    expect(ids(second.cars)).toEqual(once);
  });
});

describe('a site removed while the server runs', () => {
  it('lets go of its engine (asked again, it is built anew) and keeps every car', () => {
    const kiwi = sites.find((s) => s.slug === 'kiwi-car-yard')!;
    const stock = started('none');
    const engine = stock.siteEngine(kiwi);
    const cars = stock.cars.length;
    expect(stock.siteEngine(kiwi)).toBe(engine);
    stock.removeSite('kiwi-car-yard');
    expect(stock.cars).toHaveLength(cars);
    expect(stock.siteEngine(kiwi)).not.toBe(engine);
  });
});

describe('a provider whose cars take ids already served', () => {
  it('serves none of them and says so, naming the dealership', () => {
    dir = mkdtempSync(join(tmpdir(), 'forecourt-site-added-'));
    const kiwi = sites.find((s) => s.slug === 'kiwi-car-yard')!;
    // Ignores `added`: numbers the new site's cars from 1, as the main stream does.
    const naive = demoStock({ count: 800, now: NOW });
    live = new LiveStock({
      stock: (input) => naive({ ...input, added: false }),
      catalogue,
      sites: sites.filter((s) => s !== kiwi),
      dataDir: dir,
    });
    expect(live.cars).toHaveLength(800); // every car served, as after the warm-up
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    expect(live.addSites([kiwi])).toBe(0);
    expect(warn).toHaveBeenCalledWith(
      expect.stringMatching(
        /^\[stock\] \d+ car\(s\) of kiwi-car-yard not served: their ids are already another car's$/,
      ),
    );
  });
});
