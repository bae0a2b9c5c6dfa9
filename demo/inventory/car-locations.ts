/** Each car's location object, one for all the cars of a location (docs/deploy.md, "Memory and start-up"). */
import type { Car } from '../../schemas/types.gen.ts';
import type { Outlet } from './outlets.ts';

export function sharedCarLocations() {
  // The cars of one location share its location object (two: with and without the locations
  // it also lists at), as a feed's rows repeat it: one object, not one per car (docs/deploy.md, "Memory and start-up").
  const locations = new Map<string, Car['location']>();
  const carLocation = (
    loc: Outlet['sales'][number],
    phone: string | null,
    distribution: string[],
  ): Car['location'] => {
    const key = `${loc.slug}\u0000${distribution.length > 0}`;
    let shared = locations.get(key);
    if (!shared) {
      shared = {
        id: loc.id,
        slug: loc.slug,
        phone,
        city: loc.address.city,
        state: loc.address.state,
        location_name: loc.name,
        distribution_locations: distribution,
      };
      locations.set(key, shared);
    }
    return shared;
  };
  return carLocation;
}
