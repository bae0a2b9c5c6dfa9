/**
 * Node side of the inventory: the demo stock of a sites folder, generated from the
 * dealerships and locations of its valid sites (read through engine/site/folder.ts, so a
 * broken document has no stock and stops nothing). The inventory is regenerated in
 * memory at start (about a second for 20,000 cars) rather than cached to disk: parsing a
 * cached JSON file of that size takes as long as generating it, and a cache would need
 * invalidating whenever a site, the catalogue or the generator changes.
 */
import type { Car, Catalogue } from '../../schemas/types.gen.ts';
import { SiteFolder, readCatalogue as readFolderCatalogue, type SiteEntry } from '../site/folder.ts';
import { generateInventory, type InventoryOptions, type InventorySite } from './generate.ts';

export function readCatalogue(sitesDir: string): Catalogue {
  return readFolderCatalogue(sitesDir).catalogue;
}

/** The sites that carry stock: valid ones with at least one dealership. */
export function inventorySitesOf(entries: SiteEntry[]): InventorySite[] {
  return entries.flatMap((e) => (e.ok && e.site.dealerships.length > 0 ? [e.site] : []));
}

/** The stock-carrying sites of a sites folder. */
export function readInventorySites(sitesDir: string): InventorySite[] {
  return inventorySitesOf(new SiteFolder(sitesDir).loadAll());
}

export function loadInventory(sitesDir: string, options: Partial<Omit<InventoryOptions, 'catalogue' | 'sites'>> = {}): Car[] {
  return generateInventory({ catalogue: readCatalogue(sitesDir), sites: readInventorySites(sitesDir), ...options });
}
