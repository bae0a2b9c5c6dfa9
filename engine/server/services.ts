/**
 * The embedded services behind one server: the generated inventory, the search engine
 * that answers the Algolia REST API for it, and the local API with its SQLite store.
 */
import type { Car } from '../../schemas/types.gen.ts';
import { generateInventory } from '../inventory/generate.ts';
import { inventorySitesOf } from '../inventory/load.ts';
import { addDirectoryIndexes, createCarSearchEngine } from '../search/index.ts';
import { createApiRouter, defaultDataDir } from '../api/router.ts';
import type { SiteStore } from './sites.ts';

export function createServices(options: { root: string; sites: SiteStore; dataDir?: string; staffToken?: string }) {
  const { sites } = options;
  // Stock for the sites valid at start-up; a site fixed later gets its stock at the next start.
  const cars: Car[] = generateInventory({ catalogue: sites.catalogue, sites: inventorySitesOf(sites.all()) });
  const byId = new Map(cars.map((c) => [String(c.id), c]));
  const bySlug = new Map(cars.map((c) => [c.slug, c]));
  const search = createCarSearchEngine(cars);
  addDirectoryIndexes(
    search,
    sites.catalogue,
    sites.all().flatMap((e) => (e.ok ? [e.site] : [])),
    cars,
  );
  const api = createApiRouter({
    sites,
    dataDir: options.dataDir ?? defaultDataDir(options.root),
    staffToken: options.staffToken,
    getCar: (id) => byId.get(String(id)),
    getCarBySlug: (slug) => bySlug.get(slug),
  });
  return {
    cars,
    search,
    api,
    getCar: (id: string) => byId.get(id),
    getCarBySlug: (slug: string) => bySlug.get(slug),
  };
}
export type Services = ReturnType<typeof createServices>;
