/**
 * Which demo cars show camera photos (docs/cars.md, "Demo photos"): in each dealership, the
 * first cars its search results show (the search's default order: custom rank, highest
 * first, then id; among cars shown on the website, not sold, with photos). The first gets
 * its first CAMERA_PHOTOS_OF_FIRST photos as camera photos (its car page's main photo and
 * first thumbnails), the next CAMERA_CARS_PER_DEALERSHIP - 1 their first photo (the first
 * cards of a search page); the rest stay drawn SVGs. A site's first screen is within its
 * dealerships' first cars, and the choice is per dealership, so it is the same whichever
 * dealerships the server asks for together.
 *
 * The choice reads nothing of the day: the rank's parts are the cars' own (status, photos,
 * price, age in days, views), so a server started tomorrow shows the same photos.
 *
 * Made ahead (`ahead`, the server's choice: server.ts), each chosen photo is made in the
 * background as soon as its car is chosen, first photos first, with the sizes a page's first
 * screen asks for (FIRST_SCREEN_WIDTHS), so no visitor waits for one (a photo or size made on
 * a request can outlast its time budget on a busy machine). Once the cars of every dealership
 * are made, the photos folder is pruned to those shown (CameraPhotoUse).
 */
import type { Car } from '../../schemas/types.gen.ts';
import { cameraPhotoName, type CameraPhotos } from '../photos/camera-photos.ts';
import { FIRST_SCREEN_WIDTHS } from '../../engine/assets/photo-ladder.ts';

export const CAMERA_CARS_PER_DEALERSHIP = 2;
export const CAMERA_PHOTOS_OF_FIRST = 4;

// The widths made ahead are the engine's, shared with imported feed photos.
export { FIRST_SCREEN_WIDTHS };

const shown = (car: Car) => car.photos_count > 0 && car.show_on_dealer_website && !car.sold;

export interface CameraPhoto {
  car: Car;
  /** The photo's number, 1-based. */
  n: number;
  name: string;
  widths: readonly number[];
}

/** `cars` with the chosen cars' photos replaced by camera photos (those cars copied, the rest as they were). */
export const withCameraPhotos = (cars: Car[]): Car[] => chooseCameraPhotos(cars).cars;

/** The cars with camera photos, and those photos, first photos first. */
export function chooseCameraPhotos(cars: Car[]): { cars: Car[]; chosen: CameraPhoto[] } {
  const first = new Map<number, Car[]>();
  for (const car of cars) {
    if (!shown(car)) continue;
    const list = first.get(car.dealership_id) ?? [];
    list.push(car);
    list.sort((a, b) => b.custom_rank - a.custom_rank || a.id - b.id);
    if (list.length > CAMERA_CARS_PER_DEALERSHIP) list.pop();
    first.set(car.dealership_id, list);
  }
  // Per chosen car: how many of its photos, and whether it is its dealership's first (its page is the one measured).
  const chosen = new Map<Car, { count: number; main: boolean }>();
  for (const list of first.values())
    list.forEach((car, i) =>
      chosen.set(car, {
        count: Math.min(car.photos_count, i === 0 ? CAMERA_PHOTOS_OF_FIRST : 1),
        main: i === 0,
      }),
    );
  const toMake: CameraPhoto[] = [];
  const result = cars.map((car) => {
    const { count, main } = chosen.get(car) ?? { count: 0, main: false };
    if (!count) return car;
    const images = car.images.map((image, p) => {
      if (p >= count) return image;
      const name = cameraPhotoName(car, p + 1);
      const widths =
        p > 0
          ? FIRST_SCREEN_WIDTHS.thumb
          : main
            ? FIRST_SCREEN_WIDTHS.main
            : FIRST_SCREEN_WIDTHS.card;
      toMake.push({ car, n: p + 1, name, widths });
      const url = `/assets/cars/${car.id}/${name}`;
      return { ...image, url, thumb_url: url };
    });
    return {
      ...car,
      images,
      thumbnails: images.map((image) => image.url),
      primary_image_url: images[0].url,
    };
  });
  // Stable: the first photos (search cards, car pages' main photos) in car order, then the others.
  toMake.sort((a, b) => Math.min(a.n, 2) - Math.min(b.n, 2));
  return { cars: result, chosen: toMake };
}

/** Makes each photo and its first-screen sizes in turn, in the background. */
export function makeAhead(photos: CameraPhotos, chosen: CameraPhoto[]): void {
  void (async () => {
    for (const { car, n, name, widths } of chosen)
      await photos
        .ready(car, n, name, widths)
        .catch((err: unknown) => console.error('[demo photos]', err));
  })();
}

/**
 * The camera photos a server's stock shows, gathered as its dealerships' cars are made (a site's
 * when it is first asked for, the others after the first answer: engine/inventory/live-stock.ts);
 * once every dealership of the sites it started with is made, `done` is called once with all
 * their names (the server prunes the folder then: CameraPhotos.prune).
 */
export class CameraPhotoUse {
  private readonly names = new Set<string>();
  private readonly made = new Set<string>();
  private finished = false;

  constructor(private readonly done: (names: ReadonlySet<string>) => void) {}

  /** `cars`, made for `dealerships` (all of `all` when absent), show these photos. */
  record(
    chosen: readonly CameraPhoto[],
    all: readonly string[],
    dealerships?: ReadonlySet<string>,
  ): void {
    for (const { name } of chosen) this.names.add(name);
    for (const slug of dealerships ?? all) this.made.add(slug);
    if (this.finished || !all.every((slug) => this.made.has(slug))) return;
    this.finished = true;
    this.done(this.names);
  }
}
