/**
 * Derivatives made ahead (docs/cars.md, "Photos"): a page's first photos are encoded at the
 * widths and in the formats its first screen asks for before any visitor comes, so the request
 * for its main photo finds them on disk and encodes nothing; a derivative removed by another
 * process is made again rather than answered as missing.
 */
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import express from 'express';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storePhoto } from '../../../engine/assets/photo-pipeline.ts';
import {
  PHOTO_TYPES,
  PREMADE_FORMATS,
  PhotoDerivatives,
  sendPhoto,
  type PhotoSource,
} from '../../../engine/assets/photo-serve.ts';
import { listenLocally, type Listening } from '../listen.ts';
import { cameraJpeg } from './fixtures/photos.ts';

let dir: string;
let source: PhotoSource;
let cache: PhotoDerivatives;
let listening: Listening;

beforeAll(async () => {
  dir = join(mkdtempSync(join(tmpdir(), 'forecourt-premake-')), '.data');
  const stored = await storePhoto(await cameraJpeg(), 'jpg', 'ranger.jpg');
  const file = join(dir, 'ranger-0123456789ab-c808080.jpg');
  cache = new PhotoDerivatives({ dir: join(dir, 'cache'), maxBytes: 1e9 });
  writeFileSync(file, stored.bytes);
  source = { name: 'ranger-0123456789ab-c808080.jpg', file };
  const app = express().get('/photo', (req, res) => sendPhoto(req, res, source, cache, 'public'));
  listening = await listenLocally(app);
}, 120_000);

afterAll(async () => {
  await listening?.close();
  rmSync(join(dir, '..'), { recursive: true, force: true });
});

describe('derivatives made ahead', { timeout: 180_000 }, () => {
  it('are on disk at each width in each format, and a visitor asking for one waits for no encoding', async () => {
    // 333 is snapped to the ladder's 480, as a request's ?w= is.
    await cache.premake(source, [333, 1280]);
    const made = cache.made;
    expect(made).toBe(2 * PREMADE_FORMATS.length);
    expect(readdirSync(join(dir, 'cache')).sort()).toEqual(
      PREMADE_FORMATS.flatMap((f) =>
        [480, 1280].map((w) => `ranger-0123456789ab-c808080-w${w}.${f}`),
      ).sort(),
    );
    for (const [accept, type] of [
      ['image/avif,image/webp,*/*', PHOTO_TYPES.avif],
      ['image/webp,*/*', PHOTO_TYPES.webp],
      ['*/*', PHOTO_TYPES.jpeg],
    ]) {
      const res = await fetch(`${listening.base}/photo?w=1280`, { headers: { Accept: accept } });
      expect(res.headers.get('content-type')).toBe(type);
      expect((await sharp(Buffer.from(await res.arrayBuffer())).metadata()).width).toBe(1280);
    }
    expect(cache.made).toBe(made);
    // Made ahead again (another server start): nothing is encoded twice.
    await cache.premake(source, [480, 1280]);
    expect(cache.made).toBe(made);
  });

  it('is made again when another process removed its file', async () => {
    const before = cache.made;
    rmSync(join(dir, 'cache', 'ranger-0123456789ab-c808080-w480.webp'));
    const res = await fetch(`${listening.base}/photo?w=480`, { headers: { Accept: 'image/webp' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe(PHOTO_TYPES.webp);
    expect(cache.made).toBe(before + 1);
  });

  it('are removed on request, file and all', () => {
    cache.removeWhere((file) => file.endsWith('.jpeg'));
    expect(readdirSync(join(dir, 'cache')).filter((f) => f.endsWith('.jpeg'))).toEqual([]);
    expect(readdirSync(join(dir, 'cache')).length).toBe(4);
  });
});
