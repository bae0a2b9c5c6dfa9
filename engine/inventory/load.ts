/**
 * Node side of the inventory: reads the demo sites and the shared catalogue from disk and
 * generates their stock. The inventory is regenerated in memory at start (about a second for
 * 20,000 cars) rather than cached to disk: parsing a cached JSON file of that size takes as
 * long as generating it, and a cache would need invalidating whenever a site, the catalogue
 * or the generator changes.
 */
import { readFileSync, readdirSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import type { Car, Catalogue } from '../../schemas/types.gen.ts';
import { generateInventory, type InventoryOptions, type InventorySite } from './generate.ts';

export function readCatalogue(sitesDir: string): Catalogue {
  return JSON.parse(readFileSync(join(sitesDir, 'shared', 'catalogue.json'), 'utf8')) as Catalogue;
}

/** The site documents' dealerships and locations, straight from sites/*.json (templates do not carry stock). */
export function readInventorySites(sitesDir: string): InventorySite[] {
  if (!existsSync(sitesDir)) return [];
  return readdirSync(sitesDir)
    .filter((f) => f.endsWith('.json'))
    .sort()
    .map((f) => JSON.parse(readFileSync(join(sitesDir, f), 'utf8')) as InventorySite)
    .filter((s) => Array.isArray(s.dealerships) && s.dealerships.length > 0);
}

export function loadInventory(sitesDir: string, options: Partial<Omit<InventoryOptions, 'catalogue' | 'sites'>> = {}): Car[] {
  return generateInventory({ catalogue: readCatalogue(sitesDir), sites: readInventorySites(sitesDir), ...options });
}
