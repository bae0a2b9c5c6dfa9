import { describe, expect, it } from 'vitest';
import { allSpecifications, carSummary, featureList, keyInformation } from './specs.ts';
import { carHead, carJsonLd, missingCarHead } from './seo.ts';
import { atWidth, carPhotos, cardImage } from './images.ts';
import { car } from './test-cars.ts';
import { prepareDemoSite } from '../_shared/test-utils.tsx';

const f = { number: (n: number) => n.toLocaleString('en-AU'), preOwned: false };

describe('detail lists', () => {
  it('key information leaves out empty, null and "null" values', () => {
    const rows = keyInformation(car({ drive: null, colour: 'null' }), f);
    expect(rows.map((r) => r.label)).toEqual([
      'Condition',
      'Odometer',
      'Body',
      'Transmission',
      'Fuel',
      'Stock number',
    ]);
    expect(rows[1]).toEqual({ label: 'Odometer', value: '42,000 km' });
    expect(keyInformation(car({ car_type: 'used' }), { ...f, preOwned: true })[0].value).toBe(
      'Pre-Owned',
    );
  });
  it('car summary is the detail list, 8 rows at most', () => {
    const rows = carSummary(car(), f);
    expect(rows).toHaveLength(8);
    expect(rows[0]).toEqual({ label: 'Year', value: '2022' });
    expect(carSummary(car({ series: null, badge: '' }), f).map((r) => r.label)).not.toContain(
      'Series',
    );
  });
  it('all specifications: variant details; caravans add their specs with feet in metres', () => {
    const rows = allSpecifications(
      car({ variant: { cylinders: 4, power: 126, torque: null, induction: 'null' } }),
      f,
    );
    expect(rows).toEqual([
      { label: 'Cylinders', value: '4' },
      { label: 'Power', value: '126 kW' },
    ]);
    const van = allSpecifications(
      car({
        item_type: 'caravan',
        badge: '19ft',
        variant: {},
        body_length: 5791,
        body_width: 2400,
        tare_weight: 2100,
        aggregate_trailer_mass: 2700,
        axle_type: 'Tandem',
        sleeps: 4,
      }),
      f,
    );
    expect(van[0]).toEqual({ label: 'Caravan length', value: '19 ft (5.79 m)' });
    expect(van.map((r) => r.label)).toEqual([
      'Caravan length',
      'Body length',
      'Body width',
      'Tare weight',
      'Aggregate trailer mass (ATM)',
      'Axles',
      'Sleeps',
    ]);
  });
  it('features without blanks or repeats', () => {
    expect(featureList(car({ standardEquipment: ['A', ' ', 'A', 'null', 'B'] }))).toEqual([
      'A',
      'B',
    ]);
  });
});

describe('photos', () => {
  it('asks the platform for the widths a layout needs', () => {
    expect(atWidth('/assets/cars/9/1.svg?w=320', 800)).toBe('/assets/cars/9/1.svg?w=800');
    expect(cardImage('/assets/cars/9/1.svg?w=320').srcSet).toBe(
      '/assets/cars/9/1.svg?w=320 320w,/assets/cars/9/1.svg?w=480 480w,/assets/cars/9/1.svg?w=640 640w,/assets/cars/9/1.svg?w=800 800w',
    );
    expect(cardImage('https://cdn.example/x.jpg').srcSet).toBeUndefined();
    expect(carPhotos(car({ images: [], thumbnails: ['/assets/cars/9/1.svg?w=320'] }))).toEqual([
      '/assets/cars/9/1.svg?w=800',
    ]);
  });
});

describe('structured data', () => {
  const { site } = prepareDemoSite({ site: 'southern-motor-group' });
  const c = car({ location_id: 21, model: 'Corolla', badge: 'Ascent Sport' });

  it('schema.org Car with an Offer: model without trim, trim as vehicleConfiguration, mileage, VIN, condition, price and currency, AutoDealer seller', () => {
    const ld = carJsonLd(c, site, 'https://dealer.test');
    expect(ld).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'Car',
      name: '2022 Toyota Corolla Ascent Sport',
      model: 'Corolla',
      vehicleConfiguration: 'Ascent Sport',
      mileageFromOdometer: { '@type': 'QuantitativeValue', value: 42000, unitCode: 'KMT' },
      vehicleIdentificationNumber: 'JTDBR32E620012345',
      itemCondition: 'https://schema.org/UsedCondition',
      offers: {
        '@type': 'Offer',
        price: 27990,
        priceCurrency: 'AUD',
        availability: 'https://schema.org/InStock',
        seller: {
          '@type': 'AutoDealer',
          name: 'Southern Toyota',
          telephone: '03 9555 2101',
          address: { addressLocality: 'Frankston', postalCode: '3199' },
        },
      },
    });
    expect((ld.image as string[])[0]).toBe('https://dealer.test/assets/cars/1001/1.svg?w=800');
    expect(carJsonLd(car({ car_type: 'new' }), site, 'https://d.test').itemCondition).toBe(
      'https://schema.org/NewCondition',
    );
    expect(
      (carJsonLd(car({ price: 0 }), site, 'https://d.test').offers as Record<string, unknown>)
        .price,
    ).toBeUndefined();
    expect(
      (
        carJsonLd(car({ status: 'sold', sold: true }), site, 'https://d.test').offers as Record<
          string,
          unknown
        >
      ).availability,
    ).toBe('https://schema.org/SoldOut');
    expect(
      carJsonLd(car({ odometer_unit: 'mi' }), site, 'https://d.test').mileageFromOdometer,
    ).toMatchObject({ unitCode: 'SMI' });
  });

  it('head: title with price, description, Open Graph product tags; missing car 404 noindex', () => {
    const head = carHead(c, site, 'https://dealer.test');
    expect(head.title).toBe('2022 Toyota Corolla Ascent Sport – $27,990 | Southern Motor Group');
    expect(head.description).toContain('42,000 km');
    expect(head.meta).toContainEqual({ property: 'og:type', content: 'product' });
    expect(head.meta).toContainEqual({
      property: 'og:image',
      content: 'https://dealer.test/assets/cars/1001/1.svg?w=800',
    });
    expect(head.jsonLd).toHaveLength(1);
    expect(carHead(car({ status: 'sold', sold: true }), site, 'https://d.test').title).toBe(
      '2022 Toyota Corolla Ascent Sport – SOLD | Southern Motor Group',
    );
    expect(missingCarHead(site)).toMatchObject({
      status: 404,
      meta: [{ name: 'robots', content: 'noindex' }],
    });
  });
});
