/**
 * The demo's camera photos folder stays bounded and stable (docs/cars.md, "Demo photos"): the
 * same cars get camera photos whatever the day; a starting server removes the photos its stock
 * does not show (and their sizes) once every dealership's cars are made, keeping those another
 * server used within UNUSED_KEPT_MS; with a bucket, a photo one server made is taken from there
 * by another (no original made again), and so are its sizes.
 */
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  rmSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readCatalogue, readInventorySites } from '../../../demo/defaults.ts';
import {
  CameraPhotoUse,
  chooseCameraPhotos,
  type CameraPhoto,
} from '../../../demo/inventory/camera-cars.ts';
import { demoStock } from '../../../demo/inventory/load.ts';
import {
  cameraPhotoKey,
  CameraPhotos,
  UNUSED_KEPT_MS,
} from '../../../demo/photos/camera-photos.ts';
import { photoStoreFromEnv } from '../../../engine/assets/photo-bucket.ts';
import type { Car } from '../../../schemas/types.gen.ts';
import { startLocalBucket, type LocalBucket } from '../assets/fixtures/local-bucket.ts';

const sitesDir = join(import.meta.dirname, '../../../sites');
const DAY = 24 * 60 * 60 * 1000;
const NOW = Date.UTC(2025, 5, 15);

const stocks = new Map<number, Car[]>();
const stockOn = (now: number) => {
  if (!stocks.has(now))
    stocks.set(
      now,
      demoStock({ count: 300, now, cameraPhotos: false })({
        catalogue: readCatalogue(sitesDir),
        sites: readInventorySites(sitesDir),
      }),
    );
  return stocks.get(now)!;
};

let dir: string;
beforeAll(() => {
  dir = join(mkdtempSync(join(tmpdir(), 'forecourt-camera-folder-')), '.data');
});
afterAll(() => rmSync(join(dir, '..'), { recursive: true, force: true }));

describe('the choice of cars', { timeout: 60_000 }, () => {
  it('is the same whatever the day the server starts', () => {
    const names = (cars: Car[]) =>
      chooseCameraPhotos(cars)
        .chosen.map((p) => `${p.car.id}/${p.name}`)
        .sort();
    const today = names(stockOn(NOW));
    expect(today.length).toBeGreaterThan(0);
    expect(names(stockOn(NOW + 40 * DAY))).toEqual(today);
  });
});

describe('the photos a server shows', () => {
  const photo = (name: string) => ({ name }) as CameraPhoto;

  it('are known once every dealership it started with is made, and only then', () => {
    const calls: string[][] = [];
    const use = new CameraPhotoUse((names) => calls.push([...names].sort()));
    const all = ['north', 'south', 'east'];
    use.record([photo('1-a.jpg')], all, new Set(['north']));
    use.record([photo('1-b.jpg'), photo('2-b.jpg')], all, new Set(['south']));
    expect(calls).toEqual([]);
    use.record([photo('1-c.jpg')], all, new Set(['east']));
    expect(calls).toEqual([['1-a.jpg', '1-b.jpg', '1-c.jpg', '2-b.jpg']]);
    use.record([photo('1-d.jpg')], all);
    expect(calls).toHaveLength(1);
  });
});

describe('pruning the folder', () => {
  it('removes the photos not shown and not used for a day, with their sizes; keeps the others', () => {
    const root = join(dir, 'prune');
    const now = Date.now();
    const old = new Date(now - UNUSED_KEPT_MS - 60_000);
    const files = {
      shown: '1-aaaaaaaaaaaa-ceef1f5.jpg',
      gone: '1-bbbbbbbbbbbb-ceef1f5.jpg',
      recent: '1-cccccccccccc-ceef1f5.jpg',
    };
    mkdirSync(join(root, 'cache', 'photos'), { recursive: true });
    for (const folder of ['originals', 'stored']) {
      mkdirSync(join(root, folder), { recursive: true });
      for (const name of Object.values(files)) writeFileSync(join(root, folder, name), 'x');
      for (const name of [files.shown, files.gone]) utimesSync(join(root, folder, name), old, old);
    }
    for (const name of Object.values(files))
      writeFileSync(join(root, 'cache', 'photos', name.replace('.jpg', '-w800.avif')), 'x');
    const photos = new CameraPhotos(root);
    photos.prune(new Set([files.shown]), now);
    for (const folder of ['originals', 'stored'])
      expect(readdirSync(join(root, folder)).sort()).toEqual([files.shown, files.recent]);
    expect(readdirSync(join(root, 'cache', 'photos')).sort()).toEqual(
      [files.shown, files.recent].map((n) => n.replace('.jpg', '-w800.avif')),
    );
    // The shown photo is marked used now: another server's prune a day on keeps it.
    photos.prune(new Set(), now + UNUSED_KEPT_MS - 60_000);
    expect(existsSync(join(root, 'stored', files.shown))).toBe(true);
  });
});

describe('with a bucket', { timeout: 240_000 }, () => {
  let bucket: LocalBucket;
  beforeAll(async () => {
    bucket = await startLocalBucket('demo-photos');
  });
  afterAll(async () => {
    await bucket?.close();
  });

  it('a photo and its sizes one server made are taken from the bucket by another', async () => {
    const { chosen } = chooseCameraPhotos(stockOn(NOW));
    const { car, n, name } = chosen[0];
    const at = (folder: string) => {
      const root = join(dir, folder);
      return new CameraPhotos(root, photoStoreFromEnv(root, bucket.env(5000)));
    };
    const a = at('server-a');
    await a.ready(car, n, name, [320]);
    await a.derivatives.shared();
    const stored = a.store!;
    expect((await stored.get(cameraPhotoKey(name)))?.bytes.length).toBeGreaterThan(0);

    const b = at('server-b');
    const file = await b.stored(car, n, name);
    expect(existsSync(file)).toBe(true);
    expect(existsSync(b.originalFile(name))).toBe(false);
    await b.ready(car, n, name, [320]);
    expect(b.derivatives.made).toBe(0);
    expect(a.derivatives.made).toBeGreaterThan(0);
  });
});
