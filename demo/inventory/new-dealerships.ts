/**
 * Demo stock for the dealerships of a site that has no location yet (a site just created
 * in the editor from a starter template), and of any site added while the server runs.
 * Without it, such a site's search, car cards and card switches would show no cars
 * (docs/editor-design.md, "A new site's stock"). Each such
 * dealership gets its own cars, drawn from a stream seeded by its slug and numbered from
 * its id, so they are the same at every start, whatever other sites exist, and adding a site
 * changes no other site's cars (the main stock, generate.ts, spreads one stream over the
 * dealerships that have locations). A franchise gets new and demo cars of the makes it
 * sells and used cars of any make; a dealership without makes is a used-car yard.
 */
import type { Car, Catalogue, Dealership, Location, Region } from '../../schemas/types.gen.ts';
import { DEFAULT_REGION } from '../../engine/region.ts';
import { hashString, mixSeed } from '../prng.ts';
import {
  DEFAULT_SEED,
  generateInventory,
  type GenerationShare,
  type InventorySite,
} from './generate.ts';

/** Cars per new dealership: enough for every search facet and a few result pages. */
export const NEW_DEALERSHIP_CARS = 120;
/** Ids of these cars start here, clear of the main stock's 1…count. */
export const NEW_DEALERSHIP_FIRST_ID = 10_000_000;

/** Where the cars of a dealership with no location stand until it has one (demo data: a region not listed uses Brisbane). */
const BRISBANE: Location['address'] = {
  street: '',
  city: 'Brisbane',
  state: 'QLD',
  postcode: '4000',
};
const PLACES: Partial<Record<Region, Location['address']>> = {
  AU: BRISBANE,
  NZ: { street: '', city: 'Auckland', state: 'Auckland', postcode: '1010' },
  US: { street: '', city: 'Austin', state: 'TX', postcode: '78701' },
};

function placeholderLocation(dealership: Dealership, region: Region): Location {
  return {
    id: dealership.id,
    name: dealership.name,
    slug: dealership.slug,
    location_type: 'sales',
    dealership_slug: dealership.slug,
    address: PLACES[region] ?? BRISBANE,
  };
}

export interface NewDealershipOptions {
  catalogue: Catalogue;
  sites: InventorySite[];
  seed?: number;
  now?: number;
  /** Only these dealerships (default: all). */
  dealerships?: ReadonlySet<string>;
  /** Sites with locations too, their cars at the dealership's own locations (a site added while the server runs). */
  withLocations?: boolean;
  /** Values held once across calls (generate.ts). */
  share?: GenerationShare;
}

/** The cars of every dealership of the sites without locations (each dealership once). */
export function newDealershipStock(options: NewDealershipOptions): Car[] {
  const seed = options.seed ?? DEFAULT_SEED;
  const done = new Set<string>();
  const cars: Car[] = [];
  for (const site of options.sites) {
    if (site.locations?.length && !options.withLocations) continue;
    const region = site.region ?? DEFAULT_REGION;
    for (const dealership of site.dealerships ?? []) {
      if (
        done.has(dealership.slug) ||
        (options.dealerships && !options.dealerships.has(dealership.slug))
      )
        continue;
      done.add(dealership.slug);
      const own = (site.locations ?? []).filter((l) => l.dealership_slug === dealership.slug);
      const alone: InventorySite = {
        slug: site.slug,
        region,
        dealerships: [dealership],
        locations: own.length ? own : [placeholderLocation(dealership, region)],
      };
      cars.push(
        ...generateInventory({
          catalogue: options.catalogue,
          sites: [alone],
          count: NEW_DEALERSHIP_CARS,
          seed: mixSeed(seed, hashString(dealership.slug)),
          now: options.now,
          firstId: NEW_DEALERSHIP_FIRST_ID + dealership.id * 1000,
          share: options.share,
        }),
      );
    }
  }
  return cars;
}
