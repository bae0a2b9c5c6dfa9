/**
 * Imported feed photos made ahead (docs/cars.md, "Photos"): the server's services (as createApp
 * makes them) follow the stock folder; an import of a feed with real JPEGs is read in, and the
 * first photo's first-screen widths and the next photo's thumbnail widths are made in every
 * format served without any request, while the import itself answered without waiting for them.
 */
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { demoProviders } from '../../../demo/defaults.ts';
import { FIRST_SCREEN_WIDTHS } from '../../../engine/assets/photo-ladder.ts';
import { PREMADE_FORMATS } from '../../../engine/assets/photo-serve.ts';
import { importStock } from '../../../engine/inventory/import/import-stock.ts';
import { SiteStore } from '../../../engine/server/sites.ts';
import { createServices, type Services } from '../../../engine/server/services.ts';
import { ROOT } from '../helpers.ts';
import { fixtureSitesDir } from '../api/harness.ts';

let dir: string;
let sitesDir: string;
let sites: SiteStore;
let services: Services;

const jpeg = (r: number, g: number, b: number) =>
  sharp({ create: { width: 400, height: 300, channels: 3, background: { r, g, b } } })
    .jpeg()
    .toBuffer();

beforeAll(async () => {
  vi.spyOn(console, 'warn').mockImplementation(() => {});
  dir = mkdtempSync(join(tmpdir(), 'fc-photos-ahead-'));
  sitesDir = fixtureSitesDir();
  sites = new SiteStore(sitesDir, { quiet: true });
  services = await createServices({
    root: ROOT,
    sites,
    providers: demoProviders({ count: 40 }),
    dataDir: join(dir, 'data'),
    env: {},
  });
});
afterAll(async () => {
  services?.stock.close();
  await services?.api.close();
  sites?.close();
  rmSync(dir, { recursive: true, force: true });
  rmSync(sitesDir, { recursive: true, force: true });
  vi.restoreAllMocks();
});

it('an import with JPEG photos gets their first-screen sizes made with no request', async () => {
  mkdirSync(join(dir, 'feed'));
  writeFileSync(join(dir, 'feed/front.jpg'), await jpeg(200, 30, 30));
  writeFileSync(join(dir, 'feed/side.jpg'), await jpeg(30, 30, 200));
  writeFileSync(
    join(dir, 'feed/stock.csv'),
    'Stock No,VIN,Condition,Year,Make,Model,Badge,Body,Colour,Odometer,Price,Photos\n' +
      'P100,MPB1234567ABC0101,Used,2021,Ford,Ranger,XLT,Ute,White,45120,47990,front.jpg|side.jpg\n',
  );
  const made = services.photoCache.made;
  const report = await importStock({
    sitesDir,
    dataDir: join(dir, 'data'),
    site: 'au-motors',
    dealership: '51',
    file: join(dir, 'feed/stock.csv'),
    databaseUrl: '',
  });
  expect(report.applied).toBe(true);
  const [front, side] = report.cars[0].images.map((i) => i.url.split('/').pop()!);
  // The import answered before anything was made for it.
  expect(services.photoCache.made).toBe(made);

  const expected = [
    ...PREMADE_FORMATS.flatMap((f) =>
      FIRST_SCREEN_WIDTHS.main.map((w) => `${front.replace(/\.jpg$/, '')}-w${w}.${f}`),
    ),
    ...PREMADE_FORMATS.flatMap((f) =>
      FIRST_SCREEN_WIDTHS.thumb.map((w) => `${side.replace(/\.jpg$/, '')}-w${w}.${f}`),
    ),
  ];
  const cache = join(dir, 'data/cache/photos');
  const missing = () => {
    let have: string[] = [];
    try {
      have = readdirSync(cache);
    } catch {
      // Not made yet.
    }
    return expected.filter((name) => !have.includes(name));
  };
  // The stock folder's watch reads the import in, then the sizes are made one after another.
  await vi.waitFor(
    async () => {
      await services.photosAhead.settled();
      expect(missing()).toEqual([]);
    },
    { timeout: 150_000, interval: 200 },
  );
  expect(services.photoCache.made).toBe(made + expected.length);
}, 180_000);
