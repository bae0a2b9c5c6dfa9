/**
 * Node side of the inventory: what a sites folder says about stock, read through
 * engine/site/folder.ts (so a broken document has no stock and stops nothing): the shared
 * catalogue and the sites that carry stock. The stock itself comes from a stock provider
 * (engine/providers.ts; the demo generates it: demo/inventory/load.ts).
 */
import type { Catalogue } from '../../schemas/types.gen.ts';
import {
  SiteFolder,
  readCatalogue as readFolderCatalogue,
  type SiteEntry,
} from '../site/folder.ts';
import type { ResolvedSite } from '../site/types.ts';

export function readCatalogue(sitesDir: string): Catalogue {
  return readFolderCatalogue(sitesDir).catalogue;
}

/** The sites that carry stock: valid ones with at least one dealership. */
export function inventorySitesOf(entries: SiteEntry[]): ResolvedSite[] {
  return entries.flatMap((e) => (e.ok && e.site.dealerships.length > 0 ? [e.site] : []));
}

/** The stock-carrying sites of a sites folder. */
export function readInventorySites(sitesDir: string): ResolvedSite[] {
  return inventorySitesOf(new SiteFolder(sitesDir).loadAll());
}
