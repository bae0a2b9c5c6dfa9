/**
 * The demo's camera photos (docs/cars.md, "Demo photos"): a few cars of each dealership show
 * raster photos instead of drawn SVGs (demo/inventory/camera-cars.ts picks them), so pages,
 * tests and benches carry real-size originals through the platform's photo pipeline, the
 * same functions an imported feed's photos go through: the original (camera.ts: 4032 × 3024,
 * grain, EXIF with a GPS position) is stored by storePhoto (upright, no metadata, at most
 * 2,560 wide) and served by sendPhoto (ladder widths, AVIF/WebP/JPEG by Accept, derivatives
 * on disk). Each file is made once and kept in the cache folder (`.data/demo-photos/` by
 * default: originals/, stored/, cache/photos/), shared by every server of the project and
 * every run; the derivatives a page's first screen asks for are made with it (`ready`), so no
 * visitor waits for one. With a bucket (FORECOURT_S3_*) a stored photo and its derivatives go
 * there too, as an imported photo's do, and a server that lacks one takes it from there.
 * A server removes at start what no car of its own uses and no server used for a day (`prune`).
 */
import { createHash } from 'node:crypto';
import {
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { join } from 'node:path';
import { PROJECT_ROOT } from '../../engine/project-root.ts';
import { photoStoreFromEnv } from '../../engine/assets/photo-bucket.ts';
import { storePhoto } from '../../engine/assets/photo-pipeline.ts';
import { photoDerivatives, type PhotoDerivatives } from '../../engine/assets/photo-serve.ts';
import { PhotoStoreDown, type PhotoStore } from '../../engine/assets/photo-store.ts';
import { cameraJpeg, makeGrain, type Grain } from './camera.ts';
import { carPhotoSvg, photoBackdrop } from './svg.ts';

/** Where the demo's camera photos are kept unless told otherwise. */
export const CAMERA_PHOTO_DIR = join(PROJECT_ROOT, '.data', 'demo-photos');

/** Changes the names (and so every cached file) when the way photos are made changes. */
const GENERATION = 'camera-1';

type PhotoCar = Parameters<typeof carPhotoSvg>[0];

/** The drawing photo n of a car is made from (a fixed width: the name must not depend on a request). */
const artwork = (car: PhotoCar, n: number) => carPhotoSvg(car, n, 800);

/**
 * The file name of a car's camera photo n: `{n}-{12 hex}-c{rrggbb}.jpg`, as a stored photo's
 * (its colour in its name, engine/assets/photo-ladder.ts). The hex is of the drawing it is
 * made from, so a name always means the same picture (served immutable); the colour is the
 * shot's backdrop, most of the picture.
 */
export function cameraPhotoName(car: PhotoCar, n: number): string {
  const hash = createHash('sha256').update(GENERATION).update(artwork(car, n)).digest('hex');
  return `${n}-${hash.slice(0, 12)}-c${photoBackdrop(n).slice(1)}.jpg`;
}

export const CAMERA_PHOTO_FILE = /^([1-9]\d*)-([0-9a-f]{12})-c[0-9a-f]{6}\.jpg$/;

/** A stored camera photo's key in a shared store (a bucket), beside the imported ones. */
export const cameraPhotoKey = (name: string) => `demo/photos/${name}`;

/**
 * How long a photo no car of a starting server shows is kept after a server last used it: servers
 * of other stocks (a test's own sites folder) share the folder and may run beside it.
 */
export const UNUSED_KEPT_MS = 24 * 60 * 60 * 1000;

const writeOnce = (file: string, bytes: Buffer) => {
  const temporary = `${file}.${process.pid}.tmp`;
  writeFileSync(temporary, bytes);
  renameSync(temporary, file);
};

const kept = new Map<string, CameraPhotos>();

/** The camera photos kept in `dir` (one per folder in a process, so a photo is made once). */
export function cameraPhotosIn(dir: string = CAMERA_PHOTO_DIR): CameraPhotos {
  let photos = kept.get(dir);
  if (!photos) kept.set(dir, (photos = new CameraPhotos(dir, photoStoreFromEnv(dir, process.env))));
  return photos;
}

export class CameraPhotos {
  private readonly making = new Map<string, Promise<string>>();
  private queue: Promise<unknown> = Promise.resolve();
  /** The grain the photos being made share, let go when none is left to make. */
  private grain?: Promise<Grain>;

  /** Their sizes, kept in `{dir}/cache/photos/` (and in the shared store when there is one). */
  readonly derivatives: PhotoDerivatives;

  constructor(
    readonly dir: string = CAMERA_PHOTO_DIR,
    /** Where every server finds them (a bucket); a folder store is this server's alone and unused. */
    readonly store?: PhotoStore,
  ) {
    mkdirSync(join(dir, 'originals'), { recursive: true });
    mkdirSync(join(dir, 'stored'), { recursive: true });
    this.derivatives = photoDerivatives(dir, store?.shared ? store : undefined);
  }

  private get shared(): PhotoStore | undefined {
    return this.store?.shared ? this.store : undefined;
  }

  /** The original of `name`: the camera's JPEG, with its metadata. */
  originalFile = (name: string) => join(this.dir, 'originals', name);

  /** The photo as the pipeline stored it. */
  storedFile = (name: string) => join(this.dir, 'stored', name);

  /**
   * The stored photo `name` of `car` (photo n), made now if it is not kept: one at a time, as
   * each holds about 50 MB of pixels while it is drawn.
   */
  stored(car: PhotoCar, n: number, name: string): Promise<string> {
    const file = this.storedFile(name);
    if (existsSync(file)) return Promise.resolve(file);
    let pending = this.making.get(name);
    if (!pending) {
      const work = this.queue.then(async () => {
        const fromStore = await this.shared?.get(cameraPhotoKey(name)).catch(storeDown);
        if (fromStore) {
          writeOnce(file, fromStore.bytes);
          return file;
        }
        const original = this.originalFile(name);
        if (!existsSync(original)) {
          this.grain ??= makeGrain();
          writeOnce(original, await cameraJpeg(artwork(car, n), await this.grain));
        }
        const photo = await storePhoto(readFileSync(original), 'jpg', name);
        writeOnce(file, photo.bytes);
        // Served from this folder at once; the store is for the other servers (a failure is logged by the store).
        await this.shared?.put(cameraPhotoKey(name), photo.bytes, 'image/jpeg').catch(storeDown);
        return file;
      });
      this.queue = work.catch(() => undefined);
      pending = work.finally(() => {
        this.making.delete(name);
        if (this.making.size === 0) this.grain = undefined;
      });
      this.making.set(name, pending);
    }
    return pending;
  }

  /**
   * The stored photo `name`, and its derivatives at `widths` (the ladder widths a page's first
   * screen asks for: camera-cars.ts) in every format served, made now if they are not kept.
   */
  async ready(car: PhotoCar, n: number, name: string, widths: readonly number[]): Promise<void> {
    const file = await this.stored(car, n, name);
    await this.derivatives.premake({ name, file }, widths);
  }

  /**
   * Keeps the folder to what is shown: the photos `inUse` names are marked used now; any other
   * not used for UNUSED_KEPT_MS goes (original, stored photo and sizes), and so do the sizes of
   * photos no longer stored.
   */
  prune(inUse: ReadonlySet<string>, now = Date.now()): void {
    const seen = new Date(now);
    for (const folder of ['originals', 'stored'])
      for (const name of readdirSync(join(this.dir, folder))) {
        const file = join(this.dir, folder, name);
        if (inUse.has(name)) utimesSync(file, seen, seen);
        else if (statSync(file).mtimeMs < now - UNUSED_KEPT_MS) rmSync(file, { force: true });
      }
    const stored = new Set(
      readdirSync(join(this.dir, 'stored')).map((n) => n.replace(/\.jpg$/, '')),
    );
    this.derivatives.removeWhere((file) => !stored.has(file.replace(/-w\d+\.[a-z]+$/, '')));
  }
}

/** A store that failed is the other servers' loss only: this server makes or serves its own copy. */
const storeDown = (err: unknown): undefined => {
  if (err instanceof PhotoStoreDown) return undefined;
  throw err;
};
