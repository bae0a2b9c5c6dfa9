/**
 * What both CLIs do to push a site's stock to its search index (docs/search-sync.md): the
 * platform's stock as the server has it (the demo's generated cars, with imported
 * dealerships from their stock files) and the official client with the admin key.
 */
import type { LoadedSites } from '../engine/inventory/import/import-stock.ts';
import { withImportedStock } from '../engine/inventory/imported-stock.ts';
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
  const cars = withImportedStock(demo.stock, dataDir)({ catalogue: loaded.catalogue, sites });
  return syncSiteSearch({ client: syncClient(site.search, adminKey, host), site, cars });
}

export function formatSyncReport(site: string, r: SyncReport): string {
  return `${site} → ${r.index} (replicas: ${r.replicas.join(', ') || 'none'}): ${r.added} added, ${r.updated} updated, ${r.deleted} deleted, ${r.unchanged} unchanged.`;
}
