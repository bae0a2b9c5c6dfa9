/**
 * Many sites per process (docs/deploy.md, "Memory and start-up"): sites generated from the
 * starter templates the way the platform bench makes them (scripts/bench/platform/) load
 * beside the demo sites, each is found by its own host name, holds its template's shared
 * pages, gets its dealership's stock, and its pages render.
 */
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { demoProviders } from '../../../demo/defaults.ts';
import { NEW_DEALERSHIP_CARS } from '../../../demo/inventory/new-dealerships.ts';
import { createServices } from '../../../engine/server/services.ts';
import { SiteStore } from '../../../engine/server/sites.ts';
import { renderPage, setServerSearchClient } from '../../../blocks/entry-server.tsx';
import { createLocalSearchClient } from '../../../engine/search/client.ts';
import {
  benchHost,
  benchSlug,
  writeBenchSites,
} from '../../../scripts/bench/platform/generate-sites.ts';
import { ROOT, SITES_DIR } from '../helpers.ts';

const COUNT = 8;
let dir: string;
let sites: SiteStore;
let services: Awaited<ReturnType<typeof createServices>>;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'forecourt-many-sites-'));
  cpSync(SITES_DIR, join(dir, 'sites'), { recursive: true });
  writeBenchSites(join(dir, 'sites'), COUNT);
  vi.spyOn(console, 'warn').mockImplementation(() => {});
  sites = new SiteStore(join(dir, 'sites'));
  services = await createServices({
    root: ROOT,
    sites,
    providers: demoProviders({ count: 600 }),
    dataDir: join(dir, 'data'),
    staffToken: 'many-sites-test-token',
  });
  // Pages search the embedded engine in process, as the server's do (engine/server/app.ts).
  const local = createLocalSearchClient(services.search);
  const factory = (search: { engine?: string; host?: string }) =>
    search.engine !== 'algolia' && !search.host ? local : undefined;
  setServerSearchClient(factory as unknown as Parameters<typeof setServerSearchClient>[0]);
}, 120_000);

afterAll(() => {
  setServerSearchClient(undefined);
  services?.stock.close();
  sites?.close();
  rmSync(dir, { recursive: true, force: true });
});

const entry = (n: number) => {
  const e = sites.byHostname(benchHost(n));
  if (!e?.ok) throw new Error(`${benchSlug(n)} is not served by its host name`);
  return e;
};

describe('sites generated from the starter templates', () => {
  it('are each valid and served by their own host name', () => {
    for (let n = 0; n < COUNT; n++) expect(entry(n).slug).toBe(benchSlug(n));
  });

  it('hold one copy of each page they share with a site of the same template', () => {
    const [a, b] = [entry(1).site, entry(5).site];
    expect(a.template).toBe(b.template);
    expect(b.pages[0]).toBe(a.pages[0]);
  });

  it('each get their dealership its own stock', () => {
    for (let n = 0; n < COUNT; n++) {
      const dealer = entry(n).site.dealerships[0].slug;
      expect(services.cars.filter((c) => c.dealership_slug === dealer).length, dealer).toBe(
        NEW_DEALERSHIP_CARS,
      );
    }
  });

  it('render their home and stock pages with status 200', async () => {
    for (const n of [0, 1, 2, 3]) {
      const { site, data } = entry(n);
      for (const url of ['/', '/cars']) {
        const page = await renderPage({
          site,
          siteData: data,
          url,
          basename: '',
          mode: 'production',
          origin: `https://${benchHost(n)}`,
        });
        expect(page.status, `${site.slug}${url}`).toBe(200);
      }
    }
  }, 120_000);
});
