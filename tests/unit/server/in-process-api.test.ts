/**
 * The server hands its renderer its own API's reader (engine/server/page-rendering.ts;
 * docs/api.md, "Read in process"): a page's read of /api/reviews is answered without an HTTP
 * request, and an address outside the API is left to HTTP (the page's origin is checked by
 * engine/render/api-read.ts, tests/unit/render/api-read.test.ts). Production mode
 * on a copy of sites/, with a renderer that writes what its reads answered.
 */
import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startNameApp, type NameApp } from './fixtures/name-app.ts';

/** A renderer that writes what its reads of the server's own API answered. */
const RENDERER = `let reader;
export function setLocalApiReader(r) { reader = r; }
const said = async (url) => {
  const answer = reader?.(url);
  return answer ? JSON.stringify(await answer) : 'not in process';
};
export async function renderPage({ site, url, origin }) {
  const own = await said(new URL('/api/reviews/snap21?orgId=' + site.slug, origin));
  const other = await said(new URL('/healthz/live', origin));
  return { status: 200, html: '<p id="own">' + own + '</p><p id="other">' + other + '</p>', title: site.name, blockTypes: [], payload: { site, initialData: { url, data: {} } } };
}
`;

let app: NameApp;
let port: number;
const requests: string[] = [];

beforeAll(async () => {
  vi.spyOn(console, 'warn').mockImplementation(() => {});
  app = await startNameApp('forecourt-in-process-api-', {}, undefined, undefined, RENDERER);
  port = app.port;
  app.server.on('request', (req: { url?: string }) => requests.push(req.url ?? ''));
}, 120_000);

afterAll(async () => {
  await app?.stop();
  vi.restoreAllMocks();
});

const page = (path: string) =>
  new Promise<string>((resolve, reject) => {
    const req = request({ port, host: '127.0.0.1', path }, (res) => {
      let body = '';
      res.on('data', (c) => (body += c));
      res.on('end', () => resolve(body));
    });
    req.on('error', reject);
    req.end();
  });

describe("a page's reads of the server's own API", () => {
  it('are answered in process with what GET /api answers', async () => {
    const html = await page('/sites/gold-coast-ford/');
    const own = /<p id="own">(.*?)<\/p>/.exec(html)?.[1];
    expect(own && JSON.parse(own)).toEqual({ rating: 4.7, stars: 4.5, count: 137 });
    expect(/<p id="other">(.*?)<\/p>/.exec(html)?.[1]).toBe('not in process');
    expect(requests).toEqual(['/sites/gold-coast-ford/']);
  });
});
