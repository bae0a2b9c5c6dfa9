/**
 * `npm run import:inventory` for a dealership of a site that searches Algolia pushes the site's
 * stock to its index (docs/search-sync.md): the CLI run end to end, with the site's search
 * host pointed at an embedded engine that takes writes with the admin key.
 */
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { execFile } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import express from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSearchRouter } from '../../../engine/search/http.ts';
import { SearchEngine } from '../../../engine/search/engine.ts';
import { ROOT, SITES_DIR } from '../helpers.ts';

const run = promisify(execFile);
const ADMIN_KEY = 'import-admin-key';
const INDEX = 'GCF_import_test';

let server: Server;
let engine: SearchEngine;
let dir: string;

beforeAll(async () => {
  engine = new SearchEngine();
  server = express()
    .use(createSearchRouter(engine, { adminKey: ADMIN_KEY }))
    .listen(0, '127.0.0.1');
  await new Promise((r) => server.once('listening', r));
  dir = mkdtempSync(join(tmpdir(), 'fc-sync-import-'));
  cpSync(SITES_DIR, join(dir, 'sites'), { recursive: true });
  const file = join(dir, 'sites', 'gold-coast-ford.json');
  const doc = JSON.parse(readFileSync(file, 'utf8'));
  doc.search = {
    ...doc.search,
    engine: 'algolia',
    host: `127.0.0.1:${(server.address() as AddressInfo).port}`,
    appId: 'forecourt',
    apiKey: 'search-only',
    index: INDEX,
  };
  writeFileSync(file, JSON.stringify(doc, null, 2));
});

afterAll(async () => {
  await new Promise<void>((r) => server.close(() => r()));
  rmSync(dir, { recursive: true, force: true });
});

describe('import:inventory then sync', () => {
  it('imports the feed and pushes the site (both its dealerships) to its Algolia index', async () => {
    const { stdout } = await run(
      process.execPath,
      [
        '--import',
        'tsx',
        'scripts/import-stock.ts',
        '--site',
        'gold-coast-ford',
        '--dealership',
        '12',
        'demo/feeds/nerang-ford.csv',
      ],
      {
        cwd: ROOT,
        env: {
          ...process.env,
          FORECOURT_SITES_DIR: join(dir, 'sites'),
          FORECOURT_DATA_DIR: join(dir, 'data'),
          FORECOURT_SEARCH_ADMIN_KEY: ADMIN_KEY,
        },
      },
    );
    expect(stdout).toContain('gold-coast-ford / nerang-ford: 30 added, 0 changed, 0 sold');
    expect(stdout).toMatch(
      new RegExp(
        `gold-coast-ford → ${INDEX} \\(replicas: ${INDEX}_price_asc, .*\\): \\d+ added, 0 updated, 0 deleted, 0 unchanged\\.`,
      ),
    );
    const nerang = engine.search(INDEX, {
      filters: 'dealership_slug:nerang-ford',
      facets: ['make'],
      hitsPerPage: 0,
    });
    expect(nerang.nbHits).toBe(30);
    expect(nerang.facets.make.Ford).toBe(22);
    expect(
      engine.search(INDEX, { filters: 'dealership_slug:gold-coast-ford', hitsPerPage: 0 }).nbHits,
    ).toBeGreaterThan(0);
    expect(engine.search(`${INDEX}_price_asc`, { hitsPerPage: 0 }).nbHits).toBe(
      engine.search(INDEX, { hitsPerPage: 0 }).nbHits,
    );
  }, 180_000);
});
