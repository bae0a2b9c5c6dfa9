/**
 * Imported feed photos made ahead (docs/cars.md, "Photos"), as the demo's camera photos are:
 * when a reload brings a dealership's imported stock in (an import or a scheduled pull on any
 * server, its stock file or its rows in PostgreSQL), each shown car's first photo is made at the
 * widths a page's first screen asks for (FIRST_SCREEN_WIDTHS.main: car page and search card) and
 * its next photos at the thumbnails' widths, in every format served, so no visitor of a new car
 * waits for its photo to be encoded. In the background, one photo after another through the
 * derivatives' own making slots (photo-serve.ts, shared with requests); nothing waits for it.
 */
import type { Car } from '../../schemas/types.gen.ts';
import { ASSET_FILE } from '../assets/asset-rules.ts';
import { FIRST_SCREEN_WIDTHS } from '../assets/photo-ladder.ts';
import type { PhotoDerivatives, PhotoSource } from '../assets/photo-serve.ts';
import { FolderPhotoStore, PHOTO_KEYS, type PhotoStore } from '../assets/photo-store.ts';
import { STOCK_PHOTO_PREFIX } from './import/photos.ts';

/** The photos of a car made ahead: its first and the thumbnails a car page shows first. */
export const PHOTOS_AHEAD_PER_CAR = 4;

/** A photo's name in the store, from its address (`/assets/stock/{name}?…`). */
const stockName = (url: string) =>
  url.startsWith(`${STOCK_PHOTO_PREFIX}/`)
    ? url.slice(STOCK_PHOTO_PREFIX.length + 1).split(/[?#]/)[0]
    : undefined;

export class FeedPhotosAhead {
  private readonly done = new Set<string>();
  private queue: Promise<void> = Promise.resolve();
  private readonly store: PhotoStore;

  constructor(
    private readonly derivatives: PhotoDerivatives,
    dataDir: string,
    private readonly log: Pick<Console, 'error'> = console,
  ) {
    this.store = derivatives.store ?? new FolderPhotoStore(dataDir);
  }

  /** After a reload: the imported cars of the dealerships `changed` get their photos made, unless made before. */
  after(changed: ReadonlySet<string>, imported: ReadonlyMap<string, readonly Car[]>): void {
    for (const slug of changed)
      for (const car of imported.get(slug) ?? []) {
        if (car.sold || !car.show_on_dealer_website) continue;
        car.images.slice(0, PHOTOS_AHEAD_PER_CAR).forEach((image, i) => {
          const name = stockName(image.url);
          // An SVG is sent as it is: nothing to make.
          if (!name || !ASSET_FILE.test(name) || name.endsWith('.svg') || this.done.has(name))
            return;
          this.done.add(name);
          const widths = i === 0 ? FIRST_SCREEN_WIDTHS.main : FIRST_SCREEN_WIDTHS.thumb;
          this.queue = this.queue.then(() => this.make(name, widths));
        });
      }
  }

  /** Resolves once every photo queued so far is made (or failed, logged). */
  settled(): Promise<void> {
    return this.queue;
  }

  private async make(name: string, widths: readonly number[]) {
    const key = PHOTO_KEYS.stock(name);
    const file = this.store.file(key);
    const source: PhotoSource = file
      ? { name, file }
      : { name, read: async () => (await this.store.get(key))?.bytes };
    try {
      await this.derivatives.premake(source, widths);
    } catch (err) {
      // Made on its first request instead; a photo that cannot be read is that request's 404.
      this.done.delete(name);
      this.log.error(`[stock] photo ${name} not made ahead: ${(err as Error).message}`);
    }
  }
}
