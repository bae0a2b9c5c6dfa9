/** GET /api/cars/{id} (lender disclaimers) and the PDF download. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CAR_NOT_FOUND } from '../../../engine/api/routes/cars.ts';
import { describeStores, fixtureCar, startApi, type TestApi } from './harness.ts';

describeStores('GET /api/cars', () => {
  const car = fixtureCar();
  // A car no site shows: its VIN, price and stock number are not public.
  const hidden = fixtureCar({
    id: 4321,
    objectID: '4321',
    slug: 'hidden-4321',
    show_on_dealer_website: false,
    vin: 'HIDDENVIN00004321',
  });
  let t: TestApi;
  const asked: unknown[] = [];
  beforeAll(async () => {
    t = await startApi({
      getCar: (id, site) => {
        asked.push([id, site]);
        return id === car.id ? car : id === hidden.id ? hidden : undefined;
      },
      getCarBySlug: async (slug) =>
        slug === car.slug
          ? car
          : slug === hidden.slug
            ? hidden
            : slug === 'sold-one'
              ? fixtureCar({ slug, status: 'sold', price: 0 })
              : undefined,
    });
  });
  afterAll(() => t.close());

  /** Checks the cross-reference table: every offset must point at its "N 0 obj". */
  function xrefIsExact(pdf: Buffer) {
    const text = pdf.toString('latin1');
    const start = Number(/startxref\n(\d+)\n%%EOF\n$/.exec(text)![1]);
    expect(text.slice(start, start + 4)).toBe('xref');
    const [, count] = /xref\n0 (\d+)\n/.exec(text.slice(start))!;
    const entries = text
      .slice(start)
      .split('\n')
      .slice(3, 2 + Number(count));
    entries.forEach((line, i) => {
      const offset = Number(line.slice(0, 10));
      expect(text.slice(offset, offset + `${i + 1} 0 obj`.length)).toBe(`${i + 1} 0 obj`);
    });
  }

  describe('GET /api/cars/{id}', () => {
    it("answers the car with its lenders' disclaimers", async () => {
      const res = await t.get('/cars/1234?site=au-motors');
      expect(res.status).toBe(200);
      expect(res.body.finance_lenders.Taurus.disclaimer).toBe(
        'Taurus disclaimer: 5 years, 10% deposit.',
      );
      expect(asked).toContainEqual([1234, 'au-motors']);
    });

    it('answers 404 when there is no such car', async () => {
      const res = await t.get('/cars/999');
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ error: CAR_NOT_FOUND });
      expect(res.headers.get('cache-control')).toBe('no-store');
    });

    it('answers a hidden car (show_on_dealer_website false) like an unknown one, by id and by slug, with a site or without', async () => {
      for (const path of [
        '/cars/4321',
        '/cars/4321?site=au-motors',
        '/cars/hidden-4321/pdf',
        '/cars/hidden-4321/pdf?site=au-motors',
      ]) {
        const res = await t.get(path);
        expect(res.status, path).toBe(404);
        expect(res.body, path).toEqual({ error: CAR_NOT_FOUND });
      }
    });

    it('answers 404 when the server has no car source', async () => {
      const bare = await startApi();
      try {
        expect((await bare.get('/cars/1234')).status).toBe(404);
        expect((await bare.get(`/cars/${car.slug}/pdf`)).status).toBe(404);
      } finally {
        await bare.close();
      }
    });
  });

  describe('GET /api/cars/{slug}/pdf', () => {
    it('downloads a valid PDF named {slug}.pdf with the name, price and key specs', async () => {
      const res = await fetch(`${t.base}/cars/${car.slug}/pdf?site=au-motors`);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('application/pdf');
      expect(res.headers.get('content-disposition')).toBe(`attachment; filename="${car.slug}.pdf"`);
      const pdf = Buffer.from(await res.arrayBuffer());
      const text = pdf.toString('latin1');
      expect(text.startsWith('%PDF-1.4\n')).toBe(true);
      expect(text.endsWith('%%EOF\n')).toBe(true);
      xrefIsExact(pdf);
      // WinAnsi keeps the é of Café as one byte.
      expect(text).toContain('(2021 Ford Ranger XLT \\(Caf\xe9\\)) Tj');
      expect(text).toContain('($45,990 drive away) Tj');
      for (const line of [
        'Odometer: 48,210 km',
        'Transmission: 10 Speed Automatic',
        'Colour: Meteor Grey',
        'VIN: MPBUMFF60MX123456',
        'Stock number: U1234',
      ]) {
        expect(text).toContain(`(${line}) Tj`);
      }
      // Empty specs (regplate null) are left out.
      expect(text).not.toContain('Rego:');
    });

    it('shows SOLD and the no-price text for a sold car without a price', async () => {
      const text = Buffer.from(
        await (await fetch(`${t.base}/cars/sold-one/pdf`)).arrayBuffer(),
      ).toString('latin1');
      expect(text).toContain('(SOLD) Tj');
      expect(text).toContain('(Enquire for price) Tj');
    });

    it('answers 404 for an unknown slug', async () => {
      const res = await t.get('/cars/no-such-car/pdf');
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ error: CAR_NOT_FOUND });
    });
  });
});
