/**
 * A malformed percent-escape in an address is the client's mistake (docs/security.md, "Editor
 * and server"): every route family answers it 400 (or 404), never 500 — pages by path and by
 * host, draft previews, the API and the editor API, search, assets, feeds, history reports,
 * favicons, the editor and health. Through the whole server, with raw HTTP so the path is
 * sent as written.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { rawRequest } from './raw-http.ts';
import { startNameApp, type NameApp } from './fixtures/name-app.ts';

const SLUG = 'southern-motor-group';
const HOST = 'southernmotorgroup.localhost';
const BAD = '%E0%A4%A';
let served: NameApp;

beforeAll(async () => {
  vi.spyOn(console, 'warn').mockImplementation(() => {});
  vi.spyOn(console, 'error').mockImplementation(() => {});
  served = await startNameApp('forecourt-bad-paths-');
}, 120_000);
afterAll(async () => {
  await served?.stop();
  vi.restoreAllMocks();
});

const paths: [string, string, Record<string, string>?][] = [
  ['the index', `/${BAD}`],
  ['a page by path', `/sites/${SLUG}/cars/${BAD}`],
  ['a site by path', `/sites/${BAD}/`],
  ['a page by host', `/cars/${BAD}`, { host: HOST }],
  ['a draft preview', `/drafts/${SLUG}/${BAD}`],
  ['the API', `/api/cars/${BAD}`],
  ['the API, by site', `/api/sites/${BAD}/reviews`],
  ['the editor API', `/api/editor/sites/${BAD}`],
  ['the search service', `/1/indexes/${BAD}/query`],
  ['an asset', `/assets/sites/${SLUG}/${BAD}.svg`],
  ['a generated asset', `/assets/makes/${BAD}.svg`],
  ['a feed by path', `/sites/${SLUG}/feeds/${BAD}`],
  ['a feed by host', `/feeds/${BAD}.tsv`, { host: HOST }],
  ['a history report', `/sites/${SLUG}/cars/${BAD}/history-report.pdf`],
  ['a favicon', `/favicon${BAD}.ico`, { host: HOST }],
  ['the editor', `/editor/${BAD}`],
  ['health', `/healthz${BAD}`],
];

describe('a malformed percent-escape in the path', () => {
  for (const [family, path, headers] of paths) {
    it(`answers 400 or 404, not 500: ${family}`, async () => {
      const res = await rawRequest(served.port, { path, headers });
      expect([400, 404]).toContain(res.status);
    });
  }

  it('in the query of a page is no error either', async () => {
    const res = await rawRequest(served.port, { path: `/sites/${SLUG}/search?q=${BAD}` });
    expect(res.status).toBeLessThan(500);
  });
});
