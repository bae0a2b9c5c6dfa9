import { describe, expect, it, vi } from 'vitest';
import { EARTH_RADIUS_KM, haversineKm } from './distance.ts';
import { GeocodeError, geocodePostcode, readGeocodeAnswer } from './geocode.ts';

describe('haversine distance', () => {
  it('uses an Earth radius of 6371 km', () => {
    expect(EARTH_RADIUS_KM).toBe(6371);
    // One degree along the equator is 6371 × π / 180 km.
    expect(haversineKm({ lat: 0, long: 0 }, { lat: 0, long: 1 })).toBeCloseTo(
      (6371 * Math.PI) / 180,
      6,
    );
  });

  it('gives the known Sydney–Melbourne distance', () => {
    const sydney = { lat: -33.8688, long: 151.2093 };
    const melbourne = { lat: -37.8136, long: 144.9631 };
    expect(haversineKm(sydney, melbourne)).toBeCloseTo(713.43, 1);
    expect(haversineKm(melbourne, sydney)).toBeCloseTo(haversineKm(sydney, melbourne), 9);
    expect(haversineKm(sydney, sydney)).toBe(0);
  });
});

const answer = (status: number, body: unknown) =>
  vi.fn(
    async () =>
      new Response(JSON.stringify(body), {
        status,
        headers: { 'content-type': 'application/json' },
      }),
  );

describe('postcode geocoding', () => {
  it('calls {api}/geocode with the postcode and region and reads the point', async () => {
    const fetch = answer(200, {
      postcode: '4215',
      region: 'AU',
      lat: -27.97,
      long: 153.4,
      place: 'Southport',
    });
    const point = await geocodePostcode(' 4215 ', {
      apiBaseUrl: '/api',
      base: 'http://dealer.test/locations',
      region: 'AU',
      fetch,
    });
    expect(point).toEqual({ lat: -27.97, long: 153.4, place: 'Southport' });
    const url = (fetch.mock.calls[0] as unknown as [URL])[0];
    expect(String(url)).toBe('http://dealer.test/api/geocode?postcode=4215&region=AU');
  });

  it('answers "Invalid postcode" on 404, errors, empty answers and bad input', async () => {
    const base = { apiBaseUrl: '/api', base: 'http://dealer.test/' };
    await expect(
      geocodePostcode('9999', { ...base, fetch: answer(404, { error: 'not found' }) }),
    ).rejects.toThrow('Invalid postcode');
    await expect(
      geocodePostcode('9999', { ...base, fetch: answer(500, {}) }),
    ).rejects.toBeInstanceOf(GeocodeError);
    await expect(
      geocodePostcode('9999', { ...base, fetch: answer(200, { results: [] }) }),
    ).rejects.toThrow('Invalid postcode');
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const offline = vi.fn(async () => {
      throw new TypeError('fetch failed');
    });
    await expect(geocodePostcode('4215', { ...base, fetch: offline })).rejects.toThrow(
      'Invalid postcode',
    );
    error.mockRestore();
    const never = vi.fn();
    await expect(
      geocodePostcode('42a5', { ...base, pattern: /^\d{4}$/, fetch: never }),
    ).rejects.toThrow('Invalid postcode');
    expect(never).not.toHaveBeenCalled();
  });

  it('reads the first result of the usual answer shapes', () => {
    expect(
      readGeocodeAnswer({ results: [{ geometry: { location: { lat: 1, lng: 2 } } }] }),
    ).toEqual({ lat: 1, long: 2 });
    expect(readGeocodeAnswer([{ latitude: '3.5', longitude: '4.5' }])).toEqual({
      lat: 3.5,
      long: 4.5,
    });
    expect(readGeocodeAnswer({ lat: 91, long: 0 })).toBeUndefined();
  });
});
