/**
 * Done when (issue 34): a saved search emails a new matching car within a minute of its
 * import, to a real SMTP server. The server's own wiring (engine/server/services.ts): a real
 * import of a dealer's feed, the stock reload it causes, the alert run and the send job on the
 * job queue; nothing here calls the worker. On both stores: with PostgreSQL the import is
 * written to the database and the server learns of it as any other server would.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import express from 'express';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { demoProviders } from '../../../demo/defaults.ts';
import { importStock, loadSites } from '../../../engine/inventory/import/import-stock.ts';
import { createServices } from '../../../engine/server/services.ts';
import { SiteSignals } from '../../../engine/server/site-signals.ts';
import { SiteStore } from '../../../engine/server/sites.ts';
import type { PostgresStore } from '../../../engine/api/store/postgres/store.ts';
import { describeStores, postgresDatabaseFor, type Answer } from '../api/harness.ts';
import { signedIn } from '../api/sign-in-kit.ts';
import { ROOT, SITES_DIR } from '../helpers.ts';
import { header, startSmtp, type TestSmtp } from '../leads/smtp-kit.ts';
import { listenLocally, type Listening } from '../listen.ts';

const SITE = 'gold-coast-ford';
let dir: string;
let smtp: TestSmtp;
let server: Listening | undefined;
let services: Awaited<ReturnType<typeof createServices>> | undefined;
let base: string;
let databaseUrl: string | undefined;
let signals: SiteSignals | undefined;

describeStores('saved-search alerts after an import', (store) => {
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'forecourt-import-alert-'));
    smtp = await startSmtp();
    databaseUrl = store === 'postgres' ? await postgresDatabaseFor(join(dir, 'data')) : undefined;
    vi.stubEnv('FORECOURT_SMTP_URL', smtp.url);
    vi.spyOn(console, 'log').mockImplementation(() => {});
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    services = await createServices({
      root: ROOT,
      sites: new SiteStore(SITES_DIR),
      providers: demoProviders({ count: 600 }),
      dataDir: join(dir, 'data'),
      env: databaseUrl ? { DATABASE_URL: databaseUrl } : {},
    });
    // As the server listens (engine/server/app.ts): the import announces itself on PostgreSQL.
    const { store: apiStore } = services.api;
    signals = await new SiteSignals(
      apiStore.kind === 'postgres' ? (apiStore as PostgresStore).sql : undefined,
      { published: () => {}, stock: (dealerships) => services!.stockChanged(dealerships) },
    ).start();
    const app = express();
    app.use('/api', services.api);
    server = await listenLocally(app);
    base = `${server.base}/api`;
  }, 60_000);

  afterAll(async () => {
    await signals?.stop();
    services?.stock.close();
    await server?.close();
    await services?.api.close();
    await smtp.stop();
    vi.unstubAllEnvs();
    vi.restoreAllMocks();
    rmSync(dir, { recursive: true, force: true });
  });

  // The Answer shape of the API tests' harness (sign-in-kit.ts reads it).
  const post = async <T = any>(
    path: string,
    body: unknown,
    headers: Record<string, string> = {},
  ): Promise<Answer<T>> => {
    const res = await fetch(`${base}${path}`, {
      method: 'POST',
      body: JSON.stringify(body),
      headers: { 'content-type': 'application/json', ...headers },
    });
    const text = await res.text();
    return { status: res.status, headers: res.headers, text, body: JSON.parse(text) as T };
  };

  it('a saved search emails a new matching car within a minute of its import', async () => {
    const me = await signedIn(
      { post, dataDir: join(dir, 'data') },
      { site: SITE, phone_number: '0412 345 678' },
    );
    const saved = await post(
      '/saved-searches',
      {
        site: SITE,
        email: 'buyer@example.com',
        frequency: 'instant',
        url: '/search/ford/ranger?query=Wildtrak',
        label: 'Ford Ranger Wildtrak',
        params: { query: 'Wildtrak', facetFilters: [['make:Ford'], ['model:Ranger']] },
      },
      me,
    );
    expect(saved.status, JSON.stringify(saved.body)).toBe(201);
    // The save's run records the stock as it is now, so only what the import brings is new.
    await services!.api.settled();

    const imported = Date.now();
    const report = await importStock({
      sitesDir: SITES_DIR,
      dataDir: join(dir, 'data'),
      site: SITE,
      dealership: 'nerang-ford',
      file: join(ROOT, 'demo/feeds/nerang-ford.csv'),
      loaded: loadSites(SITES_DIR),
      databaseUrl,
    });
    expect(report.applied).toBe(true);

    await vi.waitFor(() => expect(smtp.mail).toHaveLength(1), { timeout: 60_000, interval: 200 });
    expect(Date.now() - imported).toBeLessThan(60_000);
    const [mail] = smtp.mail;
    expect(mail.to).toEqual(['buyer@example.com']);
    expect(mail.raw).toContain('2025 Ford Ranger Wildtrak');
    expect(mail.raw).not.toContain(' XLT');
    expect(header(mail.raw, 'List-Unsubscribe')).toMatch(
      /^<https:\/\/[^>]+\/api\/saved-searches\/unsubscribe\?token=[\w-]+\.[\w-]+>$/,
    );
    expect(header(mail.raw, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
  }, 90_000);
});
