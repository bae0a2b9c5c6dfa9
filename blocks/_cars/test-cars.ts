/**
 * Test helpers for the car rules (tests only; never imported by a block): the schema's
 * default feature switches and a plausible car to vary.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Car } from '../../schemas/types.gen.ts';
import type { Features } from './rules.ts';

const schema = JSON.parse(
  readFileSync(join(import.meta.dirname, '../../schemas/features.schema.json'), 'utf8'),
) as {
  properties: Record<string, { default: unknown }>;
};

/** Every switch at its schema default, then the overrides. */
export function features(overrides: Partial<Features> = {}): Features {
  const base = Object.fromEntries(
    Object.entries(schema.properties).map(([k, v]) => [k, structuredClone(v.default)]),
  );
  return { ...base, ...overrides } as Features;
}

/** Fixed "now" of the tests: 2026-06-15 12:00 UTC. */
export const NOW = Date.UTC(2026, 5, 15, 12);
export const DAY = 86_400_000;

export function car(overrides: Partial<Car> = {}): Car {
  return {
    id: 1001,
    objectID: '1001',
    slug: '2022-toyota-corolla-ascent-sport-1001',
    name: '2022 Toyota Corolla Ascent Sport',
    year: 2022,
    make: 'Toyota',
    model: 'Corolla',
    badge: 'Ascent Sport',
    series: 'MY22',
    body: 'hatch',
    car_type: 'used',
    item_type: 'car',
    status: 'in_stock',
    sold: false,
    sold_date_timestamp: null,
    show_on_dealer_website: true,
    reserved: false,
    certified: false,
    preorder: false,
    tag: null,
    created_at: new Date(NOW - 30 * DAY).toISOString(),
    price: 27990,
    price_type: 'drive_away',
    before_price: null,
    offer_price: null,
    subscription_price: null,
    weekly_price: 120,
    currency: 'AUD',
    km: 42000,
    odometer_unit: 'km',
    stocknum: 'SMU10001',
    vin: 'JTDBR32E620012345',
    regplate: 'ABC123',
    rego_expiry: '2026-09-30',
    compliance_date: '2022-03',
    build_date: '2022-02',
    seats: 5,
    doors: 5,
    colour: 'Glacier White',
    drive: 'FWD',
    fuel: 'Petrol - Unleaded ULP',
    simple_fuel: 'Petrol',
    simple_body: 'Hatch',
    simple_transmission: 'Automatic',
    trans: '10 Speed CVT',
    engine_size: '2.0L',
    variant: {
      cylinders: 4,
      enginesize: 1987,
      enginesize_litres: 2,
      induction: 'Aspirated',
      power: 126,
      torque: 202,
    },
    dealercomments: 'One owner.|Full service history.',
    description: 'One owner.',
    photos_count: 3,
    images: [1, 2, 3].map((n) => ({
      url: `/assets/cars/1001/${n}.svg?w=800`,
      thumb_url: `/assets/cars/1001/${n}.svg?w=320`,
    })),
    thumbnails: [1, 2, 3].map((n) => `/assets/cars/1001/${n}.svg?w=320`),
    primary_image_url: '/assets/cars/1001/1.svg?w=800',
    file: null,
    dealership_id: 21,
    dealership_slug: 'southern-toyota',
    dealership_name: 'Southern Toyota',
    location: {
      id: 31,
      slug: 'southern-toyota-sales',
      phone: '07 5555 0101',
      city: 'Brisbane',
      state: 'QLD',
      location_name: 'Southern Toyota',
      distribution_locations: [],
    },
    location_id: 31,
    location_name: 'Southern Toyota',
    city: 'Brisbane',
    state: 'QLD',
    standardEquipment: ['Reversing camera', 'Apple CarPlay'],
    views: 10,
    payment_processors: ['stripe'],
    finance_lenders: {
      Taurus: {
        interestRate: 8.99,
        comparisonRate: 9.6,
        paymentWeek: 119.6,
        paymentMonth: 518,
        termMonths: 60,
        disclaimer: 'Taurus disclaimer.',
      },
    },
    autograb_data: null,
    make_model: 'Toyota Corolla',
    price_range: '20000-30000',
    listing_state: 'available',
    listed_until: 9_999_999_999,
    created_at_timestamp: Math.floor((NOW - 30 * DAY) / 1000),
    custom_rank: 1,
    ...overrides,
  };
}
