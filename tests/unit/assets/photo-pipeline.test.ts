/**
 * Real photos through the pipeline (docs/cars.md, "Photos"): a camera's 4032 × 3024 JPEG with
 * a GPS position is imported like a feed's photo and served at every ladder width and format
 * without any metadata, turned upright, snapped to the ladder, in the format the browser
 * accepts; a decompression bomb is refused by name while the process's memory stays small.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import type { Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import express from 'express';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PHOTO_WIDTHS, placeholderColour } from '../../../engine/assets/photo-ladder.ts';
import { MAX_PHOTO_PIXELS, STORED_MAX_EDGE } from '../../../engine/assets/photo-pipeline.ts';
import { PhotoDerivatives } from '../../../engine/assets/photo-serve.ts';
import {
  photoFetcher,
  photoStore,
  stockPhotoDir,
} from '../../../engine/inventory/import/photos.ts';
import { stockPhotosRouter } from '../../../engine/inventory/stock-photos.ts';
import { cameraJpeg, CAMERA } from './fixtures/photos.ts';

let dir: string;
let server: Server;
let base: string;
let upright: string;
let turned: string;

const get = async (url: string, accept = 'image/*,*/*;q=0.8') => {
  const res = await fetch(base + url, { headers: { Accept: accept } });
  return { res, bytes: Buffer.from(await res.arrayBuffer()) };
};

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'forecourt-photos-'));
  const feedDir = join(dir, 'feed');
  // `.data/`, as `npm start` lays it out: served files sit below a dot-folder.
  const dataDir = join(dir, '.data');
  execFileSync('mkdir', ['-p', feedDir]);
  writeFileSync(join(feedDir, 'ranger.jpg'), await cameraJpeg());
  writeFileSync(join(feedDir, 'ranger-side.jpg'), await cameraJpeg(6));
  // The import's own path: fetched from the feed's folder, checked, stored content-addressed.
  const store = photoStore(dataDir, photoFetcher({ baseDir: feedDir }), {});
  upright = await store.resolve('ranger.jpg');
  turned = await store.resolve('ranger-side.jpg');
  await store.commit();
  const app = express();
  app.use('/assets', stockPhotosRouter(dataDir));
  server = await new Promise<Server>((resolve) => {
    const s = app.listen(0, '127.0.0.1', () => resolve(s));
  });
  const a = server.address();
  base = `http://127.0.0.1:${typeof a === 'object' && a ? a.port : 0}`;
}, 120_000);

afterAll(async () => {
  await new Promise((r) => server?.close(r));
  rmSync(dir, { recursive: true, force: true });
});

describe('a camera photo', { timeout: 180_000 }, () => {
  it('is stored once without its metadata, no larger than the stored size, its colour in its name', async () => {
    expect(upright).toMatch(/^\/assets\/stock\/ranger-[0-9a-f]{12}-c[0-9a-f]{6}\.jpg$/);
    expect(placeholderColour(upright)).toMatch(/^#[0-9a-f]{6}$/);
    const stored = join(dir, '.data/stock/photos', upright.split('/').pop()!);
    const meta = await sharp(stored).metadata();
    expect(meta).toMatchObject({ width: STORED_MAX_EDGE, height: (STORED_MAX_EDGE * 3) / 4 });
    expect(meta.exif).toBeUndefined();
    expect(meta.orientation).toBeUndefined();
  });

  it('is served with no EXIF (no GPS position, no camera) at every width and in every format', async () => {
    for (const accept of ['image/avif', 'image/webp', '*/*'])
      for (const w of PHOTO_WIDTHS) {
        const { res, bytes } = await get(`${upright}?w=${w}`, accept);
        expect(res.status).toBe(200);
        const meta = await sharp(bytes).metadata();
        expect({ w, accept, width: meta.width, exif: meta.exif, xmp: meta.xmp }).toEqual({
          w,
          accept,
          width: w,
          exif: undefined,
          xmp: undefined,
        });
        expect(bytes.includes('FieldCam')).toBe(false);
        expect(bytes.includes('Exif\0')).toBe(false);
      }
  });

  it('is turned upright by its EXIF orientation', async () => {
    const { bytes } = await get(`${turned}?w=640`);
    const meta = await sharp(bytes).metadata();
    expect(meta.width).toBe(640);
    expect(meta.height).toBe(Math.round((640 * CAMERA.width) / CAMERA.height));
    expect(meta.orientation).toBeUndefined();
  });

  it('is AVIF, WebP or JPEG by the Accept header, always with Vary: Accept and a year of caching', async () => {
    const cases = [
      ['image/avif,image/webp,image/apng,*/*;q=0.8', 'image/avif', 'heif'],
      ['image/webp,*/*', 'image/webp', 'webp'],
      ['image/png,image/*;q=0.8', 'image/jpeg', 'jpeg'],
      ['image/avif;q=0,image/webp', 'image/webp', 'webp'],
    ] as const;
    for (const [accept, type, format] of cases) {
      const { res, bytes } = await get(`${upright}?w=320`, accept);
      expect(res.headers.get('content-type')).toBe(type);
      expect(res.headers.get('vary')).toMatch(/\bAccept\b/);
      expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      expect((await sharp(bytes).metadata()).format).toBe(format);
    }
  });

  it("is served at the ladder's next width for any other width, and at its largest for none", async () => {
    const at = async (query: string) =>
      (await sharp((await get(`${upright}${query}`)).bytes).metadata()).width;
    expect(await at('?w=333')).toBe(480);
    expect(await at('?w=5000')).toBe(1600);
    expect(await at('')).toBe(1600);
    expect(await at('?w=banana')).toBe(1600);
  });
});

describe('derivatives on disk', { timeout: 120_000 }, () => {
  it('are made once, kept within their bound, least recently used out first', async () => {
    const cacheDir = join(dir, 'bounded');
    const source = {
      name: upright.split('/').pop()!,
      file: join(stockPhotoDir(join(dir, '.data')), upright.split('/').pop()!),
    };
    const probe = new PhotoDerivatives({ dir: join(dir, 'probe'), maxBytes: 1e9 });
    const sizeOf = async (w: number) => statSync((await probe.get(source, w, '*/*')).file).size;
    const [s160, s320, s480] = [await sizeOf(160), await sizeOf(320), await sizeOf(480)];
    // Room for the 160 and 320 and the 480, not for all three.
    const cache = new PhotoDerivatives({ dir: cacheDir, maxBytes: s160 + s480 + 1 });
    const first = await cache.get(source, 160, '*/*');
    const made = statSync(first.file).mtimeMs;
    expect((await cache.get(source, 160, '*/*')).file).toBe(first.file);
    expect(statSync(first.file).mtimeMs).toBe(made);
    await cache.get(source, 320, '*/*');
    await cache.get(source, 160, '*/*'); // the 320 is now the least recently used
    await cache.get(source, 480, '*/*');
    expect(readdirSync(cacheDir).sort()).toEqual(
      [first.file.split('/').pop(), `${source.name.replace(/\.jpg$/, '')}-w480.jpeg`].sort(),
    );
    expect(cache.size).toBeLessThanOrEqual(s160 + s480 + 1);
    expect(s320).toBeGreaterThan(0);
    // A new server finds what the last one kept.
    expect(new PhotoDerivatives({ dir: cacheDir, maxBytes: 1e9 }).size).toBe(cache.size);
  });
});

describe('a decompression bomb', () => {
  it('is refused by name, from its header, while the process stays small', () => {
    const out = JSON.parse(
      execFileSync(
        process.execPath,
        ['--import', 'tsx', join(import.meta.dirname, 'fixtures/refuse-bomb.ts')],
        { encoding: 'utf8' },
      ),
    ) as { message: string; status: string; peakMb: number };
    expect(out.status).toBe('refused');
    expect(out.message).toContain('"bomb.png" is 20,000 × 20,000 pixels');
    expect(out.message).toContain(`${MAX_PHOTO_PIXELS / 1e6} megapixels`);
    // Its pixels alone would take 1,200 MB.
    expect(out.peakMb).toBeLessThan(300);
  }, 60_000);
});
