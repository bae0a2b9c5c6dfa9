/**
 * A site created from a starter template while the server runs previews stock, and lists none
 * before it is published (docs/editor-design.md, "A new site's stock"): the editor API creates
 * it (its first draft); its draft preview (the site the editor's check returns) searches sample
 * stock of its dealerships with its signed draft key, which no other key, no car lookup and no
 * directory reaches; once published, its own key finds the same cars.
 */
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
import { DEALER_INDEX } from '../../../engine/search/directory-indexes.ts';
import { previewOfSearchKey, signedDraftKey } from '../../../engine/server/draft-keys.ts';
import {
  draftSearchKey,
  publicStockFilter,
  siteOfSearchKey,
  siteSearchKey,
} from '../../../engine/search/public-access.ts';
import { buildSiteFilter } from '../../../engine/search/site-filter.ts';
import { ROOT, SITES_DIR } from '../helpers.ts';
import { listenLocally, type Listening } from '../listen.ts';

let dir: string;
let server: Listening | undefined;
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
  // Wired as engine/server/app.ts wires it: a key picks the engine a search runs on.
  app.use(
    createSearchRouter(() => services.search, {
      baseFilter: publicStockFilter({ site }),
      engineFor: (apiKey, indexName) =>
        services.searchIndexFor(siteOfSearchKey(apiKey), indexName, previewOfSearchKey(apiKey)),
    }),
  );
  app.use('/api/editor', createEditorRouter({ sites, sitesDir: sites.dir }));
  server = await listenLocally(app);
  base = server.base;
}, 60_000);

afterAll(async () => {
  services?.stock.close();
  await server?.close();
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

describe('a site created from a starter template previews stock it lists nowhere else', () => {
  it(
    'its preview search shows cars of its makes at its dealership; no visitor finds them until it is published',
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
      expect(site.search.apiKey).toBe(signedDraftKey('city-motors'));
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
      const sample = (
        await post(
          `/1/indexes/${CAR_INDEX}/query`,
          { filters: 'dealership_slug:city-motors', hitsPerPage: 1 },
          { 'x-algolia-api-key': site.search.apiKey },
        )
      ).body.hits[0];
      // Before it is published, nothing else reaches those cars: any other key (the unsigned
      // draft name, a forged signature, the site's own, none), a car lookup, the stock that
      // feeds and pages list, the dealer directory.
      const forged = `${draftSearchKey('city-motors')}.${'A'.repeat(22)}`;
      for (const key of [draftSearchKey('city-motors'), forged, siteSearchKey('city-motors'), ''])
        expect((await query(key)).body.nbHits, `key "${key}"`).toBe(0);
      expect(services.getCar(String(sample.objectID))).toBeUndefined();
      expect(services.getCarBySlug(sample.slug)).toBeUndefined();
      expect(services.cars.some((c) => c.dealership_slug === 'city-motors')).toBe(false);
      const dealers = await post(`/1/indexes/${DEALER_INDEX}/query`, {
        query: 'City Motors',
        hitsPerPage: 50,
      });
      expect(dealers.body.hits.map((h: any) => h.slug ?? h.objectID)).not.toContain('city-motors');
      // Once published (a new site starts as a draft), the site finds the same cars with its own key.
      expect((await post('/api/editor/sites/city-motors/publish', {})).status).toBe(200);
      expect((await query(siteSearchKey('city-motors'))).body.nbHits).toBe(preview.body.nbHits);
      expect(services.getCar(String(sample.objectID))?.slug).toBe(sample.slug);
    },
  );
});
