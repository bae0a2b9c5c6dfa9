/**
 * The demo's camera photos (docs/cars.md, "Demo photos"): a few cars of each dealership show
 * raster photos instead of drawn SVGs (demo/inventory/camera-cars.ts picks them), so pages,
 * tests and benches carry real-size originals through the platform's photo pipeline, the
 * same functions an imported feed's photos go through: the original (camera.ts: 4032 × 3024,
 * grain, EXIF with a GPS position) is stored by storePhoto (upright, no metadata, at most
 * 2,560 wide) and served by sendPhoto (ladder widths, AVIF/WebP/JPEG by Accept, derivatives
 * on disk). Each file is made once, on first use, and kept in the cache folder
 * (`.data/demo-photos/` by default: originals/, stored/, cache/photos/), shared by every
 * server of the project and every run.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { PROJECT_ROOT } from '../../engine/project-root.ts';
import { storePhoto } from '../../engine/assets/photo-pipeline.ts';
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

const writeOnce = (file: string, bytes: Buffer) => {
  const temporary = `${file}.${process.pid}.tmp`;
  writeFileSync(temporary, bytes);
  renameSync(temporary, file);
};

const kept = new Map<string, CameraPhotos>();

/** The camera photos kept in `dir` (one per folder in a process, so a photo is made once). */
export function cameraPhotosIn(dir: string = CAMERA_PHOTO_DIR): CameraPhotos {
  let photos = kept.get(dir);
  if (!photos) kept.set(dir, (photos = new CameraPhotos(dir)));
  return photos;
}

export class CameraPhotos {
  private readonly making = new Map<string, Promise<string>>();
  private queue: Promise<unknown> = Promise.resolve();
  /** The grain the photos being made share, let go when none is left to make. */
  private grain?: Promise<Grain>;

  constructor(readonly dir: string = CAMERA_PHOTO_DIR) {
    mkdirSync(join(dir, 'originals'), { recursive: true });
    mkdirSync(join(dir, 'stored'), { recursive: true });
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
        const original = this.originalFile(name);
        if (!existsSync(original)) {
          this.grain ??= makeGrain();
          writeOnce(original, await cameraJpeg(artwork(car, n), await this.grain));
        }
        const photo = await storePhoto(readFileSync(original), 'jpg', name);
        writeOnce(file, photo.bytes);
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
}
