/**
 * A site created from a starter template while the server runs previews real stock
 * (docs/editor-design.md, "A new site's stock"): the editor API creates it (its first draft),
 * the stock gives its dealerships cars at once, and its draft preview (the site the editor's check returns)
 * searches them under the draft's own filter.
 */
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import express from 'express';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { demoProviders } from '../../../demo/defaults.ts';
import { createEditorRouter } from '../../../engine/server/editor-api.ts';
import { createServices } from '../../../engine/server/services.ts';
import { SiteStore } from '../../../engine/server/sites.ts';
import { CAR_INDEX } from '../../../engine/search/car-index.ts';
import { createSearchRouter } from '../../../engine/search/http.ts';
import { publicStockFilter } from '../../../engine/search/public-access.ts';
import { buildSiteFilter } from '../../../engine/search/site-filter.ts';
import { ROOT, SITES_DIR } from '../helpers.ts';

let dir: string;
let server: Server;
let base: string;
let services: Awaited<ReturnType<typeof createServices>>;

beforeAll(async () => {
  // Generating and indexing the stock of every site takes a few seconds on a busy machine.
  dir = mkdtempSync(join(tmpdir(), 'forecourt-new-site-stock-'));
  cpSync(SITES_DIR, join(dir, 'sites'), { recursive: true });
  vi.spyOn(console, 'warn').mockImplementation(() => {});
  const sites = new SiteStore(join(dir, 'sites'));
  services = await createServices({
    root: ROOT,
    sites,
    providers: demoProviders({ count: 600 }),
    dataDir: join(dir, 'data'),
  });
  const site = (slug: string) => {
    const e = sites.get(slug);
    return e?.ok ? e.site : undefined;
  };
  const app = express();
  app.use(createSearchRouter(services.search, { baseFilter: publicStockFilter({ site }) }));
  app.use('/api/editor', createEditorRouter({ sites, sitesDir: sites.dir }));
  server = await new Promise<Server>((resolve) => {
    const s = app.listen(0, '127.0.0.1', () => resolve(s));
  });
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}, 60_000);

afterAll(async () => {
  services?.stock.close();
  await new Promise((r) => server?.close(r));
  rmSync(dir, { recursive: true, force: true });
});

const post = async (path: string, body: unknown, headers: Record<string, string> = {}) => {
  const res = await fetch(`${base}${path}`, {
    method: 'POST',
    body: JSON.stringify(body),
    headers: { 'content-type': 'application/json', ...headers },
  });
  return { status: res.status, body: (await res.json()) as any };
};

describe('a site created from a starter template previews real stock', () => {
  it(
    'its preview search shows cars of its makes at its dealership',
    { timeout: 60_000 },
    async () => {
      const created = await post('/api/editor/sites', {
        slug: 'city-motors',
        name: 'City Motors',
        region: 'AU',
        template: 'multi-brand-group',
        dealerships: [
          { id: 901, slug: 'city-motors', name: 'City Motors', manufacturers: ['Toyota', 'Mazda'] },
        ],
      });
      expect(created.status).toBe(201);
      const checked = await post('/api/editor/check', { document: created.body.document });
      expect(checked.body.issues).toEqual([]);
      const site = checked.body.site;
      expect(site.search.apiKey).toBe('draft.city-motors');
      const filters = buildSiteFilter(site);
      const query = (key: string) =>
        post(
          `/1/indexes/${CAR_INDEX}/query`,
          {
            filters: `${filters} AND NOT car_type:used`,
            hitsPerPage: 3,
            facets: ['make', 'dealership_slug'],
          },
          { 'x-algolia-api-key': key },
        );
      const preview = await query(site.search.apiKey);
      expect(preview.status).toBe(200);
      expect(preview.body.nbHits).toBeGreaterThan(10);
      expect(Object.keys(preview.body.facets.make).sort()).toEqual(['Mazda', 'Toyota']);
      expect(Object.keys(preview.body.facets.dealership_slug)).toEqual(['city-motors']);
      // Once published (a new site starts as a draft), the site finds the same cars with its own key.
      expect((await post('/api/editor/sites/city-motors/publish', {})).status).toBe(200);
      expect((await query('site.city-motors')).body.nbHits).toBe(preview.body.nbHits);
    },
  );
});
