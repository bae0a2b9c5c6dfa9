/**
 * Imported cars' photos (docs/cars.md, "Stock import"). A feed names photos by URL; each is
 * fetched once through an adapter, checked and cleaned by the platform's image handling
 * (engine/server/asset-check.ts: PNG, JPEG, WebP or a cleaned SVG by its bytes, at most 5 MB)
 * and stored content-addressed under `{dataDir}/stock/photos/`, served at /assets/stock/.
 * The import never hands a visitor a dealer's own address, so a photo server that is slow,
 * gone or hostile never reaches a page.
 *
 * Fetching is an adapter: the default reads files (a path relative to the feed, or file:)
 * and data: URLs, and http(s) only when network fetching is allowed (the CLI; tests never).
 */
import { createHash, randomUUID } from 'node:crypto';
import {
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { isAbsolute, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { AssetRefused, checkAsset, MAX_ASSET_BYTES, MESSAGES } from '../../assets/asset-check.ts';

/** Where imported photos are served (mounted with stockPhotosRouter, stock-photos.ts). */
export const STOCK_PHOTO_PREFIX = '/assets/stock';

export type PhotoFetcher = (url: string) => Promise<Buffer>;

export interface PhotoFetcherOptions {
  /** Folder a relative path is read from (the feed's). */
  baseDir?: string;
  /** Address a relative path is resolved against (a feed downloaded from the web); needs `network`. */
  baseUrl?: string;
  /** Whether http(s) URLs are downloaded (default false). */
  network?: boolean;
  /** Longest a download may take, ms. */
  timeoutMs?: number;
}

function dataUrlBytes(url: string): Buffer {
  const m = /^data:([^,]*?)(;base64)?,(.*)$/s.exec(url);
  if (!m) throw new Error('is not a valid data: URL');
  return m[2] ? Buffer.from(m[3], 'base64') : Buffer.from(decodeURIComponent(m[3]), 'utf8');
}

export function photoFetcher(options: PhotoFetcherOptions): PhotoFetcher {
  return async (url) => {
    if (url.startsWith('data:')) return dataUrlBytes(url);
    if (options.baseUrl && !/^[a-z]+:/i.test(url)) url = new URL(url, options.baseUrl).href;
    if (/^https?:\/\//i.test(url)) {
      if (!options.network)
        throw new Error('is a web address, and this import reads local files only');
      const res = await fetch(url, {
        signal: AbortSignal.timeout(options.timeoutMs ?? 30_000),
        redirect: 'follow',
      });
      if (!res.ok) throw new Error(`answered ${res.status}`);
      // A photo larger than the image checks take is refused before it is downloaded whole.
      if (Number(res.headers.get('content-length') ?? 0) > MAX_ASSET_BYTES)
        throw new AssetRefused(413, MESSAGES.tooLarge);
      return Buffer.from(await res.arrayBuffer());
    }
    const path = url.startsWith('file:')
      ? fileURLToPath(url)
      : isAbsolute(url)
        ? url
        : resolve(options.baseDir ?? '.', url);
    return readFileSync(path);
  };
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
  /** Puts the photos this import stored where they are served (before the stock file naming them is written). */
  commit(): void;
  /** Forgets the photos this import stored (an import refused for a bad row leaves nothing behind). */
  discard(): void;
}

/**
 * Photos resolved against what earlier imports stored (`known`); with `write: false`
 * (a dry run) photos are fetched and checked but not written. New photos wait in a folder of
 * this import's own until `commit`, so an import that applies nothing leaves nothing, and no
 * other import takes up a photo this one may still drop.
 */
export function photoStore(
  dataDir: string,
  fetchPhoto: PhotoFetcher,
  known: Record<string, string>,
  write = true,
): PhotoStore {
  const out: Record<string, string> = { ...known };
  const dir = stockPhotoDir(dataDir);
  const pending = join(dir, `.import-${randomUUID()}`);
  const dropPending = () => rmSync(pending, { recursive: true, force: true });
  return {
    known: out,
    async resolve(url) {
      const key = photoSourceKey(url);
      if (out[key]) return out[key];
      const bytes = await fetchPhoto(url);
      const name = url.startsWith('data:')
        ? 'photo'
        : (url.split(/[?#]/)[0].split('/').pop() ?? 'photo');
      const asset = await checkAsset(bytes, name);
      if (write && !existsSync(join(dir, asset.name))) {
        mkdirSync(pending, { recursive: true });
        writeFileSync(join(pending, asset.name), asset.bytes);
      }
      out[key] = `${STOCK_PHOTO_PREFIX}/${asset.name}`;
      return out[key];
    },
    commit() {
      if (!existsSync(pending)) return;
      for (const name of readdirSync(pending)) {
        // Content-addressed: a file of that name already served holds the same bytes.
        if (!existsSync(join(dir, name))) renameSync(join(pending, name), join(dir, name));
      }
      dropPending();
    },
    discard: dropPending,
  };
}

/** A photo problem in the words of the report. */
export function photoProblem(err: unknown, index: number, url: string): string {
  const shown = url.startsWith('data:') ? 'data: URL' : JSON.stringify(url);
  const why =
    err instanceof AssetRefused ? err.message : `could not be read (${(err as Error).message})`;
  return `photo ${index + 1} (${shown}) ${err instanceof AssetRefused ? `was refused: ${why}` : why}`;
}
