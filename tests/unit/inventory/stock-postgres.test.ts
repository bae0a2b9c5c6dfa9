/**
 * Stock in PostgreSQL (docs/cars.md, "Stock import"; docs/deploy.md, "Caching"): two whole
 * servers (production mode, fixtures/name-app.ts) on one database, each with a data folder of
 * its own. On an empty table both serve the demo's stock (as `DATABASE_URL=… npm start`
 * does). A feed imported through one is served by the other within 2 s (its search and the
 * car by slug, and its vehicles feed), without any stock file; a feed with a bad row, and an
 * import that fails in the middle of its write (the database refuses a row), leave the old
 * stock whole on both, and the failed write is never announced; a server that missed
 * announcements catches up by comparing versions. Skipped, saying so, without PostgreSQL.
 */
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import postgres, { type Sql } from 'postgres';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { importStock, loadSites } from '../../../engine/inventory/import/import-stock.ts';
import { stockFilePath } from '../../../engine/inventory/stock-file.ts';
import { importedStockIn } from '../../../engine/inventory/stock-follow.ts';
import { PostgresStockStore } from '../../../engine/inventory/stock-postgres.ts';
import { CAR_INDEX } from '../../../engine/search/car-index.ts';
import { siteSearchKey } from '../../../engine/search/public-access.ts';
import { POSTGRES_MISSING } from '../../setup/postgres.ts';
import { postgresAvailable, postgresDatabaseFor } from '../api/harness.ts';
import { ROOT } from '../helpers.ts';
import { startNameApp, type NameApp } from '../server/fixtures/name-app.ts';

const SAMPLE = join(ROOT, 'demo/feeds/nerang-ford.csv');
const SITE = 'gold-coast-ford';
const DEALERSHIP = 'nerang-ford';
/** The announcement's promise (docs/deploy.md, "Caching"). */
const EVERY_SERVER_WITHIN_MS = 2_000;
const sample = readFileSync(SAMPLE, 'utf8');
/** The sample feed with car NFU2013's price changed. */
const priced = (price: string) =>
  sample.replace(/^(NFU2013,.*?)"\$47,990"/m, (_all, row: string) => `${row}"${price}"`);

let url: string;
let db: Sql;
let one: NameApp;
let two: NameApp;

const dataDirOf = (server: NameApp) => join(dirname(server.sitesDir), 'data');

const importThrough = (server: NameApp, text?: string) =>
  importStock({
    sitesDir: server.sitesDir,
    dataDir: dataDirOf(server),
    site: SITE,
    dealership: DEALERSHIP,
    file: text === undefined ? SAMPLE : join(dirname(SAMPLE), 'feed.csv'),
    text,
    databaseUrl: url,
    loaded: loadSites(server.sitesDir),
  });

/** A search of the site's cars through a server's search service, with the site's own key. */
async function search(server: NameApp, filters: string) {
  const res = await fetch(`${server.base}/1/indexes/*/queries`, {
    method: 'POST',
    body: JSON.stringify({ requests: [{ indexName: CAR_INDEX, filters }] }),
    headers: { 'x-algolia-api-key': siteSearchKey(SITE) },
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as { results: { nbHits: number; hits: Record<string, any>[] }[] })
    .results[0];
}

/** NFU2013 as a server's search answers (undefined: not found). */
const searched = async (server: NameApp) => (await search(server, 'stocknum:NFU2013')).hits[0];

/** Waits until a server's search shows NFU2013 at `price`; answers how long it took, ms. */
async function servedWithin(server: NameApp, price: number | undefined): Promise<number> {
  const at = performance.now();
  await vi.waitFor(async () => expect((await searched(server))?.price).toBe(price), {
    timeout: 10_000,
    interval: 20,
  });
  return performance.now() - at;
}

const stockVersion = async () =>
  (
    await db<{ version: string }[]>`
    SELECT version::text AS version FROM stock_heads WHERE dealership_slug = ${DEALERSHIP}`
  )[0]?.version;

beforeAll(async () => {
  vi.spyOn(console, 'warn').mockImplementation(() => {});
  if (!postgresAvailable) return;
  url = await postgresDatabaseFor(mkdtempSync(join(tmpdir(), 'forecourt-stock-db-')));
  db = postgres(url, { max: 1, onnotice: () => {} });
  one = await startNameApp('forecourt-stock-one-', { DATABASE_URL: url });
  two = await startNameApp('forecourt-stock-two-', { DATABASE_URL: url });
}, 180_000);

afterAll(async () => {
  await one?.stop().catch(() => undefined);
  await two?.stop().catch(() => undefined);
  await db?.end({ timeout: 1 });
  vi.restoreAllMocks();
});

describe.skipIf(!postgresAvailable)('stock in PostgreSQL, two servers', { timeout: 60_000 }, () => {
  it('a feed imported through one server is served by the other within 2 s, without a stock file', async () => {
    // Before any import the table is empty and both serve the demo's stock of the dealership (no NFU2013).
    for (const server of [one, two])
      expect((await search(server, `dealership_slug:${DEALERSHIP}`)).nbHits).toBeGreaterThan(0);
    expect(await searched(two)).toBeUndefined();
    const report = await importThrough(one);
    expect(report.applied).toBe(true);
    expect(report.added).toHaveLength(30);
    expect(await servedWithin(two, 47990)).toBeLessThan(EVERY_SERVER_WITHIN_MS);
    expect((await searched(one))?.price).toBe(47990);

    const hit = (await searched(two))!;
    expect(two.app.services.getCarBySlug(hit.slug as string)?.stocknum).toBe('NFU2013');
    const feed = await (await fetch(`${two.base}/sites/${SITE}/feeds/vehicles.tsv`)).text();
    expect(feed).toContain('MPBXUHR978Z100012');
    for (const server of [one, two])
      expect(existsSync(stockFilePath(dataDirOf(server), DEALERSHIP))).toBe(false);
  });

  it('a feed with a bad row changes nothing on either server', async () => {
    const before = await stockVersion();
    const bad = priced('$1,000').replace(/^(NFU2030,[^,]*,[^,]*,[^,]*,)2022,/m, '$1twenty,');
    const report = await importThrough(one, bad);
    expect(report.applied).toBe(false);
    expect(report.errors.length).toBeGreaterThan(0);
    expect(await stockVersion()).toBe(before);
    for (const server of [one, two]) expect((await searched(server))?.price).toBe(47990);
  });

  it('an import failing mid-write leaves the old stock whole and is never announced', async () => {
    const before = await stockVersion();
    // The database refuses the last car of the feed, after the old rows were deleted and the rest written.
    await db.unsafe(`
      CREATE FUNCTION refuse_car() RETURNS trigger AS $$ BEGIN
        IF NEW.car->>'stocknum' = 'NFU2030' THEN RAISE EXCEPTION 'no space left on device'; END IF;
        RETURN NEW;
      END $$ LANGUAGE plpgsql;
      CREATE TRIGGER refuse_car BEFORE INSERT ON stock_cars FOR EACH ROW EXECUTE FUNCTION refuse_car();`);
    try {
      await expect(importThrough(one, priced('$45,990'))).rejects.toThrow(/no space left/);
    } finally {
      await db.unsafe('DROP TRIGGER refuse_car ON stock_cars; DROP FUNCTION refuse_car();');
    }
    expect(await stockVersion()).toBe(before);
    const [{ cars }] = await db<{ cars: number }[]>`
      SELECT count(*)::int AS cars FROM stock_cars WHERE dealership_slug = ${DEALERSHIP}`;
    expect(cars).toBe(30);

    // Every reload of server two from now on, with NFU2013's price then: only the next import's.
    const seen: unknown[] = [];
    const stop = two.app.services.stock.onReload((changed) =>
      seen.push(
        [...changed],
        two.app.services.stock.cars.find((c) => c.stocknum === 'NFU2013')?.price,
      ),
    );
    try {
      for (const server of [one, two]) expect((await searched(server))?.price).toBe(47990);
      expect((await importThrough(one, priced('$44,990'))).applied).toBe(true);
      await servedWithin(two, 44990);
      expect(seen).toEqual([[DEALERSHIP], 44990]);
    } finally {
      stop();
    }
  });

  it('a server that missed announcements catches up by comparing stock versions', async () => {
    // Its listening connection gone: the announcement of the next import does not reach it.
    await two.app.signals.stop();
    expect((await importThrough(one, priced('$43,990'))).applied).toBe(true);
    await servedWithin(one, 43990);
    expect((await searched(two))?.price).toBe(44990);
    // What a reconnect runs (site-signals.ts): no dealership named, every version compared.
    await two.app.services.stockChanged([]);
    expect((await searched(two))?.price).toBe(43990);
  });

  it('hands every car over before a read returns, when each car takes time to handle', async () => {
    // postgres.js does not wait for the last batch's callback; the store must (an import
    // closed its copy of the previous stock while cars were still being written to it).
    const store = new PostgresStockStore(db);
    let handled = 0;
    const head = await store.read(DEALERSHIP, async () => {
      await new Promise((resolve) => setTimeout(resolve, 2));
      handled += 1;
    });
    expect(head).toBeDefined();
    expect(handled).toBe(30);
  });

  it('is what the search sync pushes (read from the database, as served)', async () => {
    const store = new PostgresStockStore(db);
    const sites = loadSites(one.sitesDir).entries.flatMap((e) => (e.ok ? [e.site] : []));
    const imported = await importedStockIn(store, sites, Date.now());
    expect([...imported.keys()]).toEqual([DEALERSHIP]);
    const cars = imported.get(DEALERSHIP)!;
    expect(cars).toHaveLength(30);
    expect(cars.find((c) => c.stocknum === 'NFU2013')?.price).toBe(43990);
  });
});

if (!postgresAvailable) describe.skip(`stock in PostgreSQL skipped: ${POSTGRES_MISSING}`, () => {});
