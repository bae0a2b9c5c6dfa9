/**
 * What both CLIs push to a site's search index (docs/search-sync.md): the platform's stock as
 * the server has it, the demo's generated cars with the imported dealerships in their place,
 * through the engine's one path (engine/inventory/search-push.ts), which scheduled feed pulls
 * take too.
 */
import type { LoadedSites } from '../engine/inventory/import/import-stock.ts';
import { pushSiteSearch } from '../engine/inventory/search-push.ts';
import type { SyncReport, SyncSite } from '../engine/search/write-sync.ts';
import { demo } from '../demo/defaults.ts';

export { ADMIN_KEY_VAR, formatSyncReport } from '../engine/inventory/search-push.ts';

export function syncSite(
  site: SyncSite,
  loaded: LoadedSites,
  dataDir: string,
  adminKey: string,
  host?: string,
): Promise<SyncReport> {
  return pushSiteSearch(site, { loaded, stock: demo.stock, dataDir, adminKey, host });
}
