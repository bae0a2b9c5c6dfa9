/**
 * The demo: what the platform (engine/) is given when it runs as the Forecourt demo. One
 * import for the composition root (server.ts), tests and scripts:
 *
 *   import { demo, demoProviders } from './demo/defaults.ts';
 *   await createApp({ mode, root, providers: demo });                 // engine/server/app.ts
 *   createSearchService(sitesDir, demoProviders({ count: 1500 }));     // engine/inventory/search-service.ts
 *   createApiRouter({ sites, dataDir, ...demoApi });                   // engine/api/router.ts
 *
 * - stock: 20,000 generated cars for the sites' dealerships (demo/inventory/),
 * - photos: drawn SVG car photos at /assets/cars/{id}/{n}.svg, and camera photos of the first
 *   cars of each dealership through the photo pipeline (demo/photos/, docs/cars.md "Demo photos"),
 * - seedReviews: sample reviews per site (demo/reviews.ts),
 * - adapters: the postcode table for the geocoder (demo/postcodes.json) and a fake rego
 *   registry (demo/rego.ts),
 * - historyReport: drawn history-report findings marked as a demo (demo/history.ts).
 */
import type { Providers } from '../engine/providers.ts';
import { historyReport } from './history.ts';
import { demoStock, type DemoStockOptions } from './inventory/load.ts';
import { carPhotosRouter } from './photos/router.ts';
import { demoGeocoder } from './postcodes.ts';
import { fakeRegoRegistry } from './rego.ts';
import { seedReviews } from './reviews.ts';

export type { DemoStockOptions } from './inventory/load.ts';
export {
  generateInventory,
  DEFAULT_COUNT,
  DEFAULT_SEED,
  type InventoryOptions,
  type InventorySite,
} from './inventory/generate.ts';
export { loadInventory, readCatalogue, readInventorySites } from './inventory/load.ts';
export { carPhotoSvg, carPhotosRouter } from './photos/router.ts';

/** What the demo gives the local API (createApiRouter): the adapters and the starting reviews. */
export const demoApi = {
  adapters: ({ catalogue }) => ({ geocoder: demoGeocoder(), rego: fakeRegoRegistry(catalogue) }),
  seedReviews,
} satisfies Pick<Providers, 'adapters' | 'seedReviews'>;

/** The demo's providers; the options set the generated stock (count, seed, "today"). */
export function demoProviders(stock: DemoStockOptions = {}): Providers {
  return {
    stock: demoStock(stock),
    photos: carPhotosRouter,
    ...demoApi,
    historyReport,
  };
}

/** The demo's providers with the default stock (20,000 cars, the fixed seed, today). */
export const demo: Providers = demoProviders();
