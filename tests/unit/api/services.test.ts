/** Geocoding, captcha and reviews. */
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INVALID_POSTCODE } from '../../../engine/api/adapters/geocoding.ts';
import { describeStores, ROOT, schemaProblems, startApi, type TestApi } from './harness.ts';

describeStores('services', () => {
  let t: TestApi;
  beforeAll(async () => {
    t = await startApi();
  });
  afterAll(() => t.close());

  describe('GET /api/geocode', () => {
    it('finds a postcode in the embedded table', async () => {
      const res = await t.get('/geocode?postcode=4215');
      expect(res.status).toBe(200);
      expect(schemaProblems('geocode-result', res.body)).toEqual([]);
      expect(res.body).toEqual({
        postcode: '4215',
        region: 'AU',
        lat: -27.967,
        long: 153.4,
        place: 'Southport',
        state: 'QLD',
        approximate: false,
      });
      expect(res.headers.get('cache-control')).toBe('public, max-age=86400');
    });

    it('uses the nearest known postcode of the same area, marked approximate', async () => {
      const res = await t.get('/geocode?postcode=4219');
      expect(res.body).toMatchObject({ place: 'Broadbeach', approximate: true });
    });

    it('covers NZ and US', async () => {
      expect((await t.get('/geocode?postcode=1061&region=NZ')).body).toMatchObject({
        place: 'Penrose',
        region: 'NZ',
      });
      expect((await t.get('/geocode?postcode=53704&region=US')).body).toMatchObject({
        place: 'Madison',
        state: 'WI',
      });
    });

    it('answers "Invalid postcode" when there is no result', async () => {
      for (const path of [
        '/geocode?postcode=0000',
        '/geocode?postcode=1999',
        '/geocode?postcode=00000&region=US',
      ]) {
        const res = await t.get(path);
        expect(res.status, path).toBe(404);
        expect(res.body).toEqual({ error: INVALID_POSTCODE });
      }
      const malformed = await t.get('/geocode?postcode=42a5');
      expect(malformed.status).toBe(400);
      expect(malformed.body).toEqual({
        error: INVALID_POSTCODE,
        fields: [
          { path: '/postcode', message: 'Invalid postcode. Please enter a 4-digit number.' },
        ],
      });
    });
  });

  describe('GET /api/captcha', () => {
    it('issues a signed arithmetic question, never cached', async () => {
      const res = await t.get('/captcha');
      expect(schemaProblems('captcha-challenge', res.body)).toEqual([]);
      expect(res.body.question).toMatch(/^What is \d+ [+-] \d+\?$/);
      expect(res.headers.get('cache-control')).toBe('no-store');
    });
  });

  describe('reviews', () => {
    it('rates the sample site gold-coast-ford 4.7 over 137 reviews, leaving out hidden and translated ones', async () => {
      const real = await startApi({ sitesDir: join(ROOT, 'sites') });
      try {
        const res = await real.get('/reviews/snap21?orgId=gold-coast-ford');
        expect(res.status).toBe(200);
        expect(schemaProblems('reviews-rating', res.body)).toEqual([]);
        expect(res.body).toEqual({ rating: 4.7, stars: 4.5, count: 137 });
        expect(res.headers.get('cache-control')).toBe('public, max-age=300');
        // orgId may also be the site's numeric id.
        expect((await real.get('/reviews/snap21?orgId=101')).body.count).toBe(137);
      } finally {
        await real.close();
      }
    });

    it('lists published reviews newest first in the review-set shape', async () => {
      const res = await t.get('/reviews?site=au-motors&limit=5');
      expect(res.status).toBe(200);
      expect(schemaProblems('review-set', res.body)).toEqual([]);
      expect(res.body.reviews).toHaveLength(5);
      expect(Number(res.body.average_rating)).toBeGreaterThan(4);
      const dates = res.body.reviews.map((r: { review_date: string }) =>
        r.review_date.split('/').reverse().join(''),
      );
      expect([...dates].sort().reverse()).toEqual(dates);
      for (const r of res.body.reviews) expect(r.text ?? '').not.toMatch(/Translated/);
    });

    it('seeds once: the same reviews on every call', async () => {
      const a = await t.get('/reviews/snap21?orgId=nz-motors');
      const b = await t.get('/reviews/snap21?orgId=502');
      expect(b.body).toEqual(a.body);
      expect(a.body.count).toBeGreaterThan(0);
    });

    it('answers 404 for an unknown organisation', async () => {
      expect((await t.get('/reviews/snap21?orgId=nowhere')).status).toBe(404);
    });
  });
});
