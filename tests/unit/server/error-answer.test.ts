/**
 * The last answers (docs/render.md, "A page that fails whole"): a file `send` cannot find is
 * a 404, not a 500; a route's real fault is a 500 page; the database away is a 503 with
 * Retry-After (a page, or the API's sentence to a client asking for JSON); and a stock SVG kept in `npm start`'s
 * `.data/` folder is served, not refused for the dot-folder in its path.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import express from 'express';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { stockPhotoDir } from '../../../engine/inventory/import/photos.ts';
import { stockPhotosRouter } from '../../../engine/inventory/stock-photos.ts';
import { errorAnswer, notFoundAnswer } from '../../../engine/server/error-answer.ts';
import { STORE_RETRY_AFTER_SECONDS, STORE_UNAVAILABLE } from '../../../engine/api/unavailable.ts';
import { listenLocally, type Listening } from '../listen.ts';

let dir: string;
let listening: Listening | undefined;
let base: string;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'forecourt-answers-'));
  const dataDir = join(dir, '.data');
  mkdirSync(stockPhotoDir(dataDir), { recursive: true });
  writeFileSync(
    join(stockPhotoDir(dataDir), 'badge.svg'),
    '<svg xmlns="http://www.w3.org/2000/svg" width="4" height="4"/>',
  );
  const app = express();
  app.use('/assets', stockPhotosRouter(dataDir));
  app.get('/gone', (_req, res) => res.sendFile(join(dir, 'never-written.jpg')));
  app.get('/fault', () => {
    throw new Error('a bug');
  });
  app.get('/database-away', () => {
    throw Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
  });
  app.use(notFoundAnswer());
  app.use(errorAnswer({ development: false }));
  listening = await listenLocally(app);
  base = listening.base;
});

afterAll(async () => {
  await listening?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('the last answers', () => {
  it('answer a file send cannot find with the 404 page', async () => {
    const res = await fetch(`${base}/gone`);
    expect(res.status).toBe(404);
    expect(await res.text()).toContain('Not found');
  });

  it('answer a path nothing serves with the 404 page', async () => {
    expect((await fetch(`${base}/nowhere`)).status).toBe(404);
  });

  it("answer a route's fault with the 500 page, without its stack in production", async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    const res = await fetch(`${base}/fault`);
    expect(res.status).toBe(500);
    const html = await res.text();
    expect(html).toContain('Something went wrong');
    expect(html).not.toContain('a bug');
    expect(log).toHaveBeenCalled();
    log.mockRestore();
  });

  it('answer the database away with 503 and Retry-After, as a page or as JSON', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    const page = await fetch(`${base}/database-away`, { headers: { accept: 'text/html' } });
    expect(page.status).toBe(503);
    expect(page.headers.get('retry-after')).toBe(String(STORE_RETRY_AFTER_SECONDS));
    expect(await page.text()).toContain(STORE_UNAVAILABLE);
    const api = await fetch(`${base}/database-away`, { headers: { accept: 'application/json' } });
    expect(api.status).toBe(503);
    expect(await api.json()).toEqual({ error: STORE_UNAVAILABLE });
    expect(log).not.toHaveBeenCalled();
    log.mockRestore();
  });

  it('serve a stock SVG from a data folder below a dot-folder', async () => {
    const res = await fetch(`${base}/assets/stock/badge.svg`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('image/svg+xml');
  });
});
