/**
 * Liveness and readiness (docs/deploy.md, "Health checks"), over HTTP: readiness is 200 only
 * with a valid site loaded, the store answering and no drain begun; liveness never asks the
 * store. On the run's PostgreSQL, reached through a TCP relay the test controls: the database
 * down (connections refused) or hanging (connections taken, never answered) turns readiness
 * to 503 within its time limit, never a hang, with one connection tried at a time; the
 * database back turns it to 200 again.
 */
import express from 'express';
import { connect, createServer, type Server, type Socket } from 'node:net';
import { copyFileSync, mkdirSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openSqliteStore } from '../../../engine/api/store/sqlite.ts';
import { openPostgresStore } from '../../../engine/api/store/postgres/store.ts';
import type { Store } from '../../../engine/api/store/types.ts';
import {
  boundedProbe,
  HEALTH_PATHS,
  healthRouter,
  READY_STORE_TIMEOUT_MS,
  STALE_PINGS,
  storePing,
  type StoreState,
} from '../../../engine/server/health.ts';
import { SiteStore } from '../../../engine/server/sites.ts';
import { POSTGRES_MISSING } from '../../setup/postgres.ts';
import {
  FIXTURE_SITES,
  fixtureSitesDir,
  postgresAvailable,
  postgresDatabaseFor,
  removeDir,
  ROOT,
  tempDataDir,
} from '../api/harness.ts';
import { listenLocally, type Listening } from '../listen.ts';

const cleanUp: (() => unknown)[] = [];
afterAll(async () => {
  for (const step of cleanUp.reverse()) await step();
});

async function serve(options: Parameters<typeof healthRouter>[0]): Promise<Listening> {
  const app = express();
  app.use(healthRouter(options));
  const listening = await listenLocally(app);
  cleanUp.push(() => listening.close());
  return listening;
}

async function ask(base: string, path: string) {
  const started = Date.now();
  const res = await fetch(base + path);
  return {
    status: res.status,
    cacheControl: res.headers.get('cache-control'),
    body: (await res.json()) as Record<string, unknown>,
    ms: Date.now() - started,
  };
}

const fixtureSites = () => {
  const dir = fixtureSitesDir();
  cleanUp.push(() => removeDir(dir));
  return new SiteStore(dir);
};
const SITES = Object.keys(FIXTURE_SITES).length;

describe('readiness', () => {
  it('is 200 with sites loaded, the store answering and no drain; never cached', async () => {
    const dataDir = tempDataDir();
    const store = openSqliteStore(dataDir);
    cleanUp.push(
      () => removeDir(dataDir),
      () => store.close(),
    );
    const { base } = await serve({
      sites: fixtureSites(),
      store: boundedProbe(storePing(store)),
      draining: () => false,
    });
    expect(await ask(base, HEALTH_PATHS.ready)).toMatchObject({
      status: 200,
      cacheControl: 'no-store',
      body: {
        ready: true,
        draining: false,
        sites: { served: SITES, unavailable: 0 },
        store: 'reachable',
      },
    });
  });

  it('is 503 while draining, without asking the store', async () => {
    let asked = 0;
    let draining = false;
    const { base } = await serve({
      sites: fixtureSites(),
      store: async () => (asked++, 'reachable'),
      draining: () => draining,
    });
    expect((await ask(base, HEALTH_PATHS.ready)).status).toBe(200);
    draining = true;
    expect(await ask(base, HEALTH_PATHS.ready)).toMatchObject({
      status: 503,
      body: { ready: false, draining: true },
    });
    expect(asked).toBe(1);
  });

  it('is 503 when no valid site is loaded', async () => {
    const empty = mkdtempSync(join(tmpdir(), 'forecourt-no-sites-'));
    cleanUp.push(() => removeDir(empty));
    mkdirSync(join(empty, 'shared'));
    copyFileSync(join(ROOT, 'sites/shared/catalogue.json'), join(empty, 'shared/catalogue.json'));
    const { base } = await serve({
      sites: new SiteStore(empty),
      store: async () => 'reachable',
      draining: () => false,
    });
    expect(await ask(base, HEALTH_PATHS.ready)).toMatchObject({
      status: 503,
      body: { ready: false, sites: { served: 0, unavailable: 0 } },
    });
  });
});

describe('the store probe', () => {
  it('waits on a ping that hangs, then gives it up for a fresh one after STALE_PINGS time limits', async () => {
    const timeoutMs = 20;
    const pings: ((value?: unknown) => void)[] = [];
    const probe = boundedProbe(() => new Promise((resolve) => pings.push(resolve)), timeoutMs);
    expect(await probe()).toBe('no answer');
    expect(await probe()).toBe('no answer');
    expect(pings).toHaveLength(1);
    await new Promise((r) => setTimeout(r, STALE_PINGS * timeoutMs + 5));
    const fresh = probe();
    expect(pings).toHaveLength(2);
    pings[1]();
    expect(await fresh).toBe('reachable');
  });
});

describe('liveness', () => {
  it('is 200 at /healthz and /healthz/live while the store is down, with the details given', async () => {
    const { base } = await serve({
      sites: fixtureSites(),
      store: async () => 'unreachable',
      draining: () => false,
      details: () => ({ stock: 'warming' }),
    });
    for (const path of ['/healthz', HEALTH_PATHS.live])
      expect(await ask(base, path)).toMatchObject({
        status: 200,
        cacheControl: 'no-store',
        body: { ok: true, stock: 'warming' },
      });
    expect((await ask(base, HEALTH_PATHS.ready)).status).toBe(503);
  });
});

describe.skipIf(!postgresAvailable)(
  `readiness on PostgreSQL${postgresAvailable ? '' : ` (skipped: ${POSTGRES_MISSING})`}`,
  () => {
    /** A relay to the database on a port of its own; `mode` says what a new connection meets. */
    let mode: 'relay' | 'hang' = 'relay';
    let relay: Server | undefined;
    let port = 0;
    let connections = 0;
    const open = new Set<Socket>();
    let target: URL;

    async function listen() {
      relay = createServer((client) => {
        connections++;
        open.add(client);
        client.on('error', () => undefined);
        client.once('close', () => open.delete(client));
        if (mode === 'hang') return;
        const db = connect(Number(target.port), target.hostname);
        open.add(db);
        db.on('error', () => undefined);
        db.once('close', () => open.delete(db));
        client.pipe(db).pipe(client);
      });
      await new Promise<void>((r) => relay!.listen(port, '127.0.0.1', r));
      port = (relay.address() as { port: number }).port;
    }
    async function down() {
      const closed = new Promise((r) => relay!.close(r));
      for (const s of open) s.destroy();
      await closed;
    }

    it('turns 503 within its time limit when the database is down or hangs, and 200 when it is back', async () => {
      target = new URL(await postgresDatabaseFor(tempDataDir()));
      await listen();
      const viaRelay = new URL(target);
      viaRelay.port = String(port);
      const store: Store = await openPostgresStore(viaRelay.toString());
      cleanUp.push(
        () => store.close(),
        () => relay?.close(),
      );
      const { base } = await serve({
        sites: fixtureSites(),
        store: boundedProbe(storePing(store)),
        draining: () => false,
      });
      // Well short of a hang (postgres.js waits 30 s for a connection), with room for a busy test machine.
      const bound = READY_STORE_TIMEOUT_MS * 3;
      expect(await ask(base, HEALTH_PATHS.ready)).toMatchObject({ status: 200 });

      await down();
      const refused = await ask(base, HEALTH_PATHS.ready);
      expect(refused).toMatchObject({ status: 503, body: { ready: false, store: 'unreachable' } });
      expect(refused.ms).toBeLessThan(bound);
      expect((await ask(base, HEALTH_PATHS.live)).status).toBe(200);

      mode = 'hang';
      await listen();
      connections = 0;
      const hung = await Promise.all([1, 2, 3].map(() => ask(base, HEALTH_PATHS.ready)));
      for (const answer of hung) {
        expect(answer).toMatchObject({ status: 503, body: { store: 'no answer' as StoreState } });
        expect(answer.ms).toBeLessThan(bound);
      }
      expect((await ask(base, HEALTH_PATHS.ready)).status).toBe(503);
      expect(connections).toBe(1);

      await down();
      mode = 'relay';
      await listen();
      await expect
        .poll(async () => (await ask(base, HEALTH_PATHS.ready)).status, { timeout: 10_000 })
        .toBe(200);
    }, 60_000);
  },
);
