/**
 * The search sync end to end (docs/search-sync.md): the official algoliasearch client pushes
 * a site's imported stock and index settings to the embedded engine over HTTP, and a search
 * through the same client finds the stock with the site's facets and each sort replica in
 * its order. Writes need the admin key; the public rules stay as they were.
 */
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import express from 'express';
import countBy from 'lodash-es/countBy.js';
import { algoliasearch } from 'algoliasearch';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Car } from '../../../schemas/types.gen.ts';
import { createSearchRouter } from '../../../engine/search/http.ts';
import { SearchEngine } from '../../../engine/search/engine.ts';
import { publicStockFilter } from '../../../engine/search/public-access.ts';
import {
  siteSortChoices,
  syncClient,
  syncSiteSearch,
  type SyncSite,
} from '../../../engine/search/write-sync.ts';
import { importStock } from '../../../engine/inventory/import/import-stock.ts';
import { prepared, readSite, ROOT, SITES_DIR } from '../helpers.ts';

const ADMIN_KEY = 'test-admin-key';
const INDEX = 'Nerang_sync_test';
const FEED = join(ROOT, 'demo/feeds/nerang-ford.csv');
const NOW = Date.parse('2026-03-02T09:00:00Z');

let server: Server;
let host: string;
let dataDir: string;
let site: SyncSite;
let cars: Car[];

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'fc-sync-'));
  const report = await importStock({
    sitesDir: SITES_DIR,
    dataDir,
    site: 'gold-coast-ford',
    dealership: 'nerang-ford',
    file: FEED,
    now: NOW,
  });
  cars = report.cars;
  const base = prepared(readSite('gold-coast-ford'));
  site = {
    ...base,
    search: { ...base.search, engine: 'algolia', appId: 'forecourt', index: INDEX },
  };
  const engine = new SearchEngine();
  server = express()
    .use(
      createSearchRouter(engine, {
        adminKey: ADMIN_KEY,
        baseFilter: publicStockFilter({ site: () => undefined }),
      }),
    )
    .listen(0, '127.0.0.1');
  await new Promise((r) => server.once('listening', r));
  host = `127.0.0.1:${(server.address() as AddressInfo).port}`;
  site.search.host = host;
}, 60_000);

afterAll(async () => {
  await new Promise<void>((r) => server.close(() => r()));
  rmSync(dataDir, { recursive: true, force: true });
});

const SORTS: Record<string, { attr: keyof Car; dir: 1 | -1 }> = {
  price_asc: { attr: 'price', dir: 1 },
  price_desc: { attr: 'price', dir: -1 },
  year_desc: { attr: 'year', dir: -1 },
  km_asc: { attr: 'km', dir: 1 },
  newest: { attr: 'created_at_timestamp', dir: -1 },
};

describe('sync:search against the embedded engine', () => {
  it('pushes the stock and settings; a search through the same client finds them with facets and ordered replicas', async () => {
    const client = await syncClient(site.search, ADMIN_KEY);
    const report = await syncSiteSearch({ client, site, cars, now: NOW, batchSize: 7 });
    expect(report).toMatchObject({ index: INDEX, added: 30, updated: 0, deleted: 0, unchanged: 0 });
    const sorts = siteSortChoices(site);
    expect(report.replicas).toEqual(sorts.map((s) => `${INDEX}_${s}`));
    expect(sorts.length).toBeGreaterThan(0);

    const found = await client.searchSingleIndex<Car>({
      indexName: INDEX,
      searchParams: {
        query: 'ranger',
        facets: ['make', 'simple_body', 'car_type'],
        hitsPerPage: 50,
      },
    });
    expect(found.nbHits).toBe(cars.filter((c) => c.model.startsWith('Ranger')).length);
    const all = await client.searchSingleIndex<Car>({
      indexName: INDEX,
      searchParams: { facets: ['make', 'simple_body', 'car_type'], hitsPerPage: 50 },
    });
    expect(all.nbHits).toBe(30);
    expect(all.facets?.make).toEqual({ Ford: 22, Toyota: 4, Mazda: 2, Hyundai: 2 });
    expect(all.facets?.car_type).toEqual({ new: 9, demo: 3, used: 18 });
    expect(all.facets?.simple_body).toEqual(countBy(cars, 'simple_body'));
    expect(all.facets?.simple_body.Ute).toBe(9);

    const settings = await client.getSettings({ indexName: INDEX });
    expect(settings.customRanking).toEqual(['desc(custom_rank)', 'asc(id)']);
    expect(settings.attributesForFaceting).toContain('searchable(make)');
    for (const sort of sorts) {
      const { attr, dir } = SORTS[sort];
      const res = await client.searchSingleIndex<Car>({
        indexName: `${INDEX}_${sort}`,
        searchParams: { hitsPerPage: 50 },
      });
      expect(res.nbHits).toBe(30);
      // The price replicas put cars without a price last in both directions (car-index.ts).
      const hits = sort.startsWith('price') ? res.hits.filter((h) => h.price > 0) : res.hits;
      if (sort.startsWith('price')) expect(res.hits.at(-1)!.price).toBe(0);
      const values = hits.map((h) => h[attr] as number);
      expect(values).toEqual([...values].sort((a, b) => (a - b) * dir));
    }
  });

  it('a second sync changes nothing; a changed car is a partial update; a car gone from the stock is deleted', async () => {
    const client = await syncClient(site.search, ADMIN_KEY);
    expect(await syncSiteSearch({ client, site, cars, now: NOW })).toMatchObject({
      added: 0,
      updated: 0,
      deleted: 0,
      unchanged: 30,
    });
    const cheaper = cars.map((c) => (c.stocknum === 'NFU2013' ? { ...c, price: 45990 } : c));
    const without = cheaper.filter((c) => c.stocknum !== 'NFU2014');
    expect(await syncSiteSearch({ client, site, cars: without, now: NOW })).toMatchObject({
      added: 0,
      updated: 1,
      deleted: 1,
      unchanged: 28,
    });
    const res = await client.searchSingleIndex<Car>({
      indexName: INDEX,
      searchParams: { filters: 'stocknum:NFU2013 OR stocknum:NFU2014', hitsPerPage: 5 },
    });
    expect(res.hits.map((h) => [h.stocknum, h.price])).toEqual([['NFU2013', 45990]]);
  });

  it('refuses writes and browsing without the admin key (403, like Algolia), and searches keep the public rules', async () => {
    const wrong = algoliasearch('forecourt', 'site.gold-coast-ford', {
      hosts: [
        {
          url: host.split(':')[0],
          port: Number(host.split(':')[1]),
          protocol: 'http',
          accept: 'readWrite',
        },
      ],
    });
    await expect(
      wrong.setSettings({ indexName: INDEX, indexSettings: { customRanking: [] } }),
    ).rejects.toMatchObject({ status: 403 });
    await expect(
      wrong.saveObjects({ indexName: INDEX, objects: [{ objectID: 'x' }] }),
    ).rejects.toMatchObject({ status: 403 });
    await expect(wrong.browse({ indexName: INDEX })).rejects.toMatchObject({ status: 403 });
    await expect(
      wrong.deleteObject({ indexName: INDEX, objectID: cars[0].objectID }),
    ).rejects.toMatchObject({ status: 403 });
    // No admin key configured: every write is refused.
    const closed = express().use(createSearchRouter(new SearchEngine())).listen(0, '127.0.0.1');
    await new Promise((r) => closed.once('listening', r));
    const port = (closed.address() as AddressInfo).port;
    const noKey = algoliasearch('forecourt', ADMIN_KEY, {
      hosts: [{ url: '127.0.0.1', port, protocol: 'http', accept: 'readWrite' }],
    });
    await expect(
      noKey.saveObjects({ indexName: INDEX, objects: [{ objectID: 'x' }] }),
    ).rejects.toMatchObject({ status: 403 });
    await new Promise<void>((r) => closed.close(() => r()));
  });
});
