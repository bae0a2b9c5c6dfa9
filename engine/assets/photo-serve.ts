/**
 * Stored photos served at the width a page asks for (docs/cars.md, "Photos"): `?w=` snapped
 * to the ladder (photo-ladder.ts), AVIF or WebP when the browser's `Accept` names it, else
 * JPEG (PNG for a photo with transparency), `Vary: Accept`. Each derivative is made once, with
 * sharp (its work runs on libuv's threads, never the server's), at most MAX_MAKING at a time
 * so a burst of new photos cannot take the machine's memory, and kept on disk: a bounded
 * folder, least recently used out first. Names are content-addressed, so a derivative never
 * changes and the same name is the same picture on every server. With a shared store (a bucket,
 * photo-bucket.ts) a derivative one server made is fetched by the others rather than made again,
 * and one made here is put there after it is served; the folder stays as a small cache in front.
 */
import type { Request, Response } from 'express';
import { LRUCache } from 'lru-cache';
import {
  existsSync,
  mkdirSync,
  readdirSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadSharp } from './sharp.ts';
import { snapWidth } from './photo-ladder.ts';
import { MAX_PHOTO_PIXELS } from './photo-pipeline.ts';
import { PHOTO_KEYS, PhotoStoreDown, type PhotoStore } from './photo-store.ts';

export type PhotoFormat = 'avif' | 'webp' | 'jpeg' | 'png';

export const PHOTO_TYPES: Record<PhotoFormat, string> = {
  avif: 'image/avif',
  webp: 'image/webp',
  jpeg: 'image/jpeg',
  png: 'image/png',
};

/** Derivatives made at once, per server: each holds a decoded photo (up to about 20 MB). */
export const MAX_MAKING = 2;

/**
 * The formats a page's first photos are made in ahead (premake), in the order browsers are
 * served them: AVIF (Chromium, Firefox, Safari 16+), WebP, then JPEG.
 */
export const PREMADE_FORMATS: readonly PhotoFormat[] = ['avif', 'webp', 'jpeg'];

/** The disk the derivatives may take by default (FORECOURT_PHOTO_CACHE_MB). */
export const DEFAULT_CACHE_MB = 1024;

/** The format for a browser's `Accept` header (a photo with transparency falls back to PNG). */
export function negotiate(accept: string | undefined, alpha = false): PhotoFormat {
  const types = (accept ?? '')
    .toLowerCase()
    .split(',')
    .filter((part) => !/;\s*q=0(?:\.0*)?\s*(?:;|$)/.test(part))
    .map((part) => part.split(';')[0].trim());
  if (types.includes('image/avif')) return 'avif';
  if (types.includes('image/webp')) return 'webp';
  return alpha ? 'png' : 'jpeg';
}

/**
 * Where a stored photo's original is: a file, or bytes read on demand (a draft's image in git, an
 * original in the bucket; undefined when it has none).
 */
export type PhotoSource = { name: string } & (
  { file: string } | { read: () => Buffer | Promise<Buffer | undefined> }
);

/** A photo's original that is nowhere (answered 404). */
export class PhotoMissing extends Error {}

const formatOfType = (type: string | undefined): PhotoFormat | undefined =>
  (Object.keys(PHOTO_TYPES) as PhotoFormat[]).find((f) => PHOTO_TYPES[f] === type);

async function makeDerivative(
  source: PhotoSource,
  width: number,
  accept: string | undefined,
): Promise<{ bytes: Buffer; format: PhotoFormat }> {
  const input = 'file' in source ? source.file : await source.read();
  if (!input) throw new PhotoMissing(source.name);
  const options = { limitInputPixels: MAX_PHOTO_PIXELS, failOn: 'error' as const };
  const sharp = await loadSharp();
  const { hasAlpha } = await sharp(input, options).metadata();
  const format = negotiate(accept, hasAlpha);
  // rotate(): photos stored before the pipeline may still carry an EXIF orientation.
  const image = sharp(input, options).rotate().resize({ width, withoutEnlargement: true });
  const encoded =
    format === 'avif'
      ? image.avif({ quality: 50, effort: 2 })
      : format === 'webp'
        ? image.webp({ quality: 72 })
        : format === 'png'
          ? image.png({ compressionLevel: 9 })
          : image.jpeg({ quality: 78, progressive: true });
  return { bytes: await encoded.toBuffer(), format };
}

export interface PhotoCacheOptions {
  dir: string;
  /** Most bytes kept on disk. */
  maxBytes: number;
  /** Where the originals are; a shared one (a bucket) keeps derivatives too. Default: none shared. */
  store?: PhotoStore;
}

export class PhotoDerivatives {
  readonly dir: string;
  readonly store: PhotoStore | undefined;
  private readonly kept: LRUCache<string, number>;
  private readonly making = new Map<string, Promise<string>>();
  private running = 0;
  private readonly waiting: (() => void)[] = [];
  private readonly sharing = new Set<Promise<void>>();
  private makings = 0;

  constructor({ dir, maxBytes, store }: PhotoCacheOptions) {
    this.dir = dir;
    this.store = store;
    mkdirSync(dir, { recursive: true });
    this.kept = new LRUCache<string, number>({
      maxSize: maxBytes,
      sizeCalculation: (size) => Math.max(1, size),
      dispose: (_size, file, reason) => {
        if (reason !== 'set') rmSync(join(this.dir, file), { force: true });
      },
    });
    // What an earlier run left, oldest use first, so it is the first to go.
    const found = readdirSync(dir)
      .filter((file) => !file.startsWith('.'))
      .map((file) => ({ file, stat: statSync(join(dir, file)) }))
      .sort((a, b) => a.stat.atimeMs - b.stat.atimeMs);
    for (const { file, stat } of found) this.kept.set(file, stat.size);
  }

  /** Derivatives this cache has encoded itself (not found kept, nor fetched from the shared store). */
  get made(): number {
    return this.makings;
  }

  /** Bytes kept on disk now. */
  get size(): number {
    return this.kept.calculatedSize;
  }

  private async slot<T>(work: () => Promise<T>): Promise<T> {
    if (this.running >= MAX_MAKING) await new Promise<void>((go) => this.waiting.push(go));
    this.running++;
    try {
      return await work();
    } finally {
      this.running--;
      this.waiting.shift()?.();
    }
  }

  /** Waits for the derivatives still being put in the shared store (tests; a server stopping). */
  async shared(): Promise<void> {
    await Promise.all([...this.sharing]);
  }

  private keep(file: string, bytes: Buffer): void {
    const temporary = join(this.dir, `.${file}.${process.pid}`);
    writeFileSync(temporary, bytes);
    renameSync(temporary, join(this.dir, file));
    this.kept.set(file, bytes.length);
  }

  /** The derivative another server put in the shared store, kept here too; undefined when there is none (or the store fails). */
  private async fetchShared(key: string, base: string, width: number): Promise<string | undefined> {
    if (!this.store?.shared) return undefined;
    const found = await this.store.get(PHOTO_KEYS.derivative(key)).catch((err: unknown) => {
      if (err instanceof PhotoStoreDown) return undefined;
      throw err;
    });
    const format = formatOfType(found?.type);
    if (!found || !format) return undefined;
    const file = `${base}-w${width}.${format}`;
    this.keep(file, found.bytes);
    return file;
  }

  /** Puts a derivative made here in the shared store, after the visitor has it (a failure is logged there). */
  private share(key: string, bytes: Buffer, format: PhotoFormat): void {
    if (!this.store?.shared) return;
    const put = this.store
      .put(PHOTO_KEYS.derivative(key), bytes, PHOTO_TYPES[format])
      .catch(() => undefined)
      .finally(() => this.sharing.delete(put));
    this.sharing.add(put);
  }

  /** The derivative's file (made now if it is not kept) and its format. */
  async get(
    source: PhotoSource,
    width: number,
    accept: string | undefined,
  ): Promise<{ file: string; format: PhotoFormat }> {
    const base = source.name.replace(/\.[^.]*$/, '');
    // The format depends on Accept and on whether the photo has transparency; both fallbacks are tried.
    const wanted = negotiate(accept);
    const candidates = wanted === 'jpeg' ? (['jpeg', 'png'] as const) : [wanted];
    for (const format of candidates) {
      const file = `${base}-w${width}.${format}`;
      if (this.kept.get(file) === undefined) continue;
      // Another process sharing the folder may have removed it (the demo's photos: demo/photos/camera-photos.ts).
      if (existsSync(join(this.dir, file))) return { file: join(this.dir, file), format };
      this.kept.delete(file);
    }
    // The shared store's key: one per width and asked-for format (a PNG when the photo has transparency).
    const key = `${base}-w${width}.${wanted}`;
    let pending = this.making.get(key);
    if (!pending) {
      pending = (async () => {
        const fetched = await this.fetchShared(key, base, width);
        if (fetched) return fetched;
        return this.slot(async () => {
          const made = await makeDerivative(source, width, accept);
          this.makings++;
          const file = `${base}-w${width}.${made.format}`;
          this.keep(file, made.bytes);
          this.share(key, made.bytes, made.format);
          return file;
        });
      })().finally(() => this.making.delete(key));
      this.making.set(key, pending);
    }
    const file = await pending;
    return { file: join(this.dir, file), format: file.endsWith('.png') ? 'png' : wanted };
  }

  /**
   * Makes, before any visitor asks, the derivatives a page's first screen asks for (each of
   * `widths`, snapped to the ladder, in each of `formats`; those kept are skipped), so its main
   * photo is never encoded while a visitor waits (an AVIF of 1,280 px takes 0.5 to 1.3 s; docs/cars.md,
   * "Photos"). Through the same two making slots as requests, one derivative after another.
   */
  async premake(
    source: PhotoSource,
    widths: readonly number[],
    formats: readonly PhotoFormat[] = PREMADE_FORMATS,
  ): Promise<void> {
    for (const format of formats)
      for (const width of new Set(widths.map(snapWidth)))
        await this.get(source, width, PHOTO_TYPES[format]);
  }

  /** Removes the kept derivatives whose file name passes `test` (a photo no longer shown). */
  removeWhere(test: (file: string) => boolean): void {
    for (const file of [...this.kept.keys()]) if (test(file)) this.kept.delete(file);
  }
}

const caches = new Map<string, PhotoDerivatives>();

/**
 * The derivatives kept under `{dataDir}/cache/photos` (one per folder in a process), with the
 * store the originals are in (the first call for a folder sets it).
 */
export function photoDerivatives(dataDir?: string, store?: PhotoStore): PhotoDerivatives {
  const dir = join(dataDir ?? join(tmpdir(), `forecourt-${process.pid}`), 'cache', 'photos');
  let cache = caches.get(dir);
  if (!cache) {
    const mb = Number(process.env.FORECOURT_PHOTO_CACHE_MB ?? DEFAULT_CACHE_MB);
    cache = new PhotoDerivatives({
      dir,
      store,
      maxBytes: (Number.isFinite(mb) && mb > 0 ? mb : DEFAULT_CACHE_MB) * 1024 * 1024,
    });
    caches.set(dir, cache);
  }
  return cache;
}

/**
 * Answers with the photo at the width and in the format the request asks for. `cacheControl`
 * is the caller's (a published photo is immutable; a draft's is private).
 */
export async function sendPhoto(
  req: Request,
  res: Response,
  source: PhotoSource,
  cache: PhotoDerivatives,
  cacheControl: string,
): Promise<void> {
  const accept = req.get('accept');
  let made: { file: string; format: PhotoFormat };
  try {
    made = await cache.get(source, snapWidth(req.query.w), accept);
  } catch (err) {
    if (err instanceof PhotoStoreDown) return storeDown(res, err);
    res.status(404).type('text/plain').send('This photo could not be read');
    return;
  }
  res.setHeader('Vary', 'Accept');
  res.setHeader('Content-Type', PHOTO_TYPES[made.format]);
  res.setHeader('X-Content-Type-Options', 'nosniff');
  res.setHeader('Cache-Control', cacheControl);
  res.setHeader(
    'Content-Security-Policy',
    "default-src 'none'; style-src 'unsafe-inline'; sandbox",
  );
  // The derivative cache sits in the data folder, `.data/` by default: send's default refuses a
  // path with a dot-folder in it. The file name is the cache's own, never the request's.
  res.sendFile(made.file, { dotfiles: 'allow' });
}

/** The store holding the only copy failed or hung: the visitor's browser may try again soon. */
export function storeDown(res: Response, err: PhotoStoreDown): void {
  res
    .status(503)
    .setHeader('Retry-After', String(err.retryAfter))
    .setHeader('Cache-Control', 'no-store')
    .type('text/plain')
    .send('This photo cannot be fetched just now; try again shortly');
}
