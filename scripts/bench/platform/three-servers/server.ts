/**
 * One server process of the three-server run (docs/deploy.md, "Three servers under load"):
 * the whole platform (engine/server/app.ts) in production mode, as server.ts wires it, on
 * its own clone of the bare remote (FORECOURT_SITES_DIR) and its own data folder, with the
 * shared PostgreSQL database (DATABASE_URL). Its renderer is a small stand-in that writes the
 * site's name in the page (THREE_SERVERS_DIST: no production build is needed, and the name
 * is what tells an old page from a published one). The demo stock is the leads bench's small
 * one (BENCH_STOCK). Prints "listening on {url}" once it serves, on PORT, which it keeps
 * across restarts. SIGTERM closes it.
 *
 * THREE_SERVERS_FEEDS is the run's FORECOURT_FEEDS: its feed is pulled from the run's local
 * stand-in of a dealer's system, an address the platform refuses to a real feed (engine/net/
 * address-policy.ts), so this process starts the pulls itself with loopback allowed rather
 * than letting createApp start them.
 */
import type { AddressInfo } from 'node:net';

const env = process.env;
process.env.NODE_ENV = 'production';
const { createApp } = await import('../../../../engine/server/app.ts');
const { demoProviders } = await import('../../../../demo/defaults.ts');
const { feedPullsFromEnv } = await import('../../../../engine/inventory/feed-pulls/from-env.ts');
const { BENCH_STOCK } = await import('../../leads/leads-mix.ts');
const { PROJECT_ROOT } = await import('../../../../engine/project-root.ts');

const started = await createApp({
  mode: 'production',
  root: PROJECT_ROOT,
  sitesDir: env.FORECOURT_SITES_DIR,
  distDir: env.THREE_SERVERS_DIST,
  dataDir: env.FORECOURT_DATA_DIR,
  staffToken: env.FORECOURT_STAFF_TOKEN,
  providers: demoProviders(BENCH_STOCK),
});
const feeds = await feedPullsFromEnv({
  jobs: started.services.api.jobs,
  store: started.services.api.store.feedPulls,
  sitesDir: started.sites.dir,
  dataDir: env.FORECOURT_DATA_DIR!,
  env: { ...env, FORECOURT_FEEDS: env.THREE_SERVERS_FEEDS },
  allowAddresses: ['127.0.0.1'],
  log: { log: () => {}, error: (...args: unknown[]) => console.error(...args) },
});
const server = started.app.listen(Number(env.PORT ?? 0), '127.0.0.1', () => {
  console.log(`listening on http://127.0.0.1:${(server.address() as AddressInfo).port}`);
});
process.once('SIGTERM', () => {
  server.closeAllConnections();
  server.close();
  feeds.close();
  void started.close().finally(() => process.exit(0));
});
