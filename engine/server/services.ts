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
import { PreviewStock } from '../inventory/preview-stock.ts';
import { stockPhotosRouter } from '../inventory/stock-photos.ts';
import { FeedPhotosAhead } from '../inventory/feed-photos-ahead.ts';
import { photoDerivatives } from '../assets/photo-serve.ts';
import { photoStoreFromEnv } from '../assets/photo-bucket.ts';
import { FakeClock } from '../clock.ts';
import { carHoldsView } from './car-holds.ts';
import { StockVersion } from '../inventory/stock-version.ts';
import type { SiteStore } from './sites.ts';
import { mayHoldStock } from '../search/public-access.ts';
import { DatabaseStock } from '../inventory/stock-follow.ts';
import { PostgresStockStore } from '../inventory/stock-postgres.ts';
import type { PostgresStore } from '../api/store/postgres/store.ts';
import { alertStockOf, sitesShowing } from './alert-stock.ts';

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
  // with imported dealerships served from {dataDir}/stock/ and followed as it changes, or with
  // DATABASE_URL from PostgreSQL once the store is open, below (docs/cars.md, "Stock import").
  const stock = new LiveStock({
    stock: providers.stock,
    catalogue: sites.catalogue,
    sites: valid,
    dataDir: env.DATABASE_URL ? undefined : dataDir,
    clock: testClock,
  }).watch();
  // A site the store serves (published, or fixed, while the server runs) gets its stock now. A
  // site only drafted in the editor gets sample stock its preview alone searches, so nothing of
  // it is listed before it is published (docs/editor-design.md, "A new site's stock").
  const preview = new PreviewStock({
    stock: providers.stock,
    catalogue: sites.catalogue,
    served: () => stock.cars,
  });
  sites.onLoad((entry) => {
    if (!entry.ok) return;
    if (sites.get(entry.slug) !== entry) return preview.add(entry.site);
    preview.remove(entry.slug);
    stock.addSites([entry.site]);
  });
  sites.onRemove((slug) => stock.removeSite(slug));
  const getCar = (id: string) => stock.getCar(id);
  // Photos in the data folder, or in the bucket FORECOURT_S3_* names (docs/deploy.md, "Photos in a bucket").
  const photoCache = photoDerivatives(dataDir, photoStoreFromEnv(dataDir, env));
  // Cached pages that show stock are keyed by this: it moves on every reload and hold change (docs/deploy.md, "Caching").
  const stockVersion = new StockVersion();
  // Cars held by reservations are served as reserved (car-holds.ts), also after a stock reload
  // and on cars made after the hold was told (a site's cars are made when first asked for).
  const holds = carHoldsView(stock.madeById, {
    recordsChanged: (index, attributes) => {
      stock.recordsChanged(index, attributes);
      stockVersion.bump();
    },
  });
  // Only the pages of the sites showing a reloaded dealership render again (a site with none searches them all).
  // New feed photos are made at their first-screen widths in the background (feed-photos-ahead.ts).
  const photosAhead = new FeedPhotosAhead(photoCache, dataDir);
  stock.onReload((changed, imported) => {
    photosAhead.after(changed, imported);
    holds.reapply();
    stockVersion.bump(sitesShowing(sites, changed));
  });
  stock.onCarsAdded(() => holds.reapply());
  // After a write through the search service's admin API (the search sync), the whole-stock
  // engine holds what was written, so every search runs there from then on.
  let written = false;
  /**
   * The engine a search runs on: the site's own (its dealerships' cars) for a site on the
   * embedded engine named by its search key or rendered by the server, else the whole stock.
   */
  const searchFor = (siteSlug?: string) => {
    const entry = siteSlug && !written ? sites.get(siteSlug) : undefined;
    const site = entry?.ok ? entry.site : undefined;
    const own =
      site && site.search.engine !== 'algolia' && !site.search.host
        ? stock.siteEngine(site)
        : undefined;
    return own ?? stock.engine;
  };
  /** The model and dealer directories: their own engine until a write, then the whole stock's. */
  const directoriesSearch = () => (written ? stock.engine : stock.directories);
  /**
   * The engine a search of this index runs on, for a site's key or page (see searchFor), or for
   * the preview of a draft (a signed draft key: draft-keys.ts) whose site has sample stock.
   */
  const searchIndexFor = (siteSlug: string | undefined, indexName: string, draftOf?: string) =>
    mayHoldStock(indexName)
      ? ((draftOf ? preview.engine(draftOf) : undefined) ?? searchFor(siteSlug))
      : directoriesSearch();
  const api = await createApiRouter({
    sites,
    testClock,
    onHeldCarsChanged: holds,
    dataDir,
    databaseUrl: env.DATABASE_URL || undefined,
    staffToken: options.staffToken,
    getCar: (id) => stock.getCar(String(id)),
    getCarBySlug: (slug) => stock.getCarBySlug(slug),
    seedReviews: providers.seedReviews,
    adapters: providers.adapters,
    alertStock: alertStockOf(stock),
  });
  // After a reload (an import or feed pull committed) the sites showing a changed dealership get an alert run.
  stock.onReload((changed) => api.alerts.stockChanged(sitesShowing(sites, changed)));
  // Imported stock in PostgreSQL: read before the first request, then followed (stock-follow.ts).
  const store = api.store;
  const database =
    store.kind === 'postgres'
      ? new DatabaseStock(stock, new PostgresStockStore((store as PostgresStore).sql, store.where))
      : undefined;
  await database?.changed();
  return {
    /** Every car (all of them made first). */
    get cars() {
      return stock.cars;
    },
    /** The whole-stock engine (searchFor picks a site's own). */
    get search() {
      return stock.engine;
    },
    searchIndexFor,
    /** A write reached the search service's admin API: searches run on the whole stock from now on. */
    searchWritten: () => {
      written = true;
    },
    api,
    getCar,
    getCarBySlug: (slug: string) => stock.getCarBySlug(slug),
    stock,
    stockVersion,
    /**
     * Another server or an import says these dealerships' stock changed (none named: any may
     * have): with PostgreSQL it is read again; without, only kept pages render again.
     */
    stockChanged: (dealerships: string[]) =>
      database ? database.changed(dealerships) : stockVersion.bump(),
    /** The photo routes to mount at /assets: imported cars' photos, then the providers'. */
    photos: Router().use(
      stockPhotosRouter(dataDir, photoCache),
      // A preview's sample cars have drawn photos too (they list nothing: no page names them).
      ...(providers.photos ? [providers.photos((id) => getCar(id) ?? preview.getCar(id))] : []),
    ),
    historyReport: providers.historyReport,
    /** Raster photos' sizes, kept in the data folder (engine/assets/photo-serve.ts). */
    photoCache,
    /** Imported photos' first-screen sizes made ahead after each stock reload. */
    photosAhead,
  };
}
export type Services = Awaited<ReturnType<typeof createServices>>;
