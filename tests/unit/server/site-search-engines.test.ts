/**
 * The server's search service runs a site's searches on the site's own engine
 * (engine/server/services.ts, searchFor; docs/deploy.md, "Memory and start-up"): a site's
 * key makes and indexes only that site's dealerships, the directories and keyless
 * requests use the whole stock, and after a write through the admin API every search runs
 * on the whole stock, which holds what was written. GET /healthz tells when the warm-up
 * has made every site's stock.
 */
import { rmSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { demoProviders } from '../../../demo/defaults.ts';
import type { Providers } from '../../../engine/providers.ts';
import { CAR_INDEX, DEALER_INDEX } from '../../../engine/search/index.ts';
import { createApp } from '../../../engine/server/app.ts';
import { ROOT } from '../helpers.ts';
import { bareProductionFolder } from './fixtures/bare-build.ts';

const ADMIN = 'site-engines-admin-key-0123456789';
let dir: string;
let server: Server;
let close: (() => Promise<void>) | undefined;
let warmUp: () => Promise<void>;
let base: string;
const asked: string[][] = [];

beforeAll(async () => {
  // A production build with no pages: the search service is what is tested here.
  const folder = bareProductionFolder('forecourt-site-engines-');
  dir = folder.dir;
  vi.spyOn(console, 'warn').mockImplementation(() => {});
  vi.stubEnv('FORECOURT_SEARCH_ADMIN_KEY', ADMIN);
  const demo = demoProviders({ count: 1600 });
  const providers: Providers = {
    ...demo,
    stock: (input) => {
      asked.push(input.dealerships ? [...input.dealerships].sort() : ['*']);
      return demo.stock(input);
    },
  };
  const { sitesDir, distDir, dataDir } = folder;
  const started = await createApp({
    mode: 'production',
    root: ROOT,
    sitesDir,
    distDir,
    dataDir,
    staffToken: 'site-engines-test-token',
    providers,
  });
  close = started.close;
  warmUp = started.warmUp;
  server = started.app.listen(0, '127.0.0.1');
  await new Promise((r) => server.once('listening', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}, 120_000);

afterAll(async () => {
  await new Promise((r) => server?.close(r));
  await close?.();
  vi.unstubAllEnvs();
  rmSync(dir, { recursive: true, force: true });
});

const query = async (indexName: string, params: Record<string, unknown>, key?: string) => {
  const res = await fetch(`${base}/1/indexes/*/queries`, {
    method: 'POST',
    body: JSON.stringify({ requests: [{ indexName, ...params }] }),
    headers: key ? { 'x-algolia-api-key': key } : {},
  });
  expect(res.status).toBe(200);
  return (
    (await res.json()) as {
      results: { nbHits: number; facets?: Record<string, Record<string, number>> }[];
    }
  ).results[0];
};

describe('the search service, site by site', () => {
  it('starts with no car made', () => {
    expect(asked).toEqual([]);
  });

  it("a site's key makes only its own dealerships' cars, and finds them", async () => {
    const r = await query(
      CAR_INDEX,
      { facets: ['dealership_slug'], hitsPerPage: 0 },
      'site.gold-coast-ford',
    );
    expect(asked).toEqual([['gold-coast-ford', 'nerang-ford']]);
    expect(Object.keys(r.facets!.dealership_slug).sort()).toEqual([
      'gold-coast-ford',
      'nerang-ford',
    ]);
  });

  it('the dealer directory and a keyless search use the whole stock', async () => {
    const dealers = await query(DEALER_INDEX, { hitsPerPage: 50 }, 'site.gold-coast-ford');
    expect(dealers.nbHits).toBeGreaterThanOrEqual(8);
    expect(asked.flat()).toContain('southern-kia');
    const all = await query(CAR_INDEX, { facets: ['dealership_slug'], hitsPerPage: 0 });
    expect(Object.keys(all.facets!.dealership_slug).length).toBeGreaterThanOrEqual(8);
  });

  it('GET /healthz says the stock is warming until the warm-up has made every site’s cars', async () => {
    const health = async () =>
      (await (await fetch(`${base}/healthz`)).json()) as { ok: boolean; stock: string };
    expect(await health()).toEqual({ ok: true, stock: 'warming' });
    await warmUp();
    expect(await health()).toEqual({ ok: true, stock: 'ready' });
    expect(asked.flat()).toEqual(
      expect.arrayContaining(['kiwi-car-yard', 'lakeside-chevrolet', 'southern-toyota']),
    );
  });

  it('after a write through the admin API, a site key searches the whole stock and sees the write', async () => {
    const before = await query(
      CAR_INDEX,
      { filters: 'objectID:written-car', hitsPerPage: 1 },
      'site.kiwi-car-yard',
    );
    expect(before.nbHits).toBe(0);
    const car = {
      objectID: 'written-car',
      dealership_slug: 'kiwi-car-yard',
      show_on_dealer_website: true,
      car_type: 'used',
      make: 'Written',
    };
    const res = await fetch(`${base}/1/indexes/${CAR_INDEX}/batch`, {
      method: 'POST',
      body: JSON.stringify({ requests: [{ action: 'addObject', body: car }] }),
      headers: { 'x-algolia-api-key': ADMIN },
    });
    expect(res.status).toBe(200);
    await expect
      .poll(
        async () =>
          (
            await query(
              CAR_INDEX,
              { filters: 'objectID:written-car', hitsPerPage: 1 },
              'site.kiwi-car-yard',
            )
          ).nbHits,
        { timeout: 10_000 },
      )
      .toBe(1);
  });
});
