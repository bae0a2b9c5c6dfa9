/**
 * The demo's camera photos (docs/cars.md, "Demo photos"): generated 4032 × 3024 JPEGs with an
 * orientation tag and a GPS position, made once and kept; served through the photo pipeline
 * at ladder widths with no metadata at all; given to the first cars of each dealership in the
 * search's order, and answered only for the names a car's photo list holds.
 */
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import express from 'express';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readCatalogue, readInventorySites } from '../../../demo/defaults.ts';
import {
  CAMERA_CARS_PER_DEALERSHIP,
  CAMERA_PHOTOS_OF_FIRST,
} from '../../../demo/inventory/camera-cars.ts';
import { demoStock } from '../../../demo/inventory/load.ts';
import { CAMERA_GPS, CAMERA_SIZE } from '../../../demo/photos/camera.ts';
import { CAMERA_PHOTO_FILE, CameraPhotos } from '../../../demo/photos/camera-photos.ts';
import { demoPhotos } from '../../../demo/photos/router.ts';
import { placeholderColour } from '../../../engine/assets/photo-ladder.ts';
import { STORED_MAX_EDGE } from '../../../engine/assets/photo-pipeline.ts';
import type { Car } from '../../../schemas/types.gen.ts';
import { listenLocally, type Listening } from '../listen.ts';

const sitesDir = join(import.meta.dirname, '../../../sites');
const NOW = Date.UTC(2025, 5, 15);

/** The GPS latitude reference an EXIF block holds (its GPS IFD's tag 1), or undefined. */
function gpsLatitudeRef(exif: Buffer | undefined): string | undefined {
  if (!exif) return undefined;
  const tiff = exif.subarray(exif.indexOf('Exif\0\0') + 6);
  const le = tiff.toString('latin1', 0, 2) === 'II';
  const u16 = (at: number) => (le ? tiff.readUInt16LE(at) : tiff.readUInt16BE(at));
  const u32 = (at: number) => (le ? tiff.readUInt32LE(at) : tiff.readUInt32BE(at));
  const entry = (ifd: number, tag: number) => {
    for (let i = 0, n = u16(ifd); i < n; i++)
      if (u16(ifd + 2 + i * 12) === tag) return ifd + 2 + i * 12;
    return undefined;
  };
  const gps = entry(u32(4), 0x8825);
  const ref = gps === undefined ? undefined : entry(u32(gps + 8), 1);
  return ref === undefined ? undefined : tiff.toString('latin1', ref + 8, ref + 9);
}

let dir: string;
let cars: Car[];
let listening: Listening | undefined;
let base: string;

beforeAll(async () => {
  // `.data/`, as `npm start` lays it out: the served files sit below a dot-folder.
  dir = join(mkdtempSync(join(tmpdir(), 'forecourt-camera-')), '.data');
  cars = demoStock({ count: 600, now: NOW })({
    catalogue: readCatalogue(sitesDir),
    sites: readInventorySites(sitesDir),
  });
  const byId = new Map(cars.map((c) => [String(c.id), c]));
  const app = express().use(
    '/assets',
    demoPhotos(dir)((id) => byId.get(id)),
  );
  listening = await listenLocally(app);
  base = listening.base;
});

afterAll(async () => {
  await listening?.close();
  rmSync(join(dir, '..'), { recursive: true, force: true });
});

const cameraPhotos = (car: Car) => car.images.filter((i) => i.url.endsWith('.jpg'));

describe('demo camera photos', { timeout: 120_000 }, () => {
  it('go to the first cars of each dealership in the search order: the first gets several, the next its first', () => {
    const dealerships = new Set(cars.map((c) => c.dealership_id));
    for (const id of dealerships) {
      const ranked = cars
        .filter((c) => c.dealership_id === id && c.photos_count > 0 && c.show_on_dealer_website)
        .filter((c) => !c.sold)
        .sort((a, b) => b.custom_rank - a.custom_rank || a.id - b.id);
      const counts = ranked.map((c) => cameraPhotos(c).length);
      expect(counts.slice(0, CAMERA_CARS_PER_DEALERSHIP), `dealership ${id}`).toEqual([
        Math.min(CAMERA_PHOTOS_OF_FIRST, ranked[0].photos_count),
        ...Array(CAMERA_CARS_PER_DEALERSHIP - 1).fill(1),
      ]);
      expect(counts.slice(CAMERA_CARS_PER_DEALERSHIP).every((n) => n === 0)).toBe(true);
      // Every list of the car names the same photos.
      const first = ranked[0];
      expect(first.thumbnails).toEqual(first.images.map((i) => i.url));
      expect(first.primary_image_url).toBe(first.images[0].url);
    }
  });

  it('are generated once as 4032 × 3024 JPEGs with an orientation and a GPS position, and served with no metadata at ladder widths', async () => {
    const car = cars.find((c) => cameraPhotos(c).length > 1)!;
    const url = car.images[0].url;
    const name = url.split('/').pop()!;
    expect(name).toMatch(CAMERA_PHOTO_FILE);
    expect(placeholderColour(url)).toMatch(/^#[0-9a-f]{6}$/);
    const first = await fetch(`${base}${url}?w=800`, { headers: { Accept: 'image/jpeg' } });
    expect(first.status).toBe(200);
    expect(first.headers.get('vary')).toBe('Accept');

    const photos = new CameraPhotos(dir);
    const original = readFileSync(photos.originalFile(name));
    const made = await sharp(original).metadata();
    expect(made).toMatchObject({ format: 'jpeg', ...CAMERA_SIZE, orientation: 1 });
    expect(gpsLatitudeRef(made.exif)).toBe(CAMERA_GPS.GPSLatitudeRef);

    const stored = await sharp(photos.storedFile(name)).metadata();
    expect({ width: stored.width, exif: stored.exif }).toEqual({
      width: STORED_MAX_EDGE,
      exif: undefined,
    });
    for (const [accept, format] of [
      ['image/avif,image/webp,*/*', 'heif'],
      ['image/webp,*/*', 'webp'],
      ['image/jpeg', 'jpeg'],
    ] as const) {
      const res = await fetch(`${base}${url}?w=480`, { headers: { Accept: accept } });
      const served = await sharp(Buffer.from(await res.arrayBuffer())).metadata();
      expect({ format: served.format, width: served.width, exif: served.exif }).toEqual({
        format,
        width: 480,
        exif: undefined,
      });
      expect(gpsLatitudeRef(served.exif)).toBeUndefined();
    }
    // Made once: asked again (another width), the original is not made again.
    const madeAt = statSync(photos.originalFile(name)).mtimeMs;
    expect((await fetch(`${base}${url}?w=320`)).status).toBe(200);
    expect(statSync(photos.originalFile(name)).mtimeMs).toBe(madeAt);
  });

  it('are answered only for the names a car shows', async () => {
    const withCamera = cars.find((c) => cameraPhotos(c).length > 0)!;
    const without = cars.find((c) => c.photos_count > 0 && cameraPhotos(c).length === 0)!;
    const name = withCamera.images[0].url.split('/').pop()!;
    expect((await fetch(`${base}/assets/cars/${without.id}/${name}`)).status).toBe(404);
    const other = name.replace(/^1-[0-9a-f]{12}/, '1-000000000000');
    expect((await fetch(`${base}/assets/cars/${withCamera.id}/${other}`)).status).toBe(404);
    // The drawn photos of the same car are still there.
    expect((await fetch(`${base}/assets/cars/${without.id}/1.svg?w=320`)).status).toBe(200);
  });
});
