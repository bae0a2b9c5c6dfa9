/**
 * The embedded services behind one server: the stock it is given (providers.stock), the
 * search engine that answers the Algolia REST API for it, and the local API with its SQLite
 * store, wired with the providers' reviews, adapters, photos and history reports.
 */
import type { Car } from '../../schemas/types.gen.ts';
import type { Providers } from '../providers.ts';
import { addDirectoryIndexes, createCarSearchEngine } from '../search/index.ts';
import { createApiRouter, defaultDataDir } from '../api/router.ts';
import { FakeClock } from '../clock.ts';
import { carHoldsView } from './car-holds.ts';
import type { SiteStore } from './sites.ts';

export function createServices(options: {
  root: string;
  sites: SiteStore;
  providers: Providers;
  dataDir?: string;
  staffToken?: string;
  /** Environment read for FORECOURT_TEST_CLOCK. Default process.env. */
  env?: NodeJS.ProcessEnv;
}) {
  const { sites, providers } = options;
  const valid = sites.all().flatMap((e) => (e.ok ? [e.site] : []));
  // Stock for the sites valid at start-up; a site fixed later gets its stock at the next start.
  const cars: Car[] = providers.stock({ catalogue: sites.catalogue, sites: valid });
  const byId = new Map(cars.map((c) => [String(c.id), c]));
  const bySlug = new Map(cars.map((c) => [c.slug, c]));
  const getCar = (id: string) => byId.get(id);
  const search = createCarSearchEngine(cars);
  addDirectoryIndexes(search, sites.catalogue, valid, cars);
  // Test servers only: a fake clock that POST /api/test/clock moves (docs/api.md, "Reservations").
  const testClock = (options.env ?? process.env).FORECOURT_TEST_CLOCK === '1' ? new FakeClock() : undefined;
  const api = createApiRouter({
    sites,
    testClock,
    // Cars held by reservations are served as reserved (car-holds.ts).
    onHeldCarsChanged: carHoldsView(byId, search),
    dataDir: options.dataDir ?? defaultDataDir(options.root),
    staffToken: options.staffToken,
    getCar: (id) => byId.get(String(id)),
    getCarBySlug: (slug) => bySlug.get(slug),
    seedReviews: providers.seedReviews,
    adapters: providers.adapters,
  });
  return {
    cars,
    search,
    api,
    getCar,
    getCarBySlug: (slug: string) => bySlug.get(slug),
    /** The photo routes to mount at /assets, if the providers serve photos. */
    photos: providers.photos?.(getCar),
    historyReport: providers.historyReport,
  };
}
export type Services = ReturnType<typeof createServices>;
