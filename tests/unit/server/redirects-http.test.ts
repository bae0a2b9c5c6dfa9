/**
 * A site document's redirects through the server (engine/server/app.ts;
 * docs/site-documents.md, "Redirects"): the demo's old addresses answer 301 with the new one,
 * under /sites/{slug}/ and by host name, before any page; other addresses render. Production
 * mode on a copy of sites/, with a renderer that writes the address it was asked for.
 */
import { request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { demoProviders } from '../../../demo/defaults.ts';
import { createApp } from '../../../engine/server/app.ts';
import { CLIENT_ENTRY } from '../../../engine/server/manifest.ts';
import { ROOT, readSite } from '../helpers.ts';
import { bareProductionFolder } from './fixtures/bare-build.ts';

const SLUG = 'southern-motor-group';
let dir: string;
let server: Server;
let close: (() => Promise<void>) | undefined;
let port: number;

beforeAll(async () => {
  const folder = bareProductionFolder('forecourt-redirects-http-');
  dir = folder.dir;
  writeFileSync(
    join(folder.distDir, 'server/entry-server.js'),
    `export async function renderPage({ site, url }) {
  return { status: 200, html: '<p>page ' + url + '</p>', title: site.name, blockTypes: [], payload: { site, initialData: { url, data: {} } } };
}
`,
  );
  writeFileSync(
    join(folder.distDir, 'client/.vite/manifest.json'),
    JSON.stringify({ [CLIENT_ENTRY]: { file: 'build/entry.js' } }),
  );
  vi.spyOn(console, 'warn').mockImplementation(() => {});
  vi.stubEnv('FORECOURT_GIT_REMOTE', '');
  const started = await createApp({
    mode: 'production',
    root: ROOT,
    sitesDir: folder.sitesDir,
    distDir: folder.distDir,
    dataDir: folder.dataDir,
    staffToken: 'redirects-test-token',
    providers: demoProviders({ count: 200 }),
  });
  close = started.close;
  server = started.app.listen(0, '127.0.0.1');
  await new Promise((r) => server.once('listening', r));
  port = (server.address() as AddressInfo).port;
}, 120_000);

afterAll(async () => {
  await new Promise((r) => server?.close(r));
  await close?.();
  vi.unstubAllEnvs();
  vi.restoreAllMocks();
  rmSync(dir, { recursive: true, force: true });
});

/** One GET, redirects not followed, with the Host header given. */
const get = (path: string, host = `127.0.0.1:${port}`) =>
  new Promise<{ status: number; location?: string; body: string }>((resolve, reject) => {
    const req = request({ port, host: '127.0.0.1', path, headers: { host } }, (res) => {
      let body = '';
      res.on('data', (c) => (body += c));
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, location: res.headers.location, body }),
      );
    });
    req.on('error', reject);
    req.end();
  });

describe('redirects in the site document', () => {
  it('sends the old buy-online address to the checkout, keeping the query', async () => {
    const res = await get(`/sites/${SLUG}/cars/2021-toyota-hilux-sr5/buy-online?ref=mail`);
    expect(res.status).toBe(301);
    expect(res.location).toBe(`/sites/${SLUG}/cars/2021-toyota-hilux-sr5/checkout?ref=mail`);
  });

  it('sends the old brand page on, by host name too', async () => {
    const [host] = readSite(SLUG).hostnames as string[];
    const res = await get('/brands/jeep', host);
    expect(res.status).toBe(301);
    expect(res.location).toBe('/search/jeep');
  });

  it('renders the pages as before', async () => {
    const res = await get(`/sites/${SLUG}/cars/2021-toyota-hilux-sr5/checkout`);
    expect(res.status).toBe(200);
    expect(res.body).toContain('page /cars/2021-toyota-hilux-sr5/checkout');
  });
});
