/**
 * Imported cars' photos (docs/cars.md, "Stock import"). A feed names photos by URL; each is
 * fetched once through an adapter, checked and cleaned by the platform's image handling
 * (engine/server/asset-check.ts: PNG, JPEG, WebP or a cleaned SVG by its bytes, at most 5 MB)
 * and stored content-addressed under `{dataDir}/stock/photos/`, served at /assets/stock/, and in
 * the shared photo store when there is one (a bucket, docs/deploy.md "Photos in a bucket").
 * The import never hands a visitor a dealer's own address, so a photo server that is slow,
 * gone or hostile never reaches a page.
 *
 * Fetching is an adapter: the default reads data: URLs, files inside the feed's own folder
 * (a relative path, an absolute one or file:, by their real paths: a symlink that leaves
 * the folder is refused) and, only when network fetching is allowed (the CLI; tests with a
 * local server), http(s) under the rules of safe-fetch.ts: public addresses only, after
 * every redirect, an image Content-Type, at most MAX_ASSET_BYTES counted as it streams.
 */
import { createHash, randomUUID } from 'node:crypto';
import {
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  realpathSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { isAbsolute, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { AssetRefused, checkAsset, MAX_ASSET_BYTES, MESSAGES } from '../../assets/asset-check.ts';
import { ASSET_TYPES, type AssetExt } from '../../assets/asset-rules.ts';
import { configuredPhotoStore } from '../../assets/photo-bucket.ts';
import { PHOTO_KEYS, type PhotoStore as SharedPhotoStore } from '../../assets/photo-store.ts';
import { AddressPolicy } from '../../net/address-policy.ts';
import { fetchSafely, FetchRefused, type Resolved } from './safe-fetch.ts';

/** Where imported photos are served (mounted with stockPhotosRouter, stock-photos.ts). */
export const STOCK_PHOTO_PREFIX = '/assets/stock';

/** Reads a photo's bytes; `check` (when given) says without reading whether it could be (a dry run). */
export type PhotoFetcher = ((url: string) => Promise<Buffer>) & { check?: (url: string) => void };

export interface PhotoFetcherOptions {
  /** The feed's folder: relative paths are read from it, and no file outside it is read. */
  baseDir?: string;
  /** Address a relative path is resolved against (a feed downloaded from the web); needs `network`. */
  baseUrl?: string;
  /** Whether http(s) URLs are downloaded (default false). */
  network?: boolean;
  /** Addresses or subnets downloaded from although not public (tests' local servers); default none. */
  allowAddresses?: readonly string[];
  /** How host names are resolved (default the system's). */
  resolve?: (host: string) => Promise<Resolved[]>;
  /** Longest a download may take, ms. */
  timeoutMs?: number;
}

export const PHOTO_MESSAGES = {
  network: 'is a web address, and this import reads local files only',
  noFolder: 'is a local file, and a feed from the web reads none',
  outside: "is outside the feed's folder",
  notFile: 'is not a plain file',
  scheme: 'is not an http(s), data: or file address, or a path',
  notImage: (type: string) => `was answered as ${JSON.stringify(type || 'no type')}, not an image`,
} as const;

function dataUrlBytes(url: string): Buffer {
  const m = /^data:([^,]*?)(;base64)?,(.*)$/s.exec(url);
  if (!m) throw new Error('is not a valid data: URL');
  return m[2] ? Buffer.from(m[3], 'base64') : Buffer.from(decodeURIComponent(m[3]), 'utf8');
}

/** The real path of a local photo, refused when it is not inside the feed's real folder. */
function localPath(url: string, baseDir: string | undefined): string {
  if (baseDir === undefined) throw new FetchRefused(PHOTO_MESSAGES.noFolder);
  const named = url.startsWith('file:')
    ? fileURLToPath(url)
    : isAbsolute(url)
      ? url
      : resolve(baseDir, url);
  const folder = realpathSync(baseDir);
  const real = realpathSync(named);
  const rel = relative(folder, real);
  if (!rel || rel.startsWith('..') || isAbsolute(rel))
    throw new FetchRefused(PHOTO_MESSAGES.outside);
  return real;
}

export function photoFetcher(options: PhotoFetcherOptions): PhotoFetcher {
  const policy = new AddressPolicy(options.allowAddresses);
  const absolute = (url: string) =>
    options.baseUrl && !/^[a-z][a-z0-9+.-]*:/i.test(url) ? new URL(url, options.baseUrl).href : url;
  const check = (url: string) => {
    if (url.startsWith('data:')) return;
    url = absolute(url);
    if (/^https?:\/\//i.test(url)) {
      if (!options.network) throw new Error(PHOTO_MESSAGES.network);
      return;
    }
    // Anything else with a scheme (ftp:, gopher:, a Windows drive is no feed's) is refused.
    if (/^[a-z][a-z0-9+.-]*:/i.test(url) && !url.startsWith('file:'))
      throw new FetchRefused(PHOTO_MESSAGES.scheme);
    localPath(url, options.baseDir);
  };
  const fetchPhoto = async (url: string) => {
    if (url.startsWith('data:')) return dataUrlBytes(url);
    check(url);
    url = absolute(url);
    if (/^https?:\/\//i.test(url))
      return fetchSafely(url, {
        policy,
        maxBytes: MAX_ASSET_BYTES,
        tooLarge: () => new AssetRefused(413, MESSAGES.tooLarge),
        refuseType: (type) =>
          /^image\//i.test(type.trim())
            ? undefined
            : new AssetRefused(415, PHOTO_MESSAGES.notImage(type)),
        timeoutMs: options.timeoutMs,
        resolve: options.resolve,
      });
    const path = localPath(url, options.baseDir);
    const stat = statSync(path);
    // A FIFO or a device (/dev/zero) would never end.
    if (!stat.isFile()) throw new FetchRefused(PHOTO_MESSAGES.notFile);
    if (stat.size > MAX_ASSET_BYTES) throw new AssetRefused(413, MESSAGES.tooLarge);
    return readFileSync(path);
  };
  return Object.assign(fetchPhoto, { check });
}

/** The key a photo's source is remembered by (long data: URLs by their hash). */
export function photoSourceKey(url: string): string {
  return url.length <= 300 ? url : `sha256:${createHash('sha256').update(url).digest('hex')}`;
}

export const stockPhotoDir = (dataDir: string) => join(dataDir, 'stock', 'photos');

export interface PhotoStore {
  /** The served address of the photo at `url`, fetching and storing it the first time. */
  resolve(url: string): Promise<string>;
  /** Source key → served address of every photo resolved (kept in the stock file). */
  known: Record<string, string>;
  /**
   * Puts the photos this import stored where they are served (before the stock file naming them
   * is written): the shared store first, when there is one, so no server is told of a photo it
   * cannot find; a store that fails refuses the import (PhotoStoreDown).
   */
  commit(): Promise<void>;
  /** Forgets the photos this import stored (an import refused for a bad row leaves nothing behind). */
  discard(): void;
  /** New photos a dry run did not fetch. */
  notFetched: number;
}

/** What a dry run's cars show for a photo it did not fetch. */
export const NOT_FETCHED_PHOTO = `${STOCK_PHOTO_PREFIX}/not-fetched-in-a-dry-run.svg`;

/**
 * Photos resolved against what earlier imports stored (`known`); with `write: false`
 * (a dry run) a new photo is not fetched at all (a dry run keeps nothing, so it reaches out
 * to nothing): its address is only checked as one the import could fetch (`check`), and it
 * is counted in `notFetched`. New photos wait in a folder of
 * this import's own until `commit`, so an import that applies nothing leaves nothing, and no
 * other import takes up a photo this one may still drop.
 */
export function photoStore(
  dataDir: string,
  fetchPhoto: PhotoFetcher,
  known: Record<string, string>,
  write = true,
  shared: SharedPhotoStore = configuredPhotoStore(dataDir),
): PhotoStore {
  const out: Record<string, string> = { ...known };
  const dir = stockPhotoDir(dataDir);
  const pending = join(dir, `.import-${randomUUID()}`);
  const dropPending = () => rmSync(pending, { recursive: true, force: true });
  const store: PhotoStore = {
    known: out,
    notFetched: 0,
    async resolve(url) {
      const key = photoSourceKey(url);
      if (out[key]) return out[key];
      if (!write) {
        fetchPhoto.check?.(url);
        store.notFetched++;
        return NOT_FETCHED_PHOTO;
      }
      const bytes = await fetchPhoto(url);
      const name = url.startsWith('data:')
        ? 'photo'
        : (url.split(/[?#]/)[0].split('/').pop() ?? 'photo');
      const asset = await checkAsset(bytes, name);
      if (!existsSync(join(dir, asset.name))) {
        mkdirSync(pending, { recursive: true });
        writeFileSync(join(pending, asset.name), asset.bytes);
      }
      out[key] = `${STOCK_PHOTO_PREFIX}/${asset.name}`;
      return out[key];
    },
    async commit() {
      if (!existsSync(pending)) return;
      for (const name of readdirSync(pending)) {
        const type = ASSET_TYPES[name.slice(name.lastIndexOf('.') + 1) as AssetExt];
        if (shared.shared)
          await shared.put(PHOTO_KEYS.stock(name), readFileSync(join(pending, name)), type);
        // Content-addressed: a file of that name already served holds the same bytes.
        if (!existsSync(join(dir, name))) renameSync(join(pending, name), join(dir, name));
      }
      dropPending();
    },
    discard: dropPending,
  };
  return store;
}

/** A photo problem in the words of the report. */
export function photoProblem(err: unknown, index: number, url: string): string {
  const shown = url.startsWith('data:') ? 'data: URL' : JSON.stringify(url);
  const refused = err instanceof AssetRefused || err instanceof FetchRefused;
  const why = refused ? (err as Error).message : `could not be read (${(err as Error).message})`;
  return `photo ${index + 1} (${shown}) ${refused ? `was refused: ${why}` : why}`;
}
