/**
 * The page render cache (docs/deploy.md, "Caching"): what a page is kept under (site
 * revision, origin, base path, address, stock version), what is never kept (gated pages,
 * failed searches, other statuses), its bounds (entries, bytes, age), and the HTTP side
 * (ETag and If-None-Match → 304, Cache-Control, compressed copies made once).
 */
import express from 'express';
import compression from 'compression';
import type { Server } from 'node:http';
import { request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  CACHE_STATUS_HEADER,
  PAGE_CACHE_CONTROL,
  createPageCache,
  trackedSearchClient,
  type PageCache,
} from '../../../engine/server/page-cache/pages.ts';
import {
  RENDER_CACHE_LIMITS,
  RenderCache,
  pageEntry,
  renderCacheLimitsFrom,
} from '../../../engine/server/page-cache/render-cache.ts';
import { StockVersion } from '../../../engine/inventory/stock-version.ts';
import type { SiteEntry } from '../../../engine/server/sites.ts';

type Entry = Extract<SiteEntry, { ok: true }>;

const siteEntry = (slug: string): Entry =>
  ({
    slug,
    file: `${slug}.json`,
    ok: true,
    site: {
      slug,
      pages: [
        { id: 'home', path: '/', title: 'Home', blocks: [] },
        { id: 'cars', path: '/cars/:slug', title: 'Car', blocks: [] },
        {
          id: 'checkout',
          path: '/cars/:slug/checkout',
          title: 'Checkout',
          gate: 'sign-in',
          blocks: [],
        },
        { id: 'missing', path: '*', title: 'Not found', blocks: [] },
      ],
    },
    data: {},
  }) as unknown as Entry;

/** What the fake renderer does for an address: search the stock, fail a search, answer a status, report a block error. */
const behaviour: Record<
  string,
  { stock?: boolean; fail?: boolean; status?: number; blockError?: boolean }
> = {
  '/cars/ranger': { stock: true },
  '/cars/broken': { stock: true, fail: true },
  '/cars/gone': { stock: true, status: 404 },
  '/cars/oops': { status: 500 },
  '/cars/half': { blockError: true },
};

const stock = new StockVersion();
let stockPrice = 100;
const search = trackedSearchClient({
  search: (requests: { fail?: boolean }) =>
    requests.fail
      ? Promise.reject(new Error('budget spent'))
      : Promise.resolve({ price: stockPrice }),
});
const sites = new Map<string, Entry>([
  ['alpha', siteEntry('alpha')],
  ['beta', siteEntry('beta')],
]);
let loadListener: ((entry: SiteEntry) => void) | undefined;
let renders = 0;
let clock = 1_000;
/** Addresses whose next render fails its search (a render under load running out of time). */
const failNext = new Set<string>();
let pages: PageCache;
let server: Server;
let port: number;

async function fakeRender(slug: string, url: string, origin: string) {
  renders++;
  const path = url.split('?')[0];
  const how = { ...behaviour[path], ...(failNext.delete(path) ? { stock: true, fail: true } : {}) };
  let shown = '';
  if (how.stock) {
    try {
      shown = ` price ${((await search.search({ fail: how.fail } as never)) as { price: number }).price}`;
    } catch {
      shown = ' no results';
    }
  }
  const html = `<!doctype html><p>${slug} ${origin} ${url}${shown} ${'x'.repeat(2000)}</p>`;
  const data = how.blockError ? { b1: { error: 'reviews failed' } } : {};
  return {
    page: { status: how.status ?? 200, payload: { initialData: { url, data } } } as never,
    html,
  };
}

function startApp() {
  pages = createPageCache({
    stockVersion: () => stock.value,
    sites: { onLoad: (fn) => (loadListener = fn) },
    now: () => clock,
  });
  const app = express();
  app.use(compression());
  app.get(/^\/sites\/([a-z]+)(\/.*)$/, async (req, res) => {
    const [slug, rest] = [
      (req.params as Record<string, string>)[0],
      (req.params as Record<string, string>)[1],
    ];
    const entry = sites.get(slug)!;
    const origin = `http://${req.hostname}`;
    const query = req.originalUrl.includes('?')
      ? req.originalUrl.slice(req.originalUrl.indexOf('?'))
      : '';
    await pages.respond(
      req,
      res,
      { entry, origin, basename: `/sites/${slug}`, url: rest + query },
      () => fakeRender(slug, rest + query, origin),
    );
  });
  return new Promise<void>((resolve) => {
    server = app.listen(0, '127.0.0.1', () => {
      port = (server.address() as AddressInfo).port;
      resolve();
    });
  });
}

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
  text: string;
}

function get(path: string, headers: Record<string, string> = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        const body = Buffer.concat(chunks);
        resolve({
          status: res.statusCode ?? 0,
          headers: res.headers,
          body,
          text: body.toString('utf8'),
        });
      });
    });
    req.on('error', reject);
    req.end();
  });
}

async function until(check: () => boolean) {
  for (let i = 0; i < 200 && !check(); i++) await new Promise((r) => setTimeout(r, 10));
  expect(check()).toBe(true);
}

const how = (a: Answer) => a.headers[CACHE_STATUS_HEADER.toLowerCase()];

describe('pages kept and answered', () => {
  beforeAll(() => startApp());
  afterAll(() => new Promise((r) => server.close(r)));
  beforeEach(() => {
    renders = 0;
  });

  it('renders an address once, then answers it from the cache with the same ETag and a shared Cache-Control', async () => {
    const first = await get('/sites/alpha/');
    const second = await get('/sites/alpha/');
    expect([how(first), how(second)]).toEqual(['miss', 'hit']);
    expect(renders).toBe(1);
    expect(second.text).toBe(first.text);
    expect(second.headers.etag).toBe(first.headers.etag);
    expect(first.headers.etag).toMatch(/^W\/".+"$/);
    expect(second.headers['cache-control']).toBe(PAGE_CACHE_CONTROL.shared);
    expect(second.headers['cache-control']).toContain('s-maxage=');
    expect(second.headers['cache-control']).toContain('stale-while-revalidate=');
  });

  it('keys by query, origin and site: each is its own page', async () => {
    await get('/sites/alpha/about');
    const withQuery = await get('/sites/alpha/about?make=Ford');
    const otherHost = await get('/sites/alpha/about', { host: 'dealer.example' });
    const otherSite = await get('/sites/beta/about');
    expect([how(withQuery), how(otherHost), how(otherSite)]).toEqual(['miss', 'miss', 'miss']);
    expect(otherHost.text).toContain('http://dealer.example');
    expect(renders).toBe(4);
    expect(how(await get('/sites/alpha/about?make=Ford'))).toBe('hit');
  });

  it('answers If-None-Match with the current ETag with 304 and no body; another ETag gets the page', async () => {
    const page = await get('/sites/alpha/etag');
    const etag = String(page.headers.etag);
    const unchanged = await get('/sites/alpha/etag', { 'if-none-match': etag });
    expect(unchanged.status).toBe(304);
    expect(unchanged.body.length).toBe(0);
    expect(unchanged.headers.etag).toBe(etag);
    const other = await get('/sites/alpha/etag', { 'if-none-match': 'W/"something-else"' });
    expect(other.status).toBe(200);
    expect(other.text).toBe(page.text);
  });

  it('sends a kept page brotli or gzip encoded, compressed once, with the same ETag', async () => {
    const plain = await get('/sites/alpha/encoded', { 'accept-encoding': 'identity' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    const br = await get('/sites/alpha/encoded', { 'accept-encoding': 'br' });
    const gz = await get('/sites/alpha/encoded', { 'accept-encoding': 'gzip' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(brotliDecompressSync(br.body).toString()).toBe(plain.text);
    expect(gunzipSync(gz.body).toString()).toBe(plain.text);
    expect(new Set([plain.headers.etag, br.headers.etag, gz.headers.etag]).size).toBe(1);
    expect(br.headers.vary).toContain('Accept-Encoding');
    expect(br.body.length).toBeLessThan(plain.body.length / 4);
  });

  it('renders a page once for requests that arrive while it renders', async () => {
    const answers = await Promise.all(
      Array.from({ length: 6 }, () => get('/sites/alpha/together')),
    );
    expect(renders).toBe(1);
    expect(new Set(answers.map((a) => a.headers.etag)).size).toBe(1);
  });

  it('keeps a page that showed stock under the stock version; a page without stock outlives a stock change', async () => {
    const car = await get('/sites/alpha/cars/ranger');
    const home = await get('/sites/alpha/');
    expect(car.text).toContain('price 100');
    stockPrice = 120;
    stock.bump();
    const carAfter = await get('/sites/alpha/cars/ranger');
    const homeAfter = await get('/sites/alpha/');
    expect(how(carAfter)).toBe('miss');
    expect(carAfter.text).toContain('price 120');
    expect(carAfter.headers.etag).not.toBe(car.headers.etag);
    expect(how(homeAfter)).toBe('hit');
    expect(homeAfter.headers.etag).toBe(home.headers.etag);
  });

  it('drops the pages of a site that loads again (a publish), and only that site', async () => {
    const alpha = await get('/sites/alpha/published');
    const beta = await get('/sites/beta/published');
    sites.set('alpha', siteEntry('alpha'));
    loadListener?.(sites.get('alpha')!);
    expect(how(await get('/sites/alpha/published'))).toBe('miss');
    const betaAfter = await get('/sites/beta/published');
    expect(how(betaAfter)).toBe('hit');
    expect(betaAfter.headers.etag).toBe(beta.headers.etag);
    expect(alpha.status).toBe(200);
  });

  it('keeps a revision apart even without the load event: a new site entry is a new revision', async () => {
    await get('/sites/beta/revision');
    sites.set('beta', siteEntry('beta'));
    expect(how(await get('/sites/beta/revision'))).toBe('miss');
  });

  it('never keeps a gated page (a visitor journey): private, no-store, rendered each time', async () => {
    const a = await get('/sites/alpha/cars/ranger/checkout');
    const b = await get('/sites/alpha/cars/ranger/checkout');
    expect([how(a), how(b)]).toEqual(['bypass', 'bypass']);
    expect(a.headers['cache-control']).toBe(PAGE_CACHE_CONTROL.personal);
    expect(renders).toBe(2);
  });

  it('never keeps a page whose search failed or whose block failed to load: no-store, rendered again', async () => {
    for (const path of ['/sites/alpha/cars/broken', '/sites/alpha/cars/half']) {
      const a = await get(path);
      const b = await get(path);
      expect([how(a), how(b)]).toEqual(['bypass', 'bypass']);
      expect(a.headers['cache-control']).toBe(PAGE_CACHE_CONTROL.incomplete);
    }
    expect(renders).toBe(4);
  });

  it('answers a page past its fresh time as it is while one render replaces it, and keeps it when that render fails', async () => {
    const first = await get('/sites/alpha/ageing');
    clock += RENDER_CACHE_LIMITS.ttlMs + 1;
    failNext.add('/ageing');
    const stale = await get('/sites/alpha/ageing');
    expect(how(stale)).toBe('stale');
    expect(stale.text).toBe(first.text);
    await until(() => renders === 2);
    const kept = await get('/sites/alpha/ageing');
    expect(how(kept)).toBe('stale'); // the render failed: the page stays, and is rendered again
    await until(() => renders === 3);
    const renewed = await get('/sites/alpha/ageing');
    expect(how(renewed)).toBe('hit');
    expect(renewed.text).toContain('/ageing');
    clock += RENDER_CACHE_LIMITS.ttlMs + RENDER_CACHE_LIMITS.staleMs + 1;
    expect(how(await get('/sites/alpha/ageing'))).toBe('miss');
  });

  it('keeps a 404 (with a shorter CDN life, no stale serving) but never another status', async () => {
    const gone = await get('/sites/alpha/cars/gone');
    expect(gone.status).toBe(404);
    expect(gone.headers['cache-control']).toBe(PAGE_CACHE_CONTROL.notFound);
    expect(how(await get('/sites/alpha/cars/gone'))).toBe('hit');
    expect(
      (await get('/sites/alpha/cars/gone', { 'if-none-match': String(gone.headers.etag) })).status,
    ).toBe(404);
    const oops = await get('/sites/alpha/cars/oops');
    expect(oops.status).toBe(500);
    expect(oops.headers['cache-control']).toBe(PAGE_CACHE_CONTROL.incomplete);
    expect(how(await get('/sites/alpha/cars/oops'))).toBe('bypass');
  });
});

describe('the cache is bounded', () => {
  const page = (site: string, html: string, stockVersion?: number) =>
    pageEntry({ site, status: 200, html, stockVersion });

  it('holds at most maxEntries pages, dropping the least recently used', () => {
    const cache = new RenderCache({ maxEntries: 2 });
    cache.set('a', page('s', 'A'));
    cache.set('b', page('s', 'B'));
    expect(cache.get('a', 0)).toBeDefined(); // a is now more recent than b
    cache.set('c', page('s', 'C'));
    expect(cache.size).toBe(2);
    expect(cache.get('b', 0)).toBeUndefined();
    expect(cache.get('a', 0)).toBeDefined();
    expect(cache.get('c', 0)).toBeDefined();
  });

  it('holds at most maxBytes, counting compressed copies', () => {
    const cache = new RenderCache({ maxBytes: 30_000 });
    const text = (n: number) =>
      Array.from({ length: 10_000 }, (_, i) =>
        String.fromCharCode(97 + ((i * n * 7919) % 26)),
      ).join('');
    for (const key of ['a', 'b', 'c', 'd']) cache.set(key, page('s', text(key.charCodeAt(0))));
    expect(cache.size).toBeLessThanOrEqual(2);
    expect(cache.bytes).toBeLessThanOrEqual(30_000);
    const kept = cache.get('d', 0)!;
    cache.encoded('d', kept, 'gzip');
    expect(cache.bytes).toBeGreaterThan(kept.body.length + kept.encoded.gzip!.length);
  });

  it('holds a page fresh for ttlMs, then stale for staleMs, then not at all', () => {
    let now = 1_000;
    const cache = new RenderCache({ ttlMs: 60_000, staleMs: 300_000 }, () => now);
    cache.set('a', page('s', 'A'));
    now += 59_000;
    expect(cache.isStale(cache.get('a', 0)!)).toBe(false);
    now += 2_000;
    expect(cache.isStale(cache.get('a', 0)!)).toBe(true);
    now += 300_000;
    expect(cache.get('a', 0)).toBeUndefined();
  });

  it('answers a stock page only at its stock version, and drops one site without touching others', () => {
    const cache = new RenderCache();
    cache.set('car', page('s', 'car', 3));
    cache.set('about', page('s', 'about'));
    cache.set('other', page('t', 'other'));
    expect(cache.get('car', 4)).toBeUndefined();
    expect(cache.get('about', 4)).toBeDefined();
    expect(cache.dropSite('s')).toBe(1);
    expect(cache.get('about', 4)).toBeUndefined();
    expect(cache.get('other', 4)).toBeDefined();
  });

  it('FORECOURT_PAGE_CACHE_MB sets the byte bound; 0 turns the cache off; nonsense is refused', () => {
    expect(renderCacheLimitsFrom({})).toEqual({});
    expect(renderCacheLimitsFrom({ FORECOURT_PAGE_CACHE_MB: '8' })).toEqual({
      maxBytes: 8 * 1024 * 1024,
    });
    expect(renderCacheLimitsFrom({ FORECOURT_PAGE_CACHE_MB: '0' })).toBeUndefined();
    expect(() => renderCacheLimitsFrom({ FORECOURT_PAGE_CACHE_MB: 'lots' })).toThrow(
      /FORECOURT_PAGE_CACHE_MB/,
    );
  });
});
