/**
 * One scheduled pull of a dealership's feed (docs/cars.md, "Scheduled feed pulls"): the feed
 * is downloaded under the import's address rules (public addresses only, a size cap, a time
 * limit; import/safe-fetch.ts) with its credentials, then imported exactly as
 * `npm run import:inventory` imports it (importStock). A feed that cannot be reached, times
 * out, is too large, or has a bad row changes nothing: the stock stays as it was, the failure
 * is recorded in plain words, and the ALERT_AFTER-th failure in a row sends one alert.
 */
import { createWriteStream, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { Clock } from '../../clock.ts';
import type { FeedPullRecord, FeedPullResult, FeedPullStore } from '../../api/store/feed-pulls.ts';
import { AddressPolicy } from '../../net/address-policy.ts';
import { formatRowError } from '../import/feed.ts';
import {
  importStock,
  loadSites,
  type ImportReport,
  type LoadedSites,
} from '../import/import-stock.ts';
import type { StockSource } from '../../providers.ts';
import { ADMIN_KEY_VAR, pushImported } from '../search-push.ts';
import { openSafely } from '../import/safe-fetch.ts';
import { feedCredentials, type Feed } from './config.ts';
import { masker } from './mask.ts';

/** Failures in a row after which one alert is sent (docs/deploy.md, "Scheduled feed pulls"). */
export const ALERT_AFTER = 3;
/** Largest feed downloaded, bytes (as `npm run import:inventory`). */
export const MAX_FEED_BYTES = 200 * 1024 * 1024;
/** How long one download may take, redirects and body included. */
export const FEED_TIMEOUT_MS = 5 * 60_000;

export interface FeedPullDeps {
  store: FeedPullStore;
  clock: Clock;
  sitesDir: string;
  /** The sites as the running server has them (its site store); default: the sites folder read at each pull. */
  sites?: () => LoadedSites;
  dataDir: string;
  env: NodeJS.ProcessEnv;
  /**
   * The provider's stock: after a pull imported, the sites showing the dealership that search
   * Algolia get their index updated as `npm run import:inventory` updates it (search-push.ts;
   * the admin key from `env`). Absent: no index is updated.
   */
  stock?: StockSource;
  log: Pick<Console, 'log' | 'error'>;
  /** A pull changed a site's stock: tell the servers (the local one follows its stock folder). */
  onImported?: (site: string) => Promise<void> | void;
  /** Sends the alert of a feed that failed ALERT_AFTER times in a row (alert.ts). */
  alert?: (feed: Feed, record: FeedPullRecord) => Promise<void>;
  /** Addresses or subnets a feed and its photos may come from although not public (tests' local servers). */
  allowAddresses?: readonly string[];
  timeoutMs?: number;
  maxBytes?: number;
}

/** Why a download failed, in plain words. */
function downloadProblem(err: Error, timeoutMs: number): string {
  if (err.name === 'TimeoutError' || err.name === 'AbortError')
    return `did not answer within ${Math.round(timeoutMs / 1000)} seconds`;
  const code = (err as { code?: string }).code;
  if (code === 'ECONNREFUSED' || code === 'ECONNRESET' || code === 'EHOSTUNREACH')
    return `could not be reached (${code})`;
  return err.message;
}

async function download(feed: Feed, folder: string, deps: FeedPullDeps, headers: object) {
  const timeoutMs = deps.timeoutMs ?? FEED_TIMEOUT_MS;
  try {
    const answer = await openSafely(feed.url, {
      maxBytes: deps.maxBytes ?? MAX_FEED_BYTES,
      timeoutMs,
      headers: headers as Record<string, string>,
      policy: deps.allowAddresses && new AddressPolicy(deps.allowAddresses),
    });
    const name = /\.json$/i.test(new URL(answer.url).pathname) ? 'feed.json' : 'feed.csv';
    const path = join(folder, name);
    await pipeline(answer.body, createWriteStream(path));
    return path;
  } catch (err) {
    throw new Error(`The feed ${feed.url} ${downloadProblem(err as Error, timeoutMs)}.`);
  }
}

/** What an import report says, as a result to keep. */
function outcome(report: ImportReport, feed: Feed): FeedPullResult {
  if (report.errors.length && !feed.skipBadRows) {
    const n = report.errors.length;
    return {
      outcome: 'failed',
      failure: `Nothing imported: ${n} problem${n === 1 ? '' : 's'} in the feed, the first ${formatRowError(report.errors[0])}.`,
    };
  }
  return {
    outcome: report.applied ? 'imported' : 'unchanged',
    added: report.added.length,
    changed: report.changed.length,
    sold: report.sold.length,
    warnings: report.warnings.length + report.skippedRows.length,
  };
}

/** The pulled stock to the Algolia indexes of the sites showing it; a failure is logged, the import stands. */
async function pushToSearch(dealership: string, loaded: LoadedSites, deps: FeedPullDeps) {
  if (!deps.stock) return;
  const pushed = await pushImported(dealership, {
    loaded,
    stock: deps.stock,
    dataDir: deps.dataDir,
    adminKey: deps.env[ADMIN_KEY_VAR] || undefined,
  }).catch((err: Error) => ({
    lines: [`the search indexes were not updated: ${err.message}`],
    failed: 1,
  }));
  for (const line of pushed.lines)
    if (pushed.failed) deps.log.error(`[feeds] ${line}`);
    else deps.log.log(`[feeds] ${line}`);
}

/** Pulls and imports one feed now; records and answers its result. Never throws for the feed's own failures. */
export async function pullFeed(feed: Feed, deps: FeedPullDeps): Promise<FeedPullRecord> {
  const folder = mkdtempSync(join(tmpdir(), 'forecourt-feed-pull-'));
  let secrets: string[] = [];
  let result: FeedPullResult;
  try {
    const credentials = feedCredentials(feed, deps.env);
    secrets = credentials.secrets;
    const file = await download(feed, folder, deps, credentials.headers);
    const loaded = deps.sites?.() ?? loadSites(deps.sitesDir);
    const report = await importStock({
      sitesDir: deps.sitesDir,
      dataDir: deps.dataDir,
      site: feed.site,
      dealership: feed.dealership,
      file,
      source: feed.url,
      skipBadRows: feed.skipBadRows,
      network: true,
      allowAddresses: deps.allowAddresses,
      loaded,
      now: deps.clock.now().getTime(),
    });
    result = outcome(report, feed);
    if (report.applied) {
      await deps.onImported?.(feed.site);
      await pushToSearch(report.dealership, loaded, deps);
    }
  } catch (err) {
    result = { outcome: 'failed', failure: (err as Error).message };
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
  const mask = masker(secrets);
  if (result.outcome === 'failed') result = { ...result, failure: mask(result.failure) };
  const at = deps.clock.now();
  const next = new Date(at.getTime() + feed.everyMinutes * 60_000);
  const record = await deps.store.record(feed.site, feed.dealership, result, at, next);
  const who = `${feed.site} / ${feed.dealership}`;
  if (result.outcome === 'failed') {
    deps.log.error(
      `[feeds] ${who}: pull failed (${record.failures_in_a_row} in a row), the stock is kept: ${result.failure}`,
    );
    // Once per run of failures; a mailer down is said, and never fails the pull (a retried job would pull again).
    if (record.failures_in_a_row === ALERT_AFTER)
      await deps
        .alert?.(feed, record)
        .catch((err: Error) =>
          deps.log.error(`[feeds] ${who}: the alert could not be sent: ${mask(err.message)}`),
        );
  } else
    deps.log.log(
      `[feeds] ${who}: ${result.outcome}, ${result.added} added, ${result.changed} changed, ${result.sold} sold, ${result.warnings} warnings`,
    );
  return record;
}
