/**
 * A site's stock pushed to its search index (docs/search-sync.md): the one path of
 * `npm run sync:search`, of `npm run import:inventory` after an import, and of a scheduled
 * feed pull after it imported (docs/deploy.md, "Scheduled feed pulls"). The stock is the
 * platform's as a server serves it: the provider's cars of the site's dealerships, with the
 * imported dealerships from their stock files, or with a database from PostgreSQL.
 */
import type { Car } from '../../schemas/types.gen.ts';
import type { StockSource } from '../providers.ts';
import {
  sitesToSync,
  syncClient,
  syncSiteSearch,
  type SyncReport,
  type SyncSite,
} from '../search/write-sync.ts';
import type { LoadedSites } from './import/import-stock.ts';
import { withImportedStock } from './imported-stock.ts';
import { importedStockIn } from './stock-follow.ts';
import { PostgresStockStore } from './stock-postgres.ts';

/** The variable holding the index's admin (or write) key: a server-side secret, never in a site document. */
export const ADMIN_KEY_VAR = 'FORECOURT_SEARCH_ADMIN_KEY';

export interface PushOptions {
  loaded: LoadedSites;
  /** The provider's stock (the demo's, from server.ts or the scripts). */
  stock: StockSource;
  dataDir: string;
  adminKey: string;
  /** Where to send it instead of the site's search host (`--host`). */
  host?: string;
  /** The database the imported stock is kept in (default DATABASE_URL; unset: the stock files). */
  databaseUrl?: string;
}

export async function pushSiteSearch(site: SyncSite, o: PushOptions): Promise<SyncReport> {
  const sites = o.loaded.entries.flatMap((e) =>
    e.ok && e.site.dealerships.length ? [e.site] : [],
  );
  // Only the site's dealerships are asked for: the provider makes the same cars for them as for all.
  const input = {
    catalogue: o.loaded.catalogue,
    sites,
    dealerships: new Set(site.dealerships.map((d) => d.slug)),
  };
  const databaseUrl = o.databaseUrl ?? process.env.DATABASE_URL;
  const cars = databaseUrl
    ? await withDatabaseStock(o.stock(input), databaseUrl, sites)
    : withImportedStock(o.stock, o.dataDir)(input);
  return syncSiteSearch({ client: await syncClient(site.search, o.adminKey, o.host), site, cars });
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

/**
 * After an import of `dealership` was applied: each site showing it that searches Algolia gets
 * its index brought in line, one after another. Without the admin key each is said, not
 * pushed. Resolves a line per site; a site whose push fails is a line too, and the others go on.
 */
export async function pushImported(
  dealership: string,
  o: Omit<PushOptions, 'adminKey' | 'host'> & { adminKey: string | undefined },
): Promise<{ lines: string[]; failed: number }> {
  const valid = o.loaded.entries.flatMap((e) => (e.ok ? [e.site] : []));
  const lines: string[] = [];
  let failed = 0;
  for (const site of sitesToSync(valid, dealership)) {
    if (!o.adminKey) {
      lines.push(
        `${site.slug} searches Algolia: set ${ADMIN_KEY_VAR} and run npm run sync:search -- --site ${site.slug}`,
      );
      continue;
    }
    try {
      lines.push(
        formatSyncReport(site.slug, await pushSiteSearch(site, { ...o, adminKey: o.adminKey })),
      );
    } catch (err) {
      failed++;
      lines.push(
        `${site.slug}: its search index was not updated (${(err as Error).message}); run npm run sync:search -- --site ${site.slug}`,
      );
    }
  }
  return { lines, failed };
}
