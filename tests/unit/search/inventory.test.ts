/** The generated inventory: deterministic, schema-valid, realistic in the ways the product relies on; photos. */
import { join } from 'node:path';
import express from 'express';
import { beforeAll, describe, expect, it } from 'vitest';
import countBy from 'lodash-es/countBy.js';
import { createAjv } from '../../../engine/schema/validator.ts';
import {
  carPhotoSvg,
  carPhotosRouter,
  generateInventory,
  DEFAULT_COUNT,
  loadInventory,
  readCatalogue,
  readInventorySites,
} from '../../../demo/defaults.ts';
import { LISTED_FOREVER, priceRange, weeklyPriceRange } from '../../../engine/inventory/derive.ts';
import { monthlyRepayment } from '../../../engine/inventory/finance.ts';
import type { Car } from '../../../schemas/types.gen.ts';

const sitesDir = join(import.meta.dirname, '../../../sites');
const NOW = Date.UTC(2025, 5, 15);
const DAY = 86400;

let cars: Car[];

beforeAll(() => {
  cars = loadInventory(sitesDir, { now: NOW });
});

describe('inventory generator', () => {
  // How fast is the platform bench's to say (start-up), not a timed test's.
  it('makes at least 20,000 cars', () => {
    expect(cars.length).toBe(DEFAULT_COUNT);
    expect(DEFAULT_COUNT).toBeGreaterThanOrEqual(20000);
  });

  it('is deterministic: same seed, same cars; another seed, other cars; car n independent of the count', () => {
    const options = {
      catalogue: readCatalogue(sitesDir),
      sites: readInventorySites(sitesDir),
      now: NOW,
    };
    const a = generateInventory({ ...options, count: 300 });
    expect(JSON.stringify(generateInventory({ ...options, count: 300 }))).toBe(JSON.stringify(a));
    expect(JSON.stringify(a)).toBe(JSON.stringify(cars.slice(0, 300)));
    const other = generateInventory({ ...options, count: 300, seed: 7 });
    expect(other.map((c) => c.vin)).not.toEqual(a.map((c) => c.vin));
  });

  it('every car validates against schemas/car.schema.json', () => {
    const validate = createAjv().getSchema('https://forecourt.dev/schemas/car.schema.json')!;
    const sample = cars.filter((c, i) => i % 7 === 0 || c.item_type !== 'car');
    for (const car of sample) {
      if (!validate(car))
        throw new Error(`car ${car.id}: ${JSON.stringify(validate.errors?.slice(0, 3))}`);
    }
    expect(sample.length).toBeGreaterThan(3000);
  });

  it('keys are unique: id, slug, stock number, VIN', () => {
    for (const key of ['id', 'slug', 'stocknum', 'vin'] as const)
      expect(new Set(cars.map((c) => c[key])).size).toBe(cars.length);
  });

  it('car types follow the dealerships: new only of their makes, the NZ yard used only', () => {
    const sites = readInventorySites(sitesDir);
    const makesOf = new Map(
      sites
        .flatMap((s) => s.dealerships ?? [])
        .map((d) => [d.slug, new Set(d.manufacturers ?? [])]),
    );
    const newCars = cars.filter((c) => c.car_type !== 'used');
    expect(newCars.length).toBeGreaterThan(5000);
    for (const c of newCars)
      expect(makesOf.get(c.dealership_slug)!.has(c.make), `${c.name} at ${c.dealership_slug}`).toBe(
        true,
      );
    const kiwi = cars.filter((c) => c.dealership_slug === 'kiwi-car-yard');
    expect(kiwi.length).toBeGreaterThan(1000);
    expect(new Set(kiwi.map((c) => c.car_type))).toEqual(new Set(['used']));
    expect(new Set(kiwi.map((c) => c.currency))).toEqual(new Set(['NZD']));
  });

  it('the US dealer prices in USD with odometers in miles', () => {
    const us = cars.filter((c) => c.dealership_slug === 'lakeside-chevrolet');
    expect(us.length).toBeGreaterThan(1000);
    expect(
      us.every((c) => c.currency === 'USD' && c.odometer_unit === 'mi' && c.state === 'WI'),
    ).toBe(true);
    const usedAu = cars.filter(
      (c) => c.currency === 'AUD' && c.car_type === 'used' && c.year === 2019,
    );
    const usedUs = us.filter((c) => c.car_type === 'used' && c.year === 2019);
    const mean = (list: Car[]) => list.reduce((s, c) => s + c.km, 0) / list.length;
    expect(mean(usedUs)).toBeLessThan(mean(usedAu) * 0.8);
  });

  it('statuses: mostly in stock, some coming soon, some recently sold with a sold date', () => {
    const share = countBy(cars, 'status');
    expect(share.in_stock / cars.length).toBeGreaterThan(0.8);
    expect(share.coming_soon / cars.length).toBeGreaterThan(0.03);
    expect(share.sold / cars.length).toBeGreaterThan(0.03);
    for (const c of cars) {
      if (c.status === 'sold') {
        expect(c.sold).toBe(true);
        expect(c.sold_date_timestamp!).toBeGreaterThan(NOW / 1000 - 13 * DAY);
        expect(c.sold_date_timestamp!).toBeLessThanOrEqual(NOW / 1000);
        expect(c.listed_until).toBe(c.sold_date_timestamp);
      } else {
        expect(c.sold_date_timestamp).toBeNull();
        expect(c.listed_until).toBe(LISTED_FOREVER);
      }
    }
    expect(
      cars.filter((c) => c.status === 'sold' && c.sold_date_timestamp! > NOW / 1000 - 3 * DAY)
        .length,
    ).toBeGreaterThan(100);
    expect(cars.some((c) => !c.show_on_dealer_website)).toBe(true);
    expect(cars.some((c) => c.reserved)).toBe(true);
    expect(cars.some((c) => c.certified && c.make === 'Toyota')).toBe(true);
  });

  it('prices fall with age and km; new cars cost more than used ones of the same model', () => {
    const rangers = cars.filter((c) => c.make_model === 'Ford Ranger' && c.price > 0);
    const avg = (list: Car[]) => list.reduce((s, c) => s + c.price, 0) / list.length;
    const fresh = rangers.filter((c) => c.car_type === 'new');
    const old = rangers.filter((c) => c.car_type === 'used' && c.year <= 2019);
    expect(fresh.length).toBeGreaterThan(50);
    expect(old.length).toBeGreaterThan(5);
    expect(avg(fresh)).toBeGreaterThan(avg(old) * 1.5);
    const used = cars.filter(
      (c) => c.car_type === 'used' && c.item_type === 'car' && c.currency === 'AUD',
    );
    const kmByAge = (lo: number, hi: number) => {
      const l = used.filter((c) => 2025 - c.year >= lo && 2025 - c.year <= hi);
      return l.reduce((s, c) => s + c.km, 0) / l.length;
    };
    expect(kmByAge(8, 12)).toBeGreaterThan(kmByAge(1, 3) * 2);
    expect(
      cars
        .filter((c) => c.price === 0)
        .every((c) => c.price_type === 'poa' && c.price_range === 'POA'),
    ).toBe(true);
  });

  it('a realistic body mix, tags, caravans with specs and motorcycles', () => {
    const bodies = countBy(cars, 'simple_body');
    expect(bodies.SUV).toBeGreaterThan(bodies.Sedan);
    expect(bodies.Ute).toBeGreaterThan(1000);
    const tags = countBy(
      cars.filter((c) => c.tag),
      'tag',
    );
    expect(tags['Test Drive Only']).toBeGreaterThan(20);
    expect(tags['runout sale']).toBeGreaterThan(20);
    const caravans = cars.filter((c) => c.item_type === 'caravan' && c.body === 'caravan');
    expect(caravans.length).toBeGreaterThan(50);
    for (const c of caravans) {
      expect(c.body_length).toBeGreaterThan(4000);
      expect(c.tare_weight).toBeGreaterThan(1000);
      expect(c.aggregate_trailer_mass!).toBeGreaterThan(c.tare_weight!);
      expect(['Single', 'Tandem']).toContain(c.axle_type);
      expect(c.sleeps).toBeGreaterThanOrEqual(2);
      expect(c.km).toBe(0);
    }
    const bikes = cars.filter((c) => c.item_type === 'motorcycle');
    expect(bikes.length).toBeGreaterThan(100);
    expect(new Set(bikes.map((c) => c.make))).toContain('Harley-Davidson');
    expect(new Set(cars.map((c) => c.make)).size).toBeGreaterThan(100);
  });

  it('detail fields: finance by provider, market data, location, equipment, comments with | sections', () => {
    const taurus = cars.find((c) => c.finance_lenders.Taurus)!;
    const t = taurus.finance_lenders.Taurus!;
    expect(t.comparisonRate!).toBeGreaterThan(t.interestRate!);
    expect(Math.abs(t.paymentWeek! - (t.paymentMonth! * 12) / 52)).toBeLessThanOrEqual(1);
    expect(
      Math.abs(
        t.paymentMonth! -
          monthlyRepayment(taurus.price - t.deposit!, t.interestRate!, 60, t.balloon!),
      ),
    ).toBeLessThanOrEqual(1);
    expect(t.deposit).toBe(Math.round(taurus.price * 0.1));
    expect(t.termMonths).toBe(60);
    expect(cars.some((c) => c.finance_lenders['Nissan Finance'] === undefined)).toBe(true);
    expect(cars.filter((c) => c.autograb_data).length).toBeGreaterThan(1000);
    const multi = cars.find((c) => c.location.distribution_locations.length > 0)!;
    expect(multi.location.phone).toBeTruthy();
    expect(cars.filter((c) => c.dealercomments.split('|').length >= 3).length).toBeGreaterThan(
      15000,
    );
    expect(cars.some((c) => c.dealercomments === '')).toBe(true);
    expect(cars.some((c) => c.standardEquipment.length === 0)).toBe(true);
    expect(cars.some((c) => c.standardEquipment.includes('Apple CarPlay'))).toBe(true);
  });

  it('derived buckets', () => {
    expect(priceRange(0)).toBe('POA');
    expect(priceRange(9999)).toBe('0-10000');
    expect(priceRange(20000)).toBe('20000-30000');
    expect(priceRange(200000)).toBe('150000+');
    expect(weeklyPriceRange(null)).toBeNull();
    expect(weeklyPriceRange(149)).toBe('100-150');
    expect(weeklyPriceRange(650)).toBe('500+');
  });
});

describe('car photos', () => {
  it('draws the car in its colour and body at the width asked, 4:3, clamped', () => {
    const car = cars.find((c) => c.body === 'ute' && c.colour === 'Red')!;
    const svg = carPhotoSvg(car, 1, 320);
    expect(svg).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg"/);
    expect(svg).toContain('width="320" height="240"');
    expect(svg).toContain('fill="#b3261e"');
    expect(svg).toContain(car.name);
    expect(carPhotoSvg(car, 2, 99999)).toContain('width="2000" height="1500"');
    expect(carPhotoSvg(car, 2, 10)).toContain('width="80" height="60"');
    expect(carPhotoSvg(car, 2)).not.toBe(carPhotoSvg(car, 3));
    const van = cars.find((c) => c.body === 'van' && c.colour === 'Red')!;
    expect(carPhotoSvg(van, 1, 320).replace(van.name, '')).not.toBe(svg.replace(car.name, ''));
  });

  it('the router serves photos that exist and 404s the rest', async () => {
    const byId = new Map(cars.map((c) => [String(c.id), c]));
    const app = express().use(
      '/assets',
      carPhotosRouter((id) => byId.get(id)),
    );
    const server = app.listen(0, '127.0.0.1');
    await new Promise((r) => server.once('listening', r));
    const { port } = server.address() as { port: number };
    try {
      const car = cars.find((c) => c.photos_count > 3)!;
      // One address per photo, drawn at the width asked for and 800 wide when none is.
      expect(car.images[1].thumb_url).toBe(car.images[1].url);
      expect(car.thumbnails[1]).toBe(car.images[1].url);
      const ok = await fetch(`http://127.0.0.1:${port}${car.images[1].url}?w=640`);
      expect(ok.status).toBe(200);
      expect(ok.headers.get('content-type')).toMatch(/image\/svg\+xml/);
      expect(await ok.text()).toContain('width="640" height="480"');
      expect(await (await fetch(`http://127.0.0.1:${port}${car.images[1].url}`)).text()).toContain(
        'width="800" height="600"',
      );
      expect(
        (await fetch(`http://127.0.0.1:${port}/assets/cars/${car.id}/${car.photos_count + 1}.svg`))
          .status,
      ).toBe(404);
      expect((await fetch(`http://127.0.0.1:${port}/assets/cars/999999/1.svg`)).status).toBe(404);
      expect((await fetch(`http://127.0.0.1:${port}/assets/cars/${car.id}/0.svg`)).status).toBe(
        404,
      );
    } finally {
      server.close();
    }
  });
});
