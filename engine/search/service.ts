/**
 * Node side, all in one: the demo inventory, the engine with Car_production (and replicas)
 * and the directory indexes, and the two routers to mount. What the server wires:
 *
 *   const search = createSearchService(join(root, 'sites'));
 *   app.use(search.searchRouter);                  // /1/indexes/... at the root
 *   app.use('/assets', search.photosRouter);       // /assets/cars/{id}/{n}.svg?w=
 */
import type { Car } from '../../schemas/types.gen.ts';
import { generateInventory, type InventoryOptions } from '../inventory/generate.ts';
import { readCatalogue, readInventorySites } from '../inventory/load.ts';
import { carPhotosRouter } from '../inventory/photos.ts';
import { createCarSearchEngine, CAR_INDEX } from './car-index.ts';
import { addDirectoryIndexes } from './directory-indexes.ts';
import { createSearchRouter, type SearchRouterOptions } from './http.ts';
import { buildSiteFilter, type SiteFilterSource } from './site-filter.ts';

export interface SearchServiceOptions extends Partial<Pick<InventoryOptions, 'count' | 'seed' | 'now'>>, SearchRouterOptions {}

export function createSearchService(sitesDir: string, options: SearchServiceOptions = {}) {
  const { count, seed, now, ...routerOptions } = options;
  const catalogue = readCatalogue(sitesDir);
  const sites = readInventorySites(sitesDir);
  const cars = generateInventory({ catalogue, sites, count, seed, now });
  const engine = createCarSearchEngine(cars);
  addDirectoryIndexes(engine, catalogue, sites, cars);
  const byId = new Map(cars.map((c) => [String(c.id), c]));
  const bySlug = new Map(cars.map((c) => [c.slug, c]));
  const getCar = (idOrSlug: string): Car | undefined => byId.get(idOrSlug) ?? bySlug.get(idOrSlug);
  return {
    cars,
    engine,
    getCar,
    /** The site's whole stock under its base filter (the 1999 rule's stock count). */
    stockCount: (site: SiteFilterSource) => engine.search(CAR_INDEX, { filters: buildSiteFilter(site), hitsPerPage: 0 }).nbHits,
    searchRouter: createSearchRouter(engine, routerOptions),
    photosRouter: carPhotosRouter((id) => byId.get(id)),
  };
}
