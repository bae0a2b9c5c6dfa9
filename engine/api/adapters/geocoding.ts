/**
 * Geocoding: postcode (ZIP code) to latitude and longitude. The local geocoder looks a
 * postcode up in a table it is given (the demo's is demo/postcodes.json); a dealer can plug
 * a maps service in instead. Without a table every postcode is unknown.
 */
import type { Region } from '../../../schemas/types.gen.ts';
import { postcodeRule } from '../regional.ts';

/** One row of a postcode table: the approximate centre of the postcode's main suburb or town. */
export interface PostcodeEntry {
  postcode: string;
  place: string;
  state: string;
  lat: number;
  long: number;
}

/** A postcode table per region, each in postcode order. */
export type PostcodeTables = Partial<Record<Region, PostcodeEntry[]>>;

const NO_POSTCODES: PostcodeTables = {};

/** The message when geocoding finds nothing (docs/api.md, "Adapters"; docs/content-blocks.md, "Distance from a postcode"). */
export const INVALID_POSTCODE = 'Invalid postcode';

export interface GeoPoint {
  lat: number;
  long: number;
  place: string;
  state?: string;
  /** True when the table has no row for this exact postcode and a neighbour's centre is used. */
  approximate: boolean;
}

export interface Geocoder {
  /** The postcode's centre, or undefined when there is none (answer INVALID_POSTCODE). */
  geocode(postcode: string, region: Region): Promise<GeoPoint | undefined>;
}

/**
 * Exact row, else the numerically nearest row sharing the first 3 digits, else the
 * first 2 (postcodes are handed out by area, so neighbours in number are neighbours
 * on the map). Nothing in that area means INVALID_POSTCODE.
 */
export function lookupPostcode(
  postcode: string,
  region: Region,
  table: PostcodeEntry[],
): GeoPoint | undefined {
  const code = postcode.trim();
  const rule = postcodeRule(region);
  if (!rule.pattern.test(code) || !rule.issued(code)) return undefined;
  const exact = table.find((e) => e.postcode === code);
  if (exact) return point(exact, false);
  for (const prefix of [3, 2]) {
    const near = table.filter((e) => e.postcode.startsWith(code.slice(0, prefix)));
    if (near.length) {
      const n = Number(code);
      const best = near.reduce((a, b) =>
        Math.abs(Number(b.postcode) - n) < Math.abs(Number(a.postcode) - n) ? b : a,
      );
      return point(best, true);
    }
  }
  return undefined;
}

function point(e: PostcodeEntry, approximate: boolean): GeoPoint {
  return { lat: e.lat, long: e.long, place: e.place, state: e.state, approximate };
}

/** A geocoder answering from postcode tables (none given: every postcode is unknown). */
export function localGeocoder(tables: PostcodeTables = NO_POSTCODES): Geocoder {
  return {
    geocode: async (postcode, region) => lookupPostcode(postcode, region, tables[region] ?? []),
  };
}

/** Great-circle distance in km (Earth radius 6371 km, as the locations' distance sort uses: docs/content-blocks.md, "Distance from a postcode"). */
export function distanceKm(
  a: { lat: number; long: number },
  b: { lat: number; long: number },
): number {
  const rad = Math.PI / 180;
  const dLat = (b.lat - a.lat) * rad;
  const dLong = (b.long - a.long) * rad;
  const h =
    Math.sin(dLat / 2) ** 2 +
    Math.cos(a.lat * rad) * Math.cos(b.lat * rad) * Math.sin(dLong / 2) ** 2;
  return 2 * 6371 * Math.asin(Math.sqrt(h));
}
