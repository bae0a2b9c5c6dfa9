/**
 * A block's API reads (engine/render/api-read.ts): the platform's own API on the page's
 * origin answers in process when the server has handed its reader in; every other address,
 * and every read without a reader, goes over HTTP (a local endpoint this test starts).
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { readJson, setLocalApiReader } from '../../../engine/render/api-read.ts';
import { loadPageData } from '../../../engine/render/page-data.ts';
import type { LoadedBlocks } from '../../../engine/render/block.ts';
import type { Page, ResolvedSite } from '../../../engine/site/types.ts';
import type { SiteData } from '../../../engine/site/data.ts';

let server: Server;
let origin: string;
const asked: string[] = [];
beforeAll(async () => {
  server = createServer((req, res) => {
    asked.push(req.url ?? '');
    const found = req.url?.startsWith('/api/');
    res.writeHead(found ? 200 : 404, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ over: 'http', url: req.url }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise((resolve) => server.close(resolve)));
afterEach(() => {
  setLocalApiReader(undefined);
  asked.length = 0;
});

const inProcess = (url: URL) =>
  url.pathname === '/api/reviews' ? Promise.resolve({ in: 'process', q: url.search }) : undefined;

describe('reading an API from a block', () => {
  it("answers the page's own API in process, with no HTTP request", async () => {
    setLocalApiReader(inProcess);
    const answer = await readJson(new URL('/api/reviews?site=x', origin), origin);
    expect(answer).toEqual({ in: 'process', q: '?site=x' });
    expect(asked).toEqual([]);
  });

  it('reads over HTTP what the reader does not serve, an address on another origin, and without a reader', async () => {
    setLocalApiReader(inProcess);
    expect(await readJson(new URL('/api/cars', origin), origin)).toEqual({
      over: 'http',
      url: '/api/cars',
    });
    const elsewhere = origin.replace('127.0.0.1', 'localhost');
    expect(await readJson(new URL('/api/reviews', elsewhere), origin)).toMatchObject({
      over: 'http',
    });
    setLocalApiReader(undefined);
    expect(await readJson(new URL('/api/reviews', origin), origin)).toMatchObject({
      over: 'http',
    });
    expect(asked).toEqual(['/api/cars', '/api/reviews', '/api/reviews']);
  });

  it('rejects a failed answer naming its path and status, in process or over HTTP', async () => {
    await expect(readJson(new URL('/nothing', origin), origin)).rejects.toThrow(
      '/nothing answered 404',
    );
    setLocalApiReader(() => Promise.reject(new Error('/api/reviews answered 404')));
    await expect(readJson(new URL('/api/reviews', origin), origin)).rejects.toThrow(
      '/api/reviews answered 404',
    );
  });

  it("gives every block's load the reader of the page's origin", async () => {
    setLocalApiReader(inProcess);
    const page = { id: 'home', path: '/', blocks: [{ id: 'r', type: 'reads', props: {} }] };
    const blocks = {
      reads: {
        component: () => null,
        load: ({ getJson, url }) => getJson(new URL('/api/reviews?from=load', url)),
      },
    } as LoadedBlocks;
    const data = await loadPageData({
      site: { layout: {} } as unknown as ResolvedSite,
      siteData: {} as SiteData,
      page: page as unknown as Page,
      params: {},
      url: new URL('/', origin),
      blocks,
    });
    expect(data).toEqual({ r: { in: 'process', q: '?from=load' } });
    expect(asked).toEqual([]);
  });
});
