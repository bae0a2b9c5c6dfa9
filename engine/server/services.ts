/**
 * The embedded services behind one server: the stock it is given (providers.stock), the
 * search engine that answers the Algolia REST API for it, and the local API with its store
 * (SQLite in the data folder, or PostgreSQL with DATABASE_URL: docs/api.md, "Storage"),
 * wired with the providers' reviews, adapters, photos and history reports.
 */
import { Router } from 'express';
import type { Providers } from '../providers.ts';
import { createApiRouter, defaultDataDir } from '../api/router.ts';
import { LiveStock } from '../inventory/live-stock.ts';
import { stockPhotosRouter } from '../inventory/stock-photos.ts';
import { FakeClock } from '../clock.ts';
import { carHoldsView } from './car-holds.ts';
import { StockVersion } from '../inventory/stock-version.ts';
import type { SiteStore } from './sites.ts';

export async function createServices(options: {
  root: string;
  sites: SiteStore;
  providers: Providers;
  dataDir?: string;
  staffToken?: string;
  /** Environment read for FORECOURT_TEST_CLOCK and DATABASE_URL. Default process.env. */
  env?: NodeJS.ProcessEnv;
}) {
  const { sites, providers } = options;
  const valid = sites.all().flatMap((e) => (e.ok ? [e.site] : []));
  const dataDir = options.dataDir ?? defaultDataDir(options.root);
  // Test servers only: a fake clock that POST /api/test/clock moves (docs/api.md, "Reservations").
  const env = options.env ?? process.env;
  const testClock = env.FORECOURT_TEST_CLOCK === '1' ? new FakeClock() : undefined;
  // Stock for the sites valid at start-up (a site fixed later gets its stock at the next start),
  // with imported dealerships served from {dataDir}/stock/ and followed as it changes (docs/cars.md, "Stock import").
  const stock = new LiveStock({ stock: providers.stock, catalogue: sites.catalogue, sites: valid, dataDir, clock: testClock }).watch();
  const { cars, byId, bySlug, engine: search } = stock;
  // A site created while the server runs (from a template in the editor) gets its stock now,
  // so its preview shows cars (docs/editor.md, "A new site's stock").
  sites.onLoad((entry) => {
    if (entry.ok) stock.addSites([entry.site]);
  });
  const getCar = (id: string) => byId.get(id);
  // Cached pages that show stock are keyed by this: it moves on every reload and hold change (docs/deploy.md, "Caching").
  const stockVersion = new StockVersion();
  // Cars held by reservations are served as reserved (car-holds.ts), also after a stock reload.
  const holds = carHoldsView(byId, {
    recordsChanged: (index, attributes) => {
      search.recordsChanged(index, attributes);
      stockVersion.bump();
    },
  });
  stock.onReload(() => {
    holds.reapply();
    stockVersion.bump();
  });
  const api = await createApiRouter({
    sites,
    testClock,
    onHeldCarsChanged: holds,
    dataDir,
    databaseUrl: env.DATABASE_URL || undefined,
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
    stock,
    stockVersion,
    /** The photo routes to mount at /assets: imported cars' photos, then the providers'. */
    photos: Router().use(stockPhotosRouter(dataDir), ...(providers.photos ? [providers.photos(getCar)] : [])),
    historyReport: providers.historyReport,
  };
}
export type Services = Awaited<ReturnType<typeof createServices>>;
