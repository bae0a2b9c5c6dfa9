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
 * Made ahead (`ahead`, the server's choice: server.ts), each chosen photo is made in the
 * background as soon as its car is chosen, first photos first, so the first visitors rarely
 * wait for one (a photo made on a request can outlast its time budget on a busy machine).
 */
import type { Car } from '../../schemas/types.gen.ts';
import { cameraPhotoName, cameraPhotosIn } from '../photos/camera-photos.ts';

export const CAMERA_CARS_PER_DEALERSHIP = 2;
export const CAMERA_PHOTOS_OF_FIRST = 4;

const shown = (car: Car) => car.photos_count > 0 && car.show_on_dealer_website && !car.sold;

/** `cars` with the chosen cars' photos replaced by camera photos (those cars copied, the rest as they were). */
export function withCameraPhotos(cars: Car[], ahead = false): Car[] {
  const first = new Map<number, Car[]>();
  for (const car of cars) {
    if (!shown(car)) continue;
    const list = first.get(car.dealership_id) ?? [];
    list.push(car);
    list.sort((a, b) => b.custom_rank - a.custom_rank || a.id - b.id);
    if (list.length > CAMERA_CARS_PER_DEALERSHIP) list.pop();
    first.set(car.dealership_id, list);
  }
  const chosen = new Map<Car, number>();
  for (const list of first.values())
    list.forEach((car, i) =>
      chosen.set(car, Math.min(car.photos_count, i === 0 ? CAMERA_PHOTOS_OF_FIRST : 1)),
    );
  const toMake: [Car, number, string][] = [];
  const result = cars.map((car) => {
    const count = chosen.get(car);
    if (!count) return car;
    const images = car.images.map((image, p) => {
      if (p >= count) return image;
      const name = cameraPhotoName(car, p + 1);
      toMake.push([car, p + 1, name]);
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
  if (ahead) {
    const photos = cameraPhotosIn();
    // Stable: the first photos (search cards) in car order, then the others.
    for (const [car, n, name] of toMake.sort((a, b) => Math.min(a[1], 2) - Math.min(b[1], 2)))
      photos.stored(car, n, name).catch((err: unknown) => console.error('[demo photos]', err));
  }
  return result;
}
