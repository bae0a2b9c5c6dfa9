/**
 * npm run sync:search -- --site {slug} [--host {address}]
 * Pushes a site's stock and index settings (searchable attributes, facets, custom ranking,
 * one replica per sort choice of its search pages) to the index its search settings name,
 * with the official algoliasearch client and the admin key in FORECOURT_SEARCH_ADMIN_KEY
 * (docs/search-sync.md). `--host` sends it elsewhere than the site's search host (e.g. the
 * embedded engine of a running server: `--host 127.0.0.1:4173`). Exits 1 on any problem.
 */
import process from 'node:process';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { defaultDataDir } from '../engine/api/router.ts';
import { loadSites } from '../engine/inventory/import/import-stock.ts';
import { ADMIN_KEY_VAR, formatSyncReport, syncSite } from './search-sync-run.ts';

const ROOT = join(import.meta.dirname, '..');

async function main(): Promise<string> {
  const { values } = parseArgs({ options: { site: { type: 'string' }, host: { type: 'string' } } });
  if (!values.site)
    throw new Error('Usage: npm run sync:search -- --site {slug} [--host {address}]');
  const adminKey = process.env[ADMIN_KEY_VAR];
  if (!adminKey)
    throw new Error(
      `Set ${ADMIN_KEY_VAR} to the index's admin key (a secret: never in a site document).`,
    );
  const loaded = loadSites(process.env.FORECOURT_SITES_DIR ?? join(ROOT, 'sites'));
  const entry = loaded.entries.find((e) => e.slug === values.site);
  if (!entry) throw new Error(`No site ${values.site}`);
  if (!entry.ok)
    throw new Error(
      `Site ${values.site} is invalid; fix it first (npm run validate -- sites/${values.site}.json)`,
    );
  if (entry.site.search.engine !== 'algolia' && !values.host && !entry.site.search.host) {
    throw new Error(
      `Site ${values.site} searches the built-in engine, which reads the stock itself: nothing to push (give --host to push anyway).`,
    );
  }
  const report = await syncSite(entry.site, loaded, defaultDataDir(ROOT), adminKey, values.host);
  return formatSyncReport(values.site, report);
}

main().then(
  (line) => console.log(line),
  (err: Error) => {
    console.error(err.message);
    process.exit(1);
  },
);
