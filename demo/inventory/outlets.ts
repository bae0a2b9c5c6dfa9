/**
 * Where the demo stock is held: one outlet per dealership of a stock-carrying site, with the
 * sales locations its cars stand at and the makes it holds a franchise for.
 */
import type { Dealership, Location, Region } from '../../schemas/types.gen.ts';
import { DEFAULT_REGION } from '../../engine/region.ts';

/** What the generator needs of a site document (a raw or resolved one both fit). */
export interface InventorySite {
  slug: string;
  region?: Region;
  dealerships?: Dealership[];
  locations?: Location[];
}

export interface Outlet {
  dealership: Dealership;
  region: Region;
  sales: Location[];
  siteLocations: Location[];
  prefix: string;
  ownMakes: string[];
}

function initials(slug: string): string {
  return slug
    .split('-')
    .map((w) => w[0] ?? '')
    .join('')
    .toUpperCase()
    .slice(0, 4);
}

export function outletsOf(sites: InventorySite[]): Outlet[] {
  const outlets: Outlet[] = [];
  for (const site of sites) {
    const locations = site.locations ?? [];
    for (const dealership of site.dealerships ?? []) {
      const own = locations.filter((l) => l.dealership_slug === dealership.slug);
      const sales = own.filter((l) => l.location_type === 'sales');
      // A dealership with no location yet (a site just created in the editor) holds no stock.
      if (!locations.length) continue;
      outlets.push({
        dealership,
        region: site.region ?? DEFAULT_REGION,
        sales: sales.length ? sales : own.length ? own : locations.slice(0, 1),
        siteLocations: locations.filter((l) => l.location_type === 'sales'),
        prefix: initials(dealership.slug),
        ownMakes: dealership.manufacturers ?? [],
      });
    }
  }
  return outlets;
}
