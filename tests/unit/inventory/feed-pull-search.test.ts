/**
 * A scheduled feed pull does what `npm run import:inventory` does after it imported (docs/deploy.md,
 * "Scheduled feed pulls"): the sites showing the dealership that search Algolia get their index
 * updated through the same path (engine/inventory/search-push.ts), with the official algoliasearch
 * client, here against the embedded engine's Algolia REST API with an admin key; and a pull reads
 * the sites the running server holds, never the sites folder again.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import express from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakeClock } from '../../../engine/clock.ts';
import { openSqliteStore } from '../../../engine/api/store/sqlite.ts';
import type { Store } from '../../../engine/api/store/types.ts';
import { checkFeeds } from '../../../engine/inventory/feed-pulls/config.ts';
import { pullFeed, type FeedPullDeps } from '../../../engine/inventory/feed-pulls/pull.ts';
import { loadSites, type LoadedSites } from '../../../engine/inventory/import/import-stock.ts';
import { ADMIN_KEY_VAR } from '../../../engine/inventory/search-push.ts';
import { createSearchRouter } from '../../../engine/search/http.ts';
import { SearchEngine } from '../../../engine/search/engine.ts';
import { fixtureSitesDir } from '../api/harness.ts';

const ADMIN_KEY = 'feed-pull-admin-key';
const INDEX = 'au_motors_feed_pull';
const HEADER = 'Stock No,VIN,Rego,Condition,Year,Make,Model,Badge,Body,Colour,Odometer,Price';
const FEED = [
  HEADER,
  'A100,MPB1234567ABC0001,ABC123,Used,2021,Ford,Ranger,XLT,Ute,White,45120,47990',
  'A101,MPB1234567ABC0002,,New,2025,Ford,Everest,Trend,SUV,Blue,12,69990',
  'A102,MR0ABCDEFGH000003,XYZ789,Used,2019,Toyota,HiLux,SR5,Ute,Grey,98000,42990',
].join('\n');

let engine: SearchEngine;
let search: Server;
let feedServer: Server;
let feedUrl: string;
let fixtures: string;
let loaded: LoadedSites;
const temps: string[] = [];
const stores: Store[] = [];

const temp = (name: string) => {
  const dir = mkdtempSync(join(tmpdir(), `fc-${name}-`));
  temps.push(dir);
  return dir;
};

beforeAll(async () => {
  engine = new SearchEngine();
  search = express()
    .use(createSearchRouter(engine, { adminKey: ADMIN_KEY }))
    .listen(0, '127.0.0.1');
  await new Promise((r) => search.once('listening', r));
  feedServer = createServer((_req, res) =>
    res.writeHead(200, { 'content-type': 'text/csv' }).end(FEED),
  );
  await new Promise<void>((r) => feedServer.listen(0, '127.0.0.1', r));
  feedUrl = `http://127.0.0.1:${(feedServer.address() as AddressInfo).port}/feed.csv`;
  // The sites as a server holds them: au-motors searches "Algolia" at the local engine.
  fixtures = fixtureSitesDir();
  loaded = loadSites(fixtures);
  const entry = loaded.entries.find((e) => e.slug === 'au-motors')!;
  if (!entry.ok) throw new Error('fixture au-motors invalid');
  entry.site.search = {
    ...entry.site.search,
    engine: 'algolia',
    host: `127.0.0.1:${(search.address() as AddressInfo).port}`,
    appId: 'forecourt',
    apiKey: 'search-only',
    index: INDEX,
  };
});

afterAll(async () => {
  for (const s of stores) s.close();
  await new Promise<void>((r) => search.close(() => r()));
  await new Promise<void>((r) => feedServer.close(() => r()));
  for (const dir of [fixtures, ...temps]) rmSync(dir, { recursive: true, force: true });
});

async function deps(
  env: NodeJS.ProcessEnv,
  lines: string[],
  sitesRead: () => void,
): Promise<FeedPullDeps> {
  const dataDir = temp('feed-pull-data');
  const store = openSqliteStore(dataDir);
  stores.push(store);
  // Registered as start-up registers a configured feed.
  await store.feedPulls.plan('au-motors', '51', 240, new Date());
  return {
    store: store.feedPulls,
    clock: new FakeClock(),
    // An empty folder: a pull that read the sites folder again would find no site.
    sitesDir: temp('no-sites'),
    sites: () => {
      sitesRead();
      return loaded;
    },
    stock: () => [],
    dataDir,
    env,
    log: { log: (l: string) => void lines.push(l), error: (l: string) => void lines.push(l) },
    allowAddresses: ['127.0.0.1'],
  };
}

const feed = () =>
  checkFeeds({ feeds: [{ site: 'au-motors', dealership: '51', url: feedUrl }] })[0];

describe('a scheduled pull and the search index', { timeout: 60_000 }, () => {
  it("imports from the server's sites, then updates the Algolia index of the site showing the dealership", async () => {
    const lines: string[] = [];
    let reads = 0;
    const record = await pullFeed(
      feed(),
      await deps({ [ADMIN_KEY_VAR]: ADMIN_KEY }, lines, () => reads++),
    );
    expect(record.outcome).toBe('imported');
    expect(reads).toBe(1);
    const hits = engine.search(INDEX, {
      filters: 'dealership_slug:au-motors',
      facets: ['make'],
      hitsPerPage: 0,
    });
    expect(hits.nbHits).toBe(3);
    expect(hits.facets.make).toEqual({ Ford: 2, Toyota: 1 });
    expect(lines.join('\n')).toMatch(
      new RegExp(`\\[feeds\\] au-motors → ${INDEX} \\(replicas: .+\\): 3 added, 0 updated`),
    );
  });

  it('without the admin key imports, says how to push, and writes nothing to the index', async () => {
    const before = engine.search(INDEX, { hitsPerPage: 0 }).nbHits;
    const lines: string[] = [];
    const record = await pullFeed(feed(), await deps({}, lines, () => {}));
    expect(record.outcome).toBe('imported');
    expect(lines.join('\n')).toContain(
      `[feeds] au-motors searches Algolia: set ${ADMIN_KEY_VAR} and run npm run sync:search -- --site au-motors`,
    );
    expect(engine.search(INDEX, { hitsPerPage: 0 }).nbHits).toBe(before);
  });
});
