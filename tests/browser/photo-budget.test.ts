/**
 * Real-size photos on a phone (docs/cars.md, "Photos" and "Demo photos"): a car page and a
 * search page whose cars carry the demo's 4032 × 3024 camera originals fetch at most 150 KB
 * of images for their first screen on a 390 px phone, through the photo pipeline (ladder
 * widths, AVIF/WebP). The photos are made in the background from the server's start; the test
 * waits for the page's, then measures the page in a fresh browser context.
 */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { join } from 'node:path';
import sharp from 'sharp';
import { CAMERA_PHOTO_DIR } from '../../demo/photos/camera-photos.ts';
import { CAMERA_SIZE } from '../../demo/photos/camera.ts';
import {
  CAMERA_PHOTO_PATH,
  cameraCarOf,
  FIRST_SCREEN_IMAGE_BUDGET,
  firstScreenImages,
  waitForCameraPhotos,
} from '../../scripts/bench/first-screen-images.ts';
import { launch } from './chromium.ts';

const base = inject('baseURL');
const SITE = 'gold-coast-ford';
let browser: Browser;

beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

describe('first-screen photos on a 390 px phone', () => {
  it.each([
    ['search', async () => '/search/new-used-and-demo-cars'],
    ['car', async () => `/cars/${await cameraCarOf(base, SITE)}`],
  ])(
    'the %s page, its cars with 4032 × 3024 originals, fetches at most 150 KB of images',
    async (_kind, path) => {
      const url = `${base}/sites/${SITE}${await path()}`;
      await waitForCameraPhotos(url);
      const { bytes, images } = await firstScreenImages(browser, url);
      const camera = images.filter((i) => CAMERA_PHOTO_PATH.test(i.path.split('?')[0]));
      expect(camera.length, images.map((i) => i.path).join('\n')).toBeGreaterThan(0);
      for (const photo of camera) {
        const name = photo.path.split('?')[0].split('/').pop()!;
        const original = await sharp(join(CAMERA_PHOTO_DIR, 'originals', name)).metadata();
        expect({ width: original.width, height: original.height }).toEqual(CAMERA_SIZE);
        // Sized for the layout and in a modern format, never the original.
        expect(photo.path).toMatch(/\?w=\d+$/);
        expect(photo.type).toMatch(/^image\/(avif|webp)$/);
      }
      const listing = images.map((i) => `${i.path} ${kb(i.bytes)}`).join('\n');
      expect(bytes, `${kb(bytes)}:\n${listing}`).toBeLessThanOrEqual(FIRST_SCREEN_IMAGE_BUDGET);
    },
    // Waits for the photos to be made (a couple of seconds each on a busy machine).
    300_000,
  );
});
