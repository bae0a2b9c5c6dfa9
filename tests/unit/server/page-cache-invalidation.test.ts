/**
 * The render cache against the real server parts (docs/deploy.md, "Caching"): the demo
 * sites in a temporary git repository, the server's services (stock, search, stock
 * version), the real page renderer with the server's tracked in-process search, and
 * publishing through the editor API. A stock import changes the car page it touches (new
 * content, new ETag) while a page without stock, and another site's car page (none of its
 * dealerships imported), keep their ETags; a publish of one site
 * changes that site's page and leaves another site's page (and ETag) as it was.
 */
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import express from 'express';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { demoProviders } from '../../../demo/defaults.ts';
import { registry } from '../../../blocks/registry.ts';
import { setServerSearchClient } from '../../../blocks/_search/client.ts';
import { createPageRenderer } from '../../../engine/render/server.tsx';
import { createLocalSearchClient } from '../../../engine/search/client.ts';
import { createServices, type Services } from '../../../engine/server/services.ts';
import { SiteStore } from '../../../engine/server/sites.ts';
import { SiteRepo } from '../../../engine/server/site-repo.ts';
import { DraftService } from '../../../engine/server/drafts.ts';
import { createEditorRouter } from '../../../engine/server/editor-api.ts';
import { pageDocument } from '../../../engine/server/html.ts';
import {
  CACHE_STATUS_HEADER,
  createPageCache,
  trackedSearchClient,
} from '../../../engine/server/page-cache/pages.ts';
import {
  readStockFile,
  writeStockFile,
  STOCK_FILE_VERSION,
} from '../../../engine/inventory/stock-file.ts';
import { ROOT, SITES_DIR } from '../helpers.ts';

const SITE = 'southern-motor-group';
const OTHER = 'gold-coast-ford';
let dir: string;
let dataDir: string;
let server: Server;
let base: string;
let services: Services;
let sites: SiteStore;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'forecourt-page-cache-'));
  dataDir = join(dir, 'data');
  cpSync(SITES_DIR, join(dir, 'sites'), { recursive: true });
  vi.spyOn(console, 'warn').mockImplementation(() => {});
  vi.spyOn(console, 'log').mockImplementation(() => {});
  sites = new SiteStore(join(dir, 'sites'));
  const repo = SiteRepo.open(sites.dir);
  const drafts = new DraftService(repo, sites, {});
  services = await createServices({
    root: ROOT,
    sites,
    providers: demoProviders({ count: 600 }),
    dataDir,
  });
  const local = trackedSearchClient(createLocalSearchClient(services.search));
  setServerSearchClient(() => local as never);
  const renderPage = createPageRenderer(registry);
  // As the server keys them (engine/server/app.ts): a site's pages by its own stock version.
  const pages = createPageCache({
    stockVersion: (site) => (site ? services.stockVersion.of(site) : services.stockVersion.value),
    sites,
  });
  const app = express();
  app.use(express.json({ limit: '5mb' }));
  app.use('/api/editor', createEditorRouter({ sites, sitesDir: sites.dir, repo, drafts }));
  app.use('/api', services.api);
  // The server's /sites/{slug}/ route (engine/server/app.ts), with no built assets.
  app.get(/^\/sites\/([a-z0-9-]+)(\/.*)$/, async (req, res, next) => {
    try {
      const [slug, rest] = [
        (req.params as Record<string, string>)[0],
        (req.params as Record<string, string>)[1],
      ];
      const entry = sites.get(slug);
      if (!entry?.ok) return next();
      const origin = `http://${req.get('host')}`;
      const basename = `/sites/${slug}`;
      const render = async () => {
        const page = await renderPage({
          site: entry.site,
          siteData: entry.data,
          url: rest,
          basename,
          mode: 'production',
          origin,
        });
        return {
          page,
          html: pageDocument(
            page,
            { css: [], preload: [], entry: '/build/entry.js' },
            origin + basename + rest,
          ),
        };
      };
      await pages.respond(req, res, { entry, origin, basename, url: rest }, render);
    } catch (err) {
      next(err);
    }
  });
  server = await new Promise<Server>((resolve) => {
    const s = app.listen(0, '127.0.0.1', () => resolve(s));
  });
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}, 120_000);

afterAll(async () => {
  setServerSearchClient(undefined);
  services?.stock.close();
  services?.api.close();
  sites?.close();
  await new Promise((r) => server?.close(r));
  rmSync(dir, { recursive: true, force: true });
});

async function page(path: string) {
  const res = await fetch(`${base}${path}`);
  return {
    status: res.status,
    etag: res.headers.get('etag'),
    how: res.headers.get(CACHE_STATUS_HEADER),
    text: await res.text(),
  };
}

async function until(check: () => boolean, what: string) {
  const end = Date.now() + 15_000;
  while (!check()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe('a stock change', () => {
  it("gives the car page new content and a new ETag; a page without stock, and another site's car page, keep their ETags", async () => {
    const site = sites.get(SITE);
    if (!site?.ok) throw new Error(`${SITE} is not valid`);
    const dealer = site.site.dealerships[0];
    const car = services.cars.find(
      (c) =>
        c.dealership_slug === dealer.slug &&
        c.listing_state === 'available' &&
        c.show_on_dealer_website &&
        c.status !== 'sold' &&
        c.price > 0,
    )!;
    const carPath = `/sites/${SITE}/cars/${car.slug}`;
    const aboutPath = `/sites/${SITE}/privacy-policy`;
    const otherCar = services.cars.find(
      (c) => c.dealership_slug === OTHER && c.listing_state === 'available' && c.price > 0,
    )!;
    const otherPath = `/sites/${OTHER}/cars/${otherCar.slug}`;
    const before = await page(carPath);
    const about = await page(aboutPath);
    const other = await page(otherPath);
    expect([before.status, other.status]).toEqual([200, 200]);
    expect((await page(carPath)).how).toBe('hit');
    expect((await page(aboutPath)).how).toBe('hit');
    expect((await page(otherPath)).how).toBe('hit');

    // An import of the dealership's feed with a new price (docs/cars.md, "Stock import"); the server follows the stock folder.
    const version = services.stockVersion.value;
    const cars = services.cars
      .filter((c) => c.dealership_slug === dealer.slug)
      .map((c) => (c.id === car.id ? { ...c, price: 123_457 } : c));
    writeStockFile(dataDir, {
      version: STOCK_FILE_VERSION,
      dealership_slug: dealer.slug,
      dealership_id: dealer.id,
      imported_at: new Date().toISOString(),
      next_serial: 1,
      photos: {},
      cars,
    });
    expect(readStockFile(dataDir, dealer.slug)?.cars.length).toBe(cars.length);
    await until(() => services.stockVersion.value !== version, 'the stock reload');

    const after = await page(carPath);
    expect(after.how).toBe('miss');
    expect(after.etag).not.toBe(before.etag);
    expect(after.text).toContain('123,457');
    expect(before.text).not.toContain('123,457');
    const aboutAfter = await page(aboutPath);
    expect(aboutAfter.how).toBe('hit');
    expect(aboutAfter.etag).toBe(about.etag);
    const otherAfter = await page(otherPath);
    expect(otherAfter.how).toBe('hit');
    expect(otherAfter.etag).toBe(other.etag);
  });
});

describe('a publish', () => {
  it("gives the published site's page new content and a new ETag; another site's page keeps its ETag", async () => {
    const path = `/sites/${SITE}/about-us`;
    const otherPath = `/sites/${OTHER}/`;
    const before = await page(path);
    const other = await page(otherPath);
    expect([before.status, other.status]).toEqual([200, 200]);
    expect((await page(otherPath)).how).toBe('hit');

    const loaded = (await (await fetch(`${base}/api/editor/sites/${SITE}`)).json()) as {
      document: any;
      version: string;
    };
    const doc = structuredClone(loaded.document);
    const about = doc.pages.find((p: any) => p.path === '/about-us');
    about.title = 'About the Southern crew | {site}';
    const headers = { 'content-type': 'application/json', 'x-forecourt-staff': 'Sam%20Lee' };
    const saved = await fetch(`${base}/api/editor/sites/${SITE}`, {
      method: 'PUT',
      headers,
      body: JSON.stringify({ document: doc, baseVersion: loaded.version }),
    });
    expect(saved.status).toBe(200);
    const published = await fetch(`${base}/api/editor/sites/${SITE}/publish`, {
      method: 'POST',
      headers,
      body: '{}',
    });
    expect(published.status).toBe(200);

    const after = await page(path);
    expect(after.how).toBe('miss');
    expect(after.etag).not.toBe(before.etag);
    expect(after.text).toContain('About the Southern crew');
    const otherAfter = await page(otherPath);
    expect(otherAfter.how).toBe('hit');
    expect(otherAfter.etag).toBe(other.etag);
  });
});
