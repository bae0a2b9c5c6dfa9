/**
 * Placing a postcode through the site API's geocoder, for the locations block's "nearest
 * location" search. A module of its own: the block loads it when a visitor first searches,
 * so no page ships it at load (docs/content-blocks.md).
 */
import { INVALID_POSTCODE, type LatLong } from './distance.ts';

/** A geocoded postcode: its point and, when the service names it, the suburb or town. */
export interface GeocodedPoint extends LatLong {
  place?: string;
}

export class GeocodeError extends Error {
  constructor(message = INVALID_POSTCODE) {
    super(message);
    this.name = 'GeocodeError';
  }
}

const num = (v: unknown): number | undefined => {
  const n = typeof v === 'string' && v.trim() !== '' ? Number(v) : v;
  return typeof n === 'number' && Number.isFinite(n) ? n : undefined;
};

/**
 * Reads a point from a geocoding answer. Accepts {lat, long|lng|lon}, {latitude, longitude},
 * and the first entry of `results` (or of a bare array), as geocoding services answer.
 */
export function readGeocodeAnswer(body: unknown): GeocodedPoint | undefined {
  if (Array.isArray(body)) return body.length ? readGeocodeAnswer(body[0]) : undefined;
  if (!body || typeof body !== 'object') return undefined;
  const o = body as Record<string, unknown>;
  if (Array.isArray(o.results)) return readGeocodeAnswer(o.results);
  for (const inner of ['location', 'geometry', 'point']) {
    if (o[inner] && typeof o[inner] === 'object') {
      const p = readGeocodeAnswer(o[inner]);
      if (p) return p;
    }
  }
  const lat = num(o.lat ?? o.latitude);
  const long = num(o.long ?? o.lng ?? o.lon ?? o.longitude);
  if (lat === undefined || long === undefined || Math.abs(lat) > 90 || Math.abs(long) > 180)
    return undefined;
  const place = typeof o.place === 'string' && o.place.trim() ? o.place.trim() : undefined;
  return place ? { lat, long, place } : { lat, long };
}

/**
 * Looks a postcode up through the site API. Throws GeocodeError("Invalid postcode") when
 * the postcode does not match the region's pattern, the API answers an error (404 when
 * not found) or the answer has no coordinates; network failures are also reported as an
 * invalid postcode to the visitor, and logged.
 */
export async function geocodePostcode(
  postcode: string,
  options: {
    apiBaseUrl: string;
    /** Resolves a relative API address (default: the page's address). */
    base?: string;
    /** The region's postcode pattern; other input fails without a request. */
    pattern?: RegExp;
    /** AU, NZ or US, passed on to the geocoder. */
    region?: string;
    fetch?: typeof fetch;
    signal?: AbortSignal;
  },
): Promise<GeocodedPoint> {
  const code = postcode.trim();
  if (!code || (options.pattern && !options.pattern.test(code))) throw new GeocodeError();
  const base =
    options.base ?? (typeof window !== 'undefined' ? window.location.href : 'http://localhost/');
  const url = new URL(`${options.apiBaseUrl.replace(/\/$/, '')}/geocode`, base);
  url.searchParams.set('postcode', code);
  if (options.region) url.searchParams.set('region', options.region);
  const doFetch = options.fetch ?? fetch;
  let response: Response;
  try {
    response = await doFetch(url, {
      headers: { accept: 'application/json' },
      signal: options.signal,
    });
  } catch (err) {
    if ((err as Error)?.name === 'AbortError') throw err;
    console.error('[forecourt] postcode lookup failed:', err);
    throw new GeocodeError();
  }
  if (!response.ok) throw new GeocodeError();
  let body: unknown;
  try {
    body = await response.json();
  } catch {
    throw new GeocodeError();
  }
  const point = readGeocodeAnswer(body);
  if (!point) throw new GeocodeError();
  return point;
}
