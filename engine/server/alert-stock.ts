/**
 * The server's stock as the saved-search alerts read it (engine/api/alerts/find.ts; docs/api.md,
 * "Saved searches and alerts"): a site's cars and its own search engine, the one its search
 * page runs on, so a saved search matches what the page would list.
 */
import type { AlertStock } from '../api/alerts/find.ts';
import type { LiveStock } from '../inventory/live-stock.ts';
import { CAR_INDEX } from '../search/car-index.ts';
import type { SiteStore } from './sites.ts';

export function alertStockOf(stock: LiveStock): AlertStock {
  return {
    cars(site) {
      const mine = new Set(site.dealerships.map((d) => d.slug));
      return mine.size ? stock.cars.filter((c) => mine.has(c.dealership_slug)) : stock.cars;
    },
    search: (site, params) =>
      (stock.siteEngine(site) ?? stock.engine).search(CAR_INDEX, params) as unknown as {
        hits: { objectID: string }[];
      },
  };
}

/** The sites showing any of these dealerships (a site with none shows them all). */
export function sitesShowing(sites: SiteStore, changed: ReadonlySet<string>): string[] {
  return sites
    .all()
    .flatMap((e) =>
      e.ok && (!e.site.dealerships.length || e.site.dealerships.some((d) => changed.has(d.slug)))
        ? [e.slug]
        : [],
    );
}
