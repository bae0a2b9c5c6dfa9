/**
 * The demo stock of a sites folder, or of the sites a server was given: generated from the
 * dealerships and locations of the valid sites (engine/inventory/load.ts reads the folder,
 * so a broken document has no stock and stops nothing). The inventory is regenerated in
 * memory at start (about a second for 20,000 cars) rather than cached to disk: parsing a
 * cached JSON file of that size takes as long as generating it, and a cache would need
 * invalidating whenever a site, the catalogue or the generator changes.
 */
import type { Car } from '../../schemas/types.gen.ts';
import { readCatalogue, readInventorySites } from '../../engine/inventory/load.ts';
import type { StockSource } from '../../engine/providers.ts';
import { cameraPhotosIn } from '../photos/camera-photos.ts';
import { CameraPhotoUse, chooseCameraPhotos, makeAhead } from './camera-cars.ts';
import { generateInventory, generationShare, type InventoryOptions } from './generate.ts';
import { newDealershipStock } from './new-dealerships.ts';

export { readCatalogue, readInventorySites } from '../../engine/inventory/load.ts';

/**
 * The generator's knobs: how many cars, which seed, which day is "today"; and whether the
 * first cars of each dealership show camera photos (default yes, made on first use; 'ahead':
 * made in the background as soon as their cars are, and the photos folder pruned to those the
 * stock shows once every dealership's cars are made; camera-cars.ts).
 */
export type DemoStockOptions = Partial<Omit<InventoryOptions, 'catalogue' | 'sites'>> & {
  cameraPhotos?: boolean | 'ahead';
};

/**
 * The demo stock as the platform's stock provider: generated for the sites that have
 * dealerships, with cars of their own for the dealerships of a site without locations yet
 * (new-dealerships.ts). Asked again for a site created while the server runs
 * (engine/inventory/live-stock.ts addSites), it gives that site's new dealerships the same
 * cars it would at the next start. Asked for some dealerships, it makes only theirs, the
 * same cars as when it makes them all (a server makes a site's cars when the site is first
 * asked for: engine/inventory/live-stock.ts).
 */
export function demoStock({ cameraPhotos = true, ...options }: DemoStockOptions = {}): StockSource {
  // One for every call: cars asked for a few dealerships at a time share their repeated values.
  const share = options.share ?? generationShare();
  const use =
    cameraPhotos === 'ahead'
      ? new CameraPhotoUse((names) => cameraPhotosIn().prune(names))
      : undefined;
  return ({ catalogue, sites, dealerships, added }) => {
    const stocked = sites.filter((s) => s.dealerships.length > 0);
    const photos = (cars: Car[]) => {
      if (!cameraPhotos) return cars;
      const camera = chooseCameraPhotos(cars);
      if (use) {
        const all = stocked.flatMap((s) => s.dealerships.map((d) => d.slug));
        // Made ahead first: a photo being pruned would only be made again.
        makeAhead(cameraPhotosIn(), camera.chosen);
        if (!added) use.record(camera.chosen, all, dealerships);
      }
      return camera.cars;
    };
    // A site added while the server runs: the main stream numbers its cars from 1, as the cars
    // already served, so each of its dealerships gets cars of its own, as a site without
    // locations does, at its own locations (until the next start spreads the stream over it).
    if (added)
      return photos(
        newDealershipStock({
          catalogue,
          sites: stocked,
          seed: options.seed,
          now: options.now,
          dealerships,
          withLocations: true,
          share,
        }),
      );
    return photos([
      ...generateInventory({ catalogue, sites: stocked, dealerships, ...options, share }),
      ...newDealershipStock({
        catalogue,
        sites: stocked,
        seed: options.seed,
        now: options.now,
        dealerships,
        share,
      }),
    ]);
  };
}

/** The demo stock of a sites folder. */
export function loadInventory(sitesDir: string, options: DemoStockOptions = {}): Car[] {
  return generateInventory({
    catalogue: readCatalogue(sitesDir),
    sites: readInventorySites(sitesDir),
    ...options,
  });
}
