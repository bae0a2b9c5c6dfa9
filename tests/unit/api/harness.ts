/**
 * Test harness for the local API: fixture sites in a temp folder (so other sites'
 * edits cannot break these tests), a real express app with the router mounted at
 * /api, a real store, and small fetch helpers.
 *
 * The store: the API tests run once per store (describeStores): SQLite in a temp data
 * folder, and PostgreSQL, a database of its own in the run's real PostgreSQL server
 * (tests/setup/postgres.ts). A test that starts the API again on the same dataDir gets
 * the same database back, as a restarted server would.
 */
import express from 'express';
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Server } from 'node:http';
import { afterAll, beforeAll, describe, inject } from 'vitest';
import type { ValidateFunction } from 'ajv/dist/2020.js';
import { SiteStore } from '../../../engine/server/sites.ts';
import {
  createApiRouter,
  type ApiRouter,
  type ApiRouterOptions,
} from '../../../engine/api/router.ts';
import { solveCaptchaQuestion } from '../../../engine/api/adapters/captcha.ts';
import { demoApi } from '../../../demo/defaults.ts';
import { createAjv, formatErrors } from '../../../engine/schema/validator.ts';
import { apiSchemas } from '../../../schemas/index.gen.ts';
import type { CaptchaChallenge } from '../../../schemas/types.gen.ts';
import type { SqliteStore } from '../../../engine/api/store/sqlite.ts';
import type { PostgresStore } from '../../../engine/api/store/postgres/store.ts';
import {
  createStartedDatabase,
  createTestDatabase,
  POSTGRES_MISSING,
  sharedCluster,
} from '../../setup/postgres.ts';

export const ROOT = join(import.meta.dirname, '../../..');

const page = { id: 'home', path: '/', title: 'Home | {site}', blocks: [] };
const location = (id: number, slug: string, dealership: string, postcode: string) => ({
  id,
  name: `Location ${slug}`,
  slug,
  location_type: 'sales',
  dealership_slug: dealership,
  address: { street: '1 Main Road', city: 'Town', state: 'QLD', postcode },
});

/** AU with captcha (the default); NZ without captcha; US requiring the terms agreement; a second AU site (per-site sessions and watchlists). */
export const FIXTURE_SITES = {
  'au-motors': {
    schemaVersion: 2,
    slug: 'au-motors',
    name: 'AU Motors',
    id: 501,
    region: 'AU',
    dealerships: [
      { id: 51, slug: 'au-motors', name: 'AU Motors' },
      { id: 52, slug: 'au-motors-north', name: 'AU Motors North' },
    ],
    locations: [
      location(5, 'southport', 'au-motors', '4215'),
      location(6, 'nerang', 'au-motors-north', '4211'),
    ],
    pages: [page],
  },
  'nz-motors': {
    schemaVersion: 2,
    slug: 'nz-motors',
    name: 'NZ Motors',
    id: 502,
    region: 'NZ',
    features: { captcha: false },
    pages: [page],
  },
  'us-motors': {
    schemaVersion: 2,
    slug: 'us-motors',
    name: 'US Motors <Lakeside>',
    id: 503,
    region: 'US',
    features: { captcha: false, termsAgreement: true },
    pages: [page],
  },
  'au-west': {
    schemaVersion: 2,
    slug: 'au-west',
    name: 'AU West',
    id: 504,
    region: 'AU',
    features: { captcha: false },
    pages: [page],
  },
};

export function fixtureSitesDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'forecourt-sites-'));
  mkdirSync(join(dir, 'shared'));
  mkdirSync(join(dir, 'templates'));
  copyFileSync(join(ROOT, 'sites/shared/catalogue.json'), join(dir, 'shared/catalogue.json'));
  for (const [slug, doc] of Object.entries(FIXTURE_SITES))
    writeFileSync(join(dir, `${slug}.json`), JSON.stringify(doc));
  return dir;
}

export const tempDataDir = () => mkdtempSync(join(tmpdir(), 'forecourt-data-'));

/** A clock the test moves. */
export function testClock(start = '2025-06-02T01:00:00.000Z') {
  let t = new Date(start).getTime();
  return {
    now: () => new Date(t),
    advance: (ms: number) => {
      t += ms;
    },
  };
}

export interface Answer<T = any> {
  status: number;
  headers: Headers;
  body: T;
  text: string;
}

export type StoreKind = 'sqlite' | 'postgres';

/** The store startApi() uses by default: the one of the describeStores suite running. */
let currentStore: StoreKind = 'sqlite';

const postgresDir = inject('postgresDir');
/** Whether this run can start a real PostgreSQL server (its binaries are installed). */
export const postgresAvailable = Boolean(postgresDir);
let warned = false;

/**
 * Declares a suite once per store: "{name} [sqlite]" always, "{name} [postgres]" on the
 * run's PostgreSQL server, or a skipped suite saying why when no server binaries are installed.
 */
export function describeStores(name: string, body: (store: StoreKind) => void) {
  for (const store of ['sqlite', 'postgres'] as const) {
    if (store === 'postgres' && !postgresDir) {
      if (!warned) console.warn(`[forecourt tests] ${POSTGRES_MISSING}`);
      warned = true;
      describe.skip(`${name} [postgres] skipped: ${POSTGRES_MISSING}`, () => body(store));
      continue;
    }
    describe(`${name} [${store}]`, () => {
      // Registered before the body's hooks, so they and its tests start APIs on this store.
      beforeAll(async () => {
        currentStore = store;
        // The run's server starts once (initdb takes a few seconds), here rather than in a test's time.
        if (store === 'postgres') await sharedCluster(postgresDir);
      }, 120_000);
      afterAll(() => {
        currentStore = 'sqlite';
      });
      body(store);
    });
  }
}

/** Each data folder's PostgreSQL database (a restart on the same folder finds it again). */
const databases = new Map<string, Promise<string>>();

/** The PostgreSQL database standing for a data folder: as an API's first start leaves it. */
export function postgresDatabaseFor(dataDir: string): Promise<string> {
  let url = databases.get(dataDir);
  if (!url) {
    url = sharedCluster(postgresDir).then((admin) =>
      createStartedDatabase(admin, async (empty) => {
        const [sitesDir, firstDataDir] = [fixtureSitesDir(), tempDataDir()];
        try {
          const first = await startApi({
            store: 'postgres',
            databaseUrl: empty,
            sitesDir,
            dataDir: firstDataDir,
          });
          await first.close();
        } finally {
          removeDir(sitesDir);
          removeDir(firstDataDir);
        }
      }),
    );
    databases.set(dataDir, url);
  }
  return url;
}

/** A new PostgreSQL database with nothing in it, for a test of what a first start makes. */
export const emptyPostgresDatabase = () =>
  sharedCluster(postgresDir).then((admin) => createTestDatabase(admin));

export interface TestApi {
  base: string;
  api: ApiRouter;
  sites: SiteStore;
  dataDir: string;
  store: StoreKind;
  /** Rows of a query run on the store (numbers as numbers in both). */
  rows<T = Record<string, unknown>>(sql: string): Promise<T[]>;
  get<T = any>(path: string, headers?: Record<string, string>): Promise<Answer<T>>;
  post<T = any>(path: string, body: unknown, headers?: Record<string, string>): Promise<Answer<T>>;
  raw(path: string, init: RequestInit): Promise<Answer>;
  captcha(): Promise<{ token: string; answer: number }>;
  /** Closes the HTTP server and the database. */
  close(): Promise<void>;
}

const quiet = { log: () => {}, warn: () => {}, error: () => {} };

export async function startApi(
  options: Partial<ApiRouterOptions> & { sitesDir?: string; store?: StoreKind } = {},
): Promise<TestApi> {
  const sites = new SiteStore(options.sitesDir ?? fixtureSitesDir());
  const dataDir = options.dataDir ?? tempDataDir();
  const store = options.store ?? currentStore;
  const databaseUrl =
    options.databaseUrl ?? (store === 'postgres' ? await postgresDatabaseFor(dataDir) : undefined);
  const api = await createApiRouter({
    log: quiet,
    env: {},
    staffToken: 'staff-token-for-tests-0123456789',
    ...demoApi,
    ...options,
    sites,
    dataDir,
    databaseUrl,
  });
  const app = express();
  app.set('trust proxy', 'loopback');
  app.use('/api', api);
  const server: Server = await new Promise((resolve) => {
    const s = app.listen(0, '127.0.0.1', () => resolve(s));
  });
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api`;
  const raw = async (path: string, init: RequestInit): Promise<Answer> => {
    const res = await fetch(base + path, init);
    const text = await res.text();
    let body: unknown = text;
    if ((res.headers.get('content-type') ?? '').includes('json')) body = JSON.parse(text);
    return { status: res.status, headers: res.headers, body, text };
  };
  const t: TestApi = {
    base,
    api,
    sites,
    dataDir,
    store,
    raw,
    async rows<T>(sql: string) {
      // Counts as CAST(COUNT(*) AS INTEGER): PostgreSQL answers a plain COUNT(*), a bigint, as a string.
      if (api.store.kind === 'sqlite')
        return (api.store as SqliteStore).db.prepare(sql).all() as T[];
      return [...(await (api.store as PostgresStore).sql.unsafe(sql))] as T[];
    },
    get: (path, headers = {}) => raw(path, { headers }),
    post: (path, body, headers = {}) =>
      raw(path, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        body: JSON.stringify(body),
      }),
    async captcha() {
      const c = (await t.get<CaptchaChallenge>('/captcha')).body;
      return { token: c.token, answer: solveCaptchaQuestion(c.question) };
    },
    async close() {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeAllConnections?.();
      await api.close();
    },
  };
  return t;
}

export function removeDir(dir: string) {
  rmSync(dir, { recursive: true, force: true });
}

/** A valid lead for au-motors (add the captcha). */
export function auLead(overrides: Record<string, unknown> = {}) {
  return {
    site: 'au-motors',
    submission_id: crypto.randomUUID(),
    isLastStep: true,
    source: 'Website',
    url: 'https://au-motors.example/cars/2021-ford-ranger',
    user_agent: 'vitest',
    car_id: 1234,
    car_dealership_id: 51,
    name: 'Jane',
    last_name: 'Citizen',
    email: 'jane@example.com',
    phone: '0412 345 678',
    message: 'Is this car still available?',
    category: 'Used Car Enquiry',
    'category select': 'General Enquiry',
    dealership_slug: 'au-motors',
    opt_in: true,
    lead_attributes: {
      visited_pages: ['/', '/cars/2021-ford-ranger'],
      linked_query_params: { utm_source: 'google', gclid: 'abc' },
    },
    ...overrides,
  };
}

const ajv = createAjv();
/** Problems with data against a schemas/api/ schema (empty when it matches). */
export function schemaProblems(name: keyof typeof apiSchemas, data: unknown) {
  const v = ajv.getSchema((apiSchemas[name] as { $id: string }).$id) as ValidateFunction;
  return v(data) ? [] : formatErrors(v.errors ?? []);
}

export { fixtureCar } from './fixtures/car.ts';
