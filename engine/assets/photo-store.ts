/**
 * Where stored photos live (docs/cars.md, "Photos"; docs/deploy.md, "Photos in a bucket"): the
 * data folder of this server (the default), or an S3-compatible bucket every server reaches
 * (photo-bucket.ts, which also picks one by FORECOURT_S3_BUCKET). Keys are content-addressed names under a
 * prefix per kind (PHOTO_KEYS), so a key never changes its bytes and is written once.
 */
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { isPlainFile } from '../site/safe-file.ts';
import { MAX_ASSET_BYTES } from './asset-rules.ts';

/** The keys of each kind of photo, the same in the folder and in a bucket. */
export const PHOTO_KEYS = {
  /** A feed's photo (engine/inventory/import/photos.ts), as `/assets/stock/{name}` serves it. */
  stock: (name: string) => `stock/photos/${name}`,
  /** An image uploaded to a site's asset library (engine/server/assets-api.ts). */
  upload: (slug: string, name: string) => `sites/${slug}/${name}`,
  /** A photo at one width for one `Accept` (photo-serve.ts); its object's type says the format made. */
  derivative: (file: string) => `derivatives/${file}`,
} as const;

export interface StoredObject {
  bytes: Buffer;
  /** Its Content-Type as stored. */
  type?: string;
}

/** The store did not answer in time, or answered with an error: the caller falls back or answers 503. */
export class PhotoStoreDown extends Error {
  constructor(
    message: string,
    /** Seconds before the store is asked again (a visitor's Retry-After). */
    readonly retryAfter: number,
  ) {
    super(message);
  }
}

export interface PhotoStore {
  /** True when every server reaches what it holds (a bucket): uploads and derivatives are kept there too. */
  readonly shared: boolean;
  /** This server's own file of `key`, when it has one (served from disk, nothing fetched). */
  file(key: string): string | undefined;
  /** The object at `key`, undefined when there is none; PhotoStoreDown when the store fails or hangs. */
  get(key: string): Promise<StoredObject | undefined>;
  /** Keeps `bytes` at `key` unless the key is there already (content-addressed: it holds the same bytes). */
  put(key: string, bytes: Buffer, type: string): Promise<void>;
}

/** The data folder: today's layout (`{dataDir}/stock/photos/…`), this server's alone. */
export class FolderPhotoStore implements PhotoStore {
  readonly shared: boolean = false;
  constructor(readonly dir: string) {}

  file(key: string): string | undefined {
    const file = join(this.dir, key);
    return isPlainFile(file, MAX_ASSET_BYTES) ? file : undefined;
  }

  async get(key: string): Promise<StoredObject | undefined> {
    const file = this.file(key);
    return file ? { bytes: readFileSync(file) } : undefined;
  }

  async put(key: string, bytes: Buffer): Promise<void> {
    const file = join(this.dir, key);
    if (existsSync(file)) return;
    mkdirSync(dirname(file), { recursive: true });
    // Written beside it, then renamed: a reader never sees half a photo.
    const temporary = `${file}.${process.pid}.part`;
    writeFileSync(temporary, bytes);
    renameSync(temporary, file);
  }
}
