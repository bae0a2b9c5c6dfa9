/**
 * Scheduled feed pulls as the server starts them (docs/deploy.md, "Scheduled feed pulls"): the
 * feeds FORECOURT_FEEDS configures, pulled on the API's job queue into its data folder, their
 * results kept in the API's store, alerts to FORECOURT_OPS_EMAIL. Nothing runs without it.
 */
import { systemClock, type Clock } from '../../clock.ts';
import type { JobQueue } from '../../jobs/queue.ts';
import type { FeedPullStore } from '../../api/store/feed-pulls.ts';
import { feedsFromEnv, type Feed } from './config.ts';
import { feedAlerts } from './alert.ts';
import type { FeedPullDeps } from './pull.ts';
import type { StockSource } from '../../providers.ts';
import { startFeedPulls } from './start.ts';

export interface FeedPullsOptions {
  jobs: JobQueue;
  store: FeedPullStore;
  sitesDir: string;
  /** The running server's sites (its site store), read at each pull instead of the folder. */
  sites?: FeedPullDeps['sites'];
  /** The provider's stock, for the Algolia indexes updated after a pull (FeedPullDeps). */
  stock?: StockSource;
  dataDir: string;
  onImported?: FeedPullDeps['onImported'];
  env?: NodeJS.ProcessEnv;
  log?: Pick<Console, 'log' | 'error'>;
  clock?: Clock;
  /** Tests' local feed servers (FeedPullDeps). */
  allowAddresses?: readonly string[];
  timeoutMs?: number;
}

export async function feedPullsFromEnv(
  o: FeedPullsOptions,
): Promise<{ feeds: Feed[]; close(): void }> {
  const env = o.env ?? process.env;
  const log = o.log ?? console;
  const feeds = feedsFromEnv(env);
  if (!feeds.length) return { feeds, close: () => {} };
  const alerts = feedAlerts(env, o.dataDir, log);
  await startFeedPulls(feeds, o.jobs, {
    store: o.store,
    clock: o.clock ?? systemClock,
    sitesDir: o.sitesDir,
    sites: o.sites,
    stock: o.stock,
    dataDir: o.dataDir,
    env,
    log,
    onImported: o.onImported,
    alert: alerts.send,
    allowAddresses: o.allowAddresses,
    timeoutMs: o.timeoutMs,
  });
  log.log(
    `[feeds] ${feeds.length} stock feed${feeds.length === 1 ? '' : 's'} pulled on the job queue (${o.jobs.where}): ` +
      feeds.map((f) => `${f.site} / ${f.dealership} every ${f.everyMinutes} min`).join('; '),
  );
  return { feeds, close: alerts.close };
}
