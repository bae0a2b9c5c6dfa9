/**
 * npm run import:inventory -- [--site {slug}] --dealership {id or slug} <feed.csv|feed.json|https://…> [--skip-bad-rows] [--dry-run]
 * Imports a dealership's stock feed (docs/cars.md, "Stock import"): every row checked, nothing
 * applied when a row is bad (unless --skip-bad-rows), new cars added, changed ones updated,
 * missing ones marked sold. Writes `{FORECOURT_DATA_DIR or .data/}/stock/{dealership}.json`;
 * a running server picks it up by itself. Then pushes the stock to the search index of each
 * site showing the dealership that searches Algolia (needs FORECOURT_SEARCH_ADMIN_KEY;
 * docs/search-sync.md). `--site` may be left out when one site lists the dealership. A feed
 * and photo URLs on the web are downloaded here. Exits 1 when nothing
 * was imported because of bad rows, or on any other problem.
 */
import process from 'node:process';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { defaultDataDir } from '../engine/api/router.ts';
import { formatReport, importStock, loadSites } from '../engine/inventory/import/import-stock.ts';
import { sitesToSync } from '../engine/search/write-sync.ts';
import { ADMIN_KEY_VAR, formatSyncReport, syncSite } from './search-sync-run.ts';

const ROOT = join(import.meta.dirname, '..');
const USAGE =
  'Usage: npm run import:inventory -- [--site {slug}] --dealership {id or slug} <feed.csv|feed.json|https://…> [--skip-bad-rows] [--dry-run]';

/** A feed on the web is downloaded whole first (its photos are then resolved against its address). */
async function feedText(where: string): Promise<string | undefined> {
  if (!/^https?:\/\//i.test(where)) return undefined;
  const res = await fetch(where, { signal: AbortSignal.timeout(60_000) });
  if (!res.ok) throw new Error(`The feed ${where} answered ${res.status}`);
  return res.text();
}

async function main(): Promise<number> {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: {
      site: { type: 'string' },
      dealership: { type: 'string' },
      'skip-bad-rows': { type: 'boolean' },
      'dry-run': { type: 'boolean' },
    },
  });
  if (!values.dealership || positionals.length !== 1) throw new Error(USAGE);
  const where = positionals[0];
  const text = await feedText(where);
  const sitesDir = process.env.FORECOURT_SITES_DIR ?? join(ROOT, 'sites');
  const dataDir = defaultDataDir(ROOT);
  const loaded = loadSites(sitesDir);
  const report = await importStock({
    sitesDir,
    dataDir,
    site: values.site,
    dealership: values.dealership,
    file: text === undefined ? resolve(where) : where,
    text,
    skipBadRows: values['skip-bad-rows'],
    dryRun: values['dry-run'],
    network: true,
    loaded,
  });
  console.log(formatReport(report));
  if (report.errors.length && !values['skip-bad-rows']) return 1;
  if (!report.applied) return 0;
  const valid = loaded.entries.flatMap((e) => (e.ok ? [e.site] : []));
  const adminKey = process.env[ADMIN_KEY_VAR];
  for (const site of sitesToSync(valid, report.dealership)) {
    if (!adminKey) {
      console.log(
        `${site.slug} searches Algolia: set ${ADMIN_KEY_VAR} and run npm run sync:search -- --site ${site.slug}`,
      );
      continue;
    }
    console.log(formatSyncReport(site.slug, await syncSite(site, loaded, dataDir, adminKey)));
  }
  return 0;
}

main().then(
  (code) => process.exit(code),
  (err: Error) => {
    console.error(err.message);
    process.exit(1);
  },
);
