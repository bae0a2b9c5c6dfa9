/**
 * What both CLIs do to push a site's stock to its search index (docs/search-sync.md): the
 * platform's stock as the server has it (the demo's generated cars, with imported
 * dealerships from their stock files, or with DATABASE_URL from PostgreSQL) and the official
 * client with the admin key.
 */
import type { Car } from '../schemas/types.gen.ts';
import type { LoadedSites } from '../engine/inventory/import/import-stock.ts';
import { withImportedStock } from '../engine/inventory/imported-stock.ts';
import { importedStockIn } from '../engine/inventory/stock-follow.ts';
import { PostgresStockStore } from '../engine/inventory/stock-postgres.ts';
import {
  syncClient,
  syncSiteSearch,
  type SyncReport,
  type SyncSite,
} from '../engine/search/write-sync.ts';
import { demo } from '../demo/defaults.ts';

export const ADMIN_KEY_VAR = 'FORECOURT_SEARCH_ADMIN_KEY';

export async function syncSite(
  site: SyncSite,
  loaded: LoadedSites,
  dataDir: string,
  adminKey: string,
  host?: string,
): Promise<SyncReport> {
  const sites = loaded.entries.flatMap((e) => (e.ok && e.site.dealerships.length ? [e.site] : []));
  const input = { catalogue: loaded.catalogue, sites };
  const databaseUrl = process.env.DATABASE_URL;
  const cars = databaseUrl
    ? await withDatabaseStock(demo.stock(input), databaseUrl, sites)
    : withImportedStock(demo.stock, dataDir)(input);
  return syncSiteSearch({ client: syncClient(site.search, adminKey, host), site, cars });
}

/** The provided cars with each dealership that has stock in PostgreSQL served from there instead. */
async function withDatabaseStock(
  provided: Car[],
  databaseUrl: string,
  sites: Parameters<typeof importedStockIn>[1],
): Promise<Car[]> {
  const store = await PostgresStockStore.open(databaseUrl);
  try {
    const imported = await importedStockIn(store, sites, Date.now());
    return [
      ...provided.filter((c) => !imported.has(c.dealership_slug)),
      ...[...imported.values()].flat(),
    ];
  } finally {
    await store.close();
  }
}

export function formatSyncReport(site: string, r: SyncReport): string {
  return `${site} → ${r.index} (replicas: ${r.replicas.join(', ') || 'none'}): ${r.added} added, ${r.updated} updated, ${r.deleted} deleted, ${r.unchanged} unchanged.`;
}
