/**
 * Node side, all in one: the stock of a sites folder (from the stock provider), the engine
 * with Car_production (and replicas) and the directory indexes, and the two routers to mount.
 * What a server wires (the demo's providers: demo/defaults.ts):
 *
 *   const search = createSearchService(join(root, 'sites'), demo);
 *   app.use(search.searchRouter);                  // /1/indexes/... at the root, public requests held to their site's stock
 *   app.use('/assets', search.photosRouter);       // /assets/cars/{id}/{n}.svg?w=
 */
import type { Car } from '../../schemas/types.gen.ts';
import { withImportedStock } from './imported-stock.ts';
import { readCatalogue, readInventorySites } from './load.ts';
import type { CarPhotoSource, Providers } from '../providers.ts';
import { createCarSearchEngine, CAR_INDEX } from '../search/car-index.ts';
import { addDirectoryIndexes } from '../search/directory-indexes.ts';
import { createSearchRouter, type SearchRouterOptions } from '../search/http.ts';
import { publicStockFilter } from '../search/public-access.ts';
import { buildSiteFilter, type SiteFilterSource } from '../search/site-filter.ts';

export type SearchServiceOptions = SearchRouterOptions & {
  /** A data folder whose imported stock files replace the provider's stock of their dealerships (docs/cars.md, "Stock import"). */
  dataDir?: string;
};

/** The photo routes when the providers serve no photos: every request passes on. */
const noPhotos: ReturnType<CarPhotoSource> = (_req, _res, next) => next();

export function createSearchService(
  sitesDir: string,
  providers: Pick<Providers, 'stock' | 'photos'>,
  { dataDir, ...options }: SearchServiceOptions = {},
) {
  const catalogue = readCatalogue(sitesDir);
  const sites = readInventorySites(sitesDir);
  const stock = dataDir ? withImportedStock(providers.stock, dataDir) : providers.stock;
  const cars = stock({ catalogue, sites });
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
    stockCount: (site: SiteFilterSource) =>
      engine.search(CAR_INDEX, { filters: buildSiteFilter(site), hitsPerPage: 0 }).nbHits,
    searchRouter: createSearchRouter(engine, {
      baseFilter: publicStockFilter({ site: (slug) => sites.find((s) => s.slug === slug) }),
      ...options,
    }),
    /** The providers' photo routes (none: every request passes on). */
    photosRouter: providers.photos?.((id) => byId.get(id)) ?? noPhotos,
  };
}
