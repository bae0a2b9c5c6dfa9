/**
 * Distances between places and the visitor's postcode (docs/content-blocks.md, "Distance from a postcode"): the haversine
 * formula on a sphere of radius 6371 km. The API's postcode geocoding (GET
 * {api}/geocode?postcode=…) is geocode.ts, loaded when a visitor first searches.
 */

export const EARTH_RADIUS_KM = 6371;

export interface LatLong {
  lat: number;
  long: number;
}

const rad = (deg: number) => (deg * Math.PI) / 180;

/** Great-circle distance in km between two points (haversine, Earth radius 6371 km). */
export function haversineKm(a: LatLong, b: LatLong): number {
  const dLat = rad(b.lat - a.lat);
  const dLong = rad(b.long - a.long);
  const h =
    Math.sin(dLat / 2) ** 2 +
    Math.cos(rad(a.lat)) * Math.cos(rad(b.lat)) * Math.sin(dLong / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** A point from an address that may lack coordinates. */
export function pointOf(address: { lat?: number; long?: number } | undefined): LatLong | undefined {
  if (!address || typeof address.lat !== 'number' || typeof address.long !== 'number')
    return undefined;
  if (!Number.isFinite(address.lat) || !Number.isFinite(address.long)) return undefined;
  return { lat: address.lat, long: address.long };
}

/** What a visitor is told when a postcode cannot be placed (geocode.ts). */
export const INVALID_POSTCODE = 'Invalid postcode';
