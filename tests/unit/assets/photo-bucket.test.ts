/**
 * Photos in an S3-compatible bucket (docs/deploy.md, "Photos in a bucket"): two servers, each
 * with a data folder of its own, and one bucket (s3rver, started here, behind a proxy that
 * counts requests and can hang). A feed photo imported through one and an image uploaded
 * through one are served by the other; a derivative one made is fetched by the other, not made
 * again; a bucket that hangs gets a bounded answer: 503 where the bucket holds the only copy,
 * the photo made here where this server has the original.
 */
import express, { type RequestHandler } from 'express';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  bucketConfigFromEnv,
  DEFAULT_BUCKET_TIMEOUT_MS,
  DOWN_SECONDS,
  photoStoreFromEnv,
} from '../../../engine/assets/photo-bucket.ts';
import { PhotoDerivatives } from '../../../engine/assets/photo-serve.ts';
import {
  FolderPhotoStore,
  PHOTO_KEYS,
  type PhotoStore,
} from '../../../engine/assets/photo-store.ts';
import { photoFetcher, photoStore } from '../../../engine/inventory/import/photos.ts';
import { stockPhotosRouter } from '../../../engine/inventory/stock-photos.ts';
import { createAssetLibraryRouter, UPLOAD_STORE_DOWN } from '../../../engine/server/assets-api.ts';
import { SiteRepo } from '../../../engine/server/site-repo.ts';
import { cameraJpeg } from './fixtures/photos.ts';
import { LOCAL_KEY, startLocalBucket, type LocalBucket } from './fixtures/local-bucket.ts';

/**
 * Below the 2 s default, so the hanging bucket's test is quick, yet long enough for the SDK's
 * first request (it loads its signer and parsers then) on a busy machine.
 */
const TIMEOUT_MS = 1500;

/** An image staff upload: a plain JPEG made with sharp. */
const SMALL = { width: 900, height: 600, channels: 3, background: '#1d6fb8' } as const;

interface Instance {
  base: string;
  dataDir: string;
  store: PhotoStore;
  derivatives: PhotoDerivatives;
  server: Server;
}

let dir: string;
let bucket: LocalBucket;
let a: Instance;
let b: Instance;
let feedDir: string;

async function startInstance(name: string): Promise<Instance> {
  const root = join(dir, name);
  const dataDir = join(root, '.data');
  const sitesDir = join(root, 'sites');
  mkdirSync(sitesDir, { recursive: true });
  writeFileSync(join(sitesDir, 'demo-motors.json'), '{}\n');
  const repo = SiteRepo.open(sitesDir);
  const store = photoStoreFromEnv(dataDir, bucket.env(TIMEOUT_MS));
  const derivatives = new PhotoDerivatives({
    dir: join(dataDir, 'cache', 'photos'),
    maxBytes: 64 * 1024 * 1024,
    store,
  });
  const staff: RequestHandler = (req, res, next) =>
    req.get('authorization') === 'Bearer staff'
      ? next()
      : res.status(403).json({ error: 'staff only' });
  const app = express()
    .use('/assets', stockPhotosRouter(dataDir, derivatives))
    .use(createAssetLibraryRouter({ repo, staff, derivatives }));
  const server = await new Promise<Server>((resolve) => {
    const s = app.listen(0, '127.0.0.1', () => resolve(s));
  });
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { base, dataDir, store, derivatives, server };
}

/**
 * A feed photo imported through `into`, as the import does it; its served address. `fromEnv`:
 * with the store the import finds by itself, from FORECOURT_S3_* (as `npm run import:inventory` runs).
 */
async function importPhoto(
  into: Instance,
  file: string,
  seed: number,
  fromEnv = false,
): Promise<string> {
  writeFileSync(join(feedDir, file), await cameraJpeg(seed));
  const fetcher = photoFetcher({ baseDir: feedDir });
  const photos = fromEnv
    ? photoStore(into.dataDir, fetcher, {})
    : photoStore(into.dataDir, fetcher, {}, true, into.store);
  const url = await photos.resolve(file);
  await photos.commit();
  return url;
}

const get = async (instance: Instance, url: string, accept: string, auth?: string) => {
  const started = performance.now();
  const res = await fetch(instance.base + url, {
    headers: { Accept: accept, ...(auth ? { Authorization: auth } : {}) },
  });
  const bytes = Buffer.from(await res.arrayBuffer());
  return { res, bytes, ms: performance.now() - started };
};

const requestsFor = (method: string, key: string) =>
  bucket.requests.filter((r) => r === `${method} /${bucket.bucket}/${key}`).length;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'forecourt-bucket-test-'));
  feedDir = join(dir, 'feed');
  mkdirSync(feedDir);
  bucket = await startLocalBucket();
  a = await startInstance('a');
  b = await startInstance('b');
}, 60_000);

afterAll(async () => {
  for (const instance of [a, b]) await new Promise((r) => instance?.server.close(r));
  await bucket?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('choosing the store', () => {
  it('is the data folder unless FORECOURT_S3_BUCKET is set', () => {
    const folder = photoStoreFromEnv(dir, {});
    expect(folder).toBeInstanceOf(FolderPhotoStore);
    expect(folder.shared).toBe(false);
    expect(bucketConfigFromEnv({ FORECOURT_S3_BUCKET: ' ' })).toBeUndefined();
  });

  it('reads the bucket, its address, prefix and time limit from FORECOURT_S3_*', () => {
    expect(
      bucketConfigFromEnv({
        FORECOURT_S3_BUCKET: 'dealer-photos',
        FORECOURT_S3_PREFIX: '/forecourt',
        FORECOURT_S3_FORCE_PATH_STYLE: 'true',
      }),
    ).toEqual({
      bucket: 'dealer-photos',
      endpoint: undefined,
      region: 'us-east-1',
      accessKeyId: undefined,
      secretAccessKey: undefined,
      forcePathStyle: true,
      prefix: 'forecourt/',
      timeoutMs: DEFAULT_BUCKET_TIMEOUT_MS,
    });
    expect(bucketConfigFromEnv(bucket.env(TIMEOUT_MS))).toMatchObject({
      endpoint: bucket.endpoint,
      forcePathStyle: true,
      timeoutMs: TIMEOUT_MS,
    });
  });
});

describe('two servers, one bucket', () => {
  it('serves a photo imported through the other server, stored in the bucket once', async () => {
    for (const [name, value] of Object.entries(bucket.env(TIMEOUT_MS))) vi.stubEnv(name, value!);
    let url = '';
    try {
      url = await importPhoto(a, 'ranger.jpg', 0, true);
    } finally {
      vi.unstubAllEnvs();
    }
    const name = url.split('/').pop()!;
    expect(requestsFor('PUT', PHOTO_KEYS.stock(name))).toBe(1);
    // The same photo in a later import is found there, not sent again.
    await importPhoto(a, 'ranger-again.jpg', 0);
    expect(requestsFor('PUT', PHOTO_KEYS.stock(name))).toBe(1);

    const { res, bytes } = await get(b, `${url}?w=480`, 'image/avif,image/webp,*/*');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/avif');
    expect(res.headers.get('vary')).toBe('Accept');
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect((await sharp(bytes).metadata()).width).toBe(480);
    expect(existsSync(join(b.dataDir, PHOTO_KEYS.stock(name)))).toBe(false);
    expect((await get(b, '/assets/stock/nowhere-0123456789ab.jpg', 'image/*')).res.status).toBe(
      404,
    );
  });

  it('fetches a derivative the other server made rather than making it again', async () => {
    const url = await importPhoto(a, 'ranger-side.jpg', 6);
    const name = url.split('/').pop()!;
    const made = await get(a, `${url}?w=640`, 'image/webp');
    expect(made.res.headers.get('content-type')).toBe('image/webp');
    await a.derivatives.shared();
    const key = PHOTO_KEYS.derivative(`${name.replace(/\.jpg$/, '')}-w640.webp`);
    expect(requestsFor('PUT', key)).toBe(1);

    bucket.requests.length = 0;
    const fetched = await get(b, `${url}?w=640`, 'image/webp');
    expect(fetched.res.status).toBe(200);
    expect(fetched.res.headers.get('content-type')).toBe('image/webp');
    expect(fetched.bytes.equals(made.bytes)).toBe(true);
    expect(requestsFor('GET', key)).toBe(1);
    // Not made again: its original was never read, nor the derivative put back.
    expect(requestsFor('GET', PHOTO_KEYS.stock(name))).toBe(0);
    expect(bucket.requests.filter((r) => r.startsWith('PUT '))).toEqual([]);
    // Kept in front: asked again, the bucket is not asked.
    await get(b, `${url}?w=640`, 'image/webp');
    expect(requestsFor('GET', key)).toBe(1);
  });

  it("serves an image uploaded through the other server to staff, as a draft's image", async () => {
    const upload = await sharp({ create: SMALL }).jpeg().toBuffer();
    const posted = await fetch(`${a.base}/api/editor/sites/demo-motors/assets?name=Showroom.jpg`, {
      method: 'POST',
      headers: { Authorization: 'Bearer staff', 'Content-Type': 'application/octet-stream' },
      body: new Uint8Array(upload),
    });
    expect(posted.status).toBe(201);
    const { asset } = (await posted.json()) as { asset: { name: string; url: string } };
    expect(requestsFor('PUT', PHOTO_KEYS.upload('demo-motors', asset.name))).toBe(1);

    const staff = await get(b, `${asset.url}?w=160`, 'image/jpeg', 'Bearer staff');
    expect(staff.res.status).toBe(200);
    expect(staff.res.headers.get('cache-control')).toBe('private, no-store');
    expect((await sharp(staff.bytes).metadata()).width).toBe(160);
    // Not published anywhere yet: a visitor is not given it.
    expect((await get(b, asset.url, 'image/jpeg')).res.status).toBe(403);
  });
});

describe('a bucket that hangs', () => {
  it('answers in bounded time: 503 where the bucket has the only copy, the photo where this server has it', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      const url = await importPhoto(a, 'ranger-rear.jpg', 3);
      bucket.hang = true;
      // Far below the test's own limit: without the time limit the answer would never come.
      const bound = TIMEOUT_MS + 4000;

      const onlyThere = await get(b, `${url}?w=320`, 'image/webp');
      expect(onlyThere.res.status).toBe(503);
      expect(onlyThere.res.headers.get('retry-after')).toBe(String(DOWN_SECONDS));
      expect(onlyThere.res.headers.get('cache-control')).toBe('no-store');
      expect(onlyThere.ms).toBeLessThan(bound);
      // Known down: the next request does not ask it again, so it does not wait for it.
      const asked = bucket.requests.length;
      const again = await get(b, `${url}?w=480`, 'image/webp');
      expect(again.res.status).toBe(503);
      expect(bucket.requests.length).toBe(asked);

      const here = await get(a, `${url}?w=320`, 'image/webp');
      expect(here.res.status).toBe(200);
      expect(here.res.headers.get('content-type')).toBe('image/webp');
      expect(here.ms).toBeLessThan(bound);

      const posted = await fetch(`${a.base}/api/editor/sites/demo-motors/assets?name=x.jpg`, {
        method: 'POST',
        headers: { Authorization: 'Bearer staff' },
        body: new Uint8Array(await sharp({ create: SMALL }).jpeg().toBuffer()),
      });
      expect(posted.status).toBe(503);
      expect(await posted.json()).toEqual({ error: UPLOAD_STORE_DOWN });

      expect(logged).toHaveBeenCalled();
      for (const call of logged.mock.calls) expect(String(call)).not.toContain(LOCAL_KEY.secret);
    } finally {
      bucket.hang = false;
      logged.mockRestore();
    }
  }, 30_000);
});
