/**
 * npm run import:inventory -- [--site {slug}] --dealership {id or slug} <feed.csv|feed.json|https://…> [--skip-bad-rows] [--dry-run]
 * Imports a dealership's stock feed (docs/cars.md, "Stock import"): every row checked, nothing
 * applied when a row is bad (unless --skip-bad-rows), new cars added, changed ones updated,
 * missing ones marked sold. Writes `{FORECOURT_DATA_DIR or .data/}/stock/{dealership}.json`, or
 * with DATABASE_URL the dealership's rows in PostgreSQL in one transaction; running servers pick
 * it up by themselves. Then pushes the stock to the search index of each
 * site showing the dealership that searches Algolia (needs FORECOURT_SEARCH_ADMIN_KEY;
 * docs/search-sync.md). `--site` may be left out when one site lists the dealership. A feed
 * and photo URLs on the web are downloaded here. Exits 1 when nothing
 * was imported because of bad rows, or on any other problem.
 */
import { createWriteStream, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import process from 'node:process';
import { join, resolve } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { parseArgs } from 'node:util';
import { defaultDataDir } from '../engine/api/router.ts';
import { formatReport, importStock, loadSites } from '../engine/inventory/import/import-stock.ts';
import { openSafely } from '../engine/inventory/import/safe-fetch.ts';
import { ADMIN_KEY_VAR, pushImported } from '../engine/inventory/search-push.ts';
import { demo } from '../demo/defaults.ts';

const ROOT = join(import.meta.dirname, '..');
const USAGE =
  'Usage: npm run import:inventory -- [--site {slug}] --dealership {id or slug} <feed.csv|feed.json|https://…> [--skip-bad-rows] [--dry-run]';

/** Largest feed downloaded, bytes (a dealer group's whole stock with long descriptions is a few MB). */
const MAX_FEED_BYTES = 200 * 1024 * 1024;

/**
 * A feed on the web is downloaded to a temporary file first, under the import's address rules
 * (public addresses only, after each redirect; engine/inventory/import/safe-fetch.ts), and
 * read from there as a stream; its photos are then resolved against its address.
 */
async function download(where: string, folder: string): Promise<string> {
  const answer = await openSafely(where, { maxBytes: MAX_FEED_BYTES, timeoutMs: 300_000 });
  const path = join(
    folder,
    /\.json$/i.test(new URL(answer.url).pathname) ? 'feed.json' : 'feed.csv',
  );
  await pipeline(answer.body, createWriteStream(path));
  return path;
}

const args = () =>
  parseArgs({
    allowPositionals: true,
    options: {
      site: { type: 'string' },
      dealership: { type: 'string' },
      'skip-bad-rows': { type: 'boolean' },
      'dry-run': { type: 'boolean' },
    },
  });
type Args = ReturnType<typeof args>['values'];

async function main(): Promise<number> {
  const { values, positionals } = args();
  if (!values.dealership || positionals.length !== 1) throw new Error(USAGE);
  const where = positionals[0];
  const fromWeb = /^https?:\/\//i.test(where);
  const folder = fromWeb ? mkdtempSync(join(tmpdir(), 'forecourt-feed-')) : undefined;
  try {
    return await run(
      { ...values, dealership: values.dealership },
      fromWeb ? await download(where, folder!) : resolve(where),
      fromWeb ? where : undefined,
    );
  } finally {
    if (folder) rmSync(folder, { recursive: true, force: true });
  }
}

async function run(
  values: Args & { dealership: string },
  file: string,
  source: string | undefined,
): Promise<number> {
  const sitesDir = process.env.FORECOURT_SITES_DIR ?? join(ROOT, 'sites');
  const dataDir = defaultDataDir(ROOT);
  const loaded = loadSites(sitesDir);
  const report = await importStock({
    sitesDir,
    dataDir,
    site: values.site,
    dealership: values.dealership,
    file,
    source,
    skipBadRows: values['skip-bad-rows'],
    dryRun: values['dry-run'],
    network: true,
    loaded,
  });
  console.log(formatReport(report));
  if (report.errors.length && !values['skip-bad-rows']) return 1;
  if (!report.applied) return 0;
  // The same push a scheduled feed pull makes after it imported (engine/inventory/search-push.ts).
  const pushed = await pushImported(report.dealership, {
    loaded,
    stock: demo.stock,
    dataDir,
    adminKey: process.env[ADMIN_KEY_VAR],
  });
  for (const line of pushed.lines) console.log(line);
  if (pushed.failed) return 1;
  return 0;
}

main().then(
  (code) => process.exit(code),
  (err: Error) => {
    console.error(err.message);
    process.exit(1);
  },
);
