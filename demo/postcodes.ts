/**
 * The demo's postcode table (postcodes.json) for the platform's local geocoder: about 480
 * real AU postcodes, NZ postcodes and US ZIP codes (capital cities, the demo dealers' areas,
 * regional centres), each with the approximate centre of its main suburb or town to about
 * 0.01 degrees (roughly 1 km). Written by hand from public gazetteers for this project; good
 * enough for "distance to the dealer" and map centring, not for navigation. To add postcodes,
 * add rows to the region's list in postcode order.
 */
import type { Region } from '../schemas/types.gen.ts';
import {
  localGeocoder,
  lookupPostcode as lookupIn,
  type GeoPoint,
  type Geocoder,
  type PostcodeTables,
} from '../engine/api/adapters/geocoding.ts';
import table from './postcodes.json';

export const POSTCODES = table satisfies PostcodeTables;
/** The same, by any region (a region the demo has no postcodes for has none). */
const BY_REGION: PostcodeTables = POSTCODES;

/** The platform's geocoder answering from the demo table. */
export function demoGeocoder(): Geocoder {
  return localGeocoder(POSTCODES);
}

/** A postcode's centre in the demo table (exact, else a neighbour's, marked approximate). */
export function lookupPostcode(postcode: string, region: Region): GeoPoint | undefined {
  return lookupIn(postcode, region, BY_REGION[region] ?? []);
}
