/** A small, hand-checked record set for engine tests (numbers chosen so every count is known). */
import { SearchEngine } from '../../../engine/search/engine.ts';
import type { IndexSettings } from '../../../engine/search/search-index.ts';

export interface TestCar {
  objectID: string;
  id: number;
  name: string;
  make: string;
  model: string;
  badge: string;
  stocknum: string;
  year: number;
  price: number;
  km: number;
  status: 'in_stock' | 'coming_soon' | 'sold';
  car_type: 'new' | 'used' | 'demo';
  show_on_dealer_website: boolean;
  sold_date_timestamp: number | null;
  tag: string | null;
  colour: string;
  features: string[];
  rank: number;
  _tags: string[];
}

const rows: [
  string,
  string,
  string,
  number,
  number,
  number,
  TestCar['status'],
  TestCar['car_type'],
  boolean,
  number | null,
  string | null,
  string,
  string[],
][] = [
  // make, model, badge, year, price, km, status, type, shown, sold at, tag, colour, features
  [
    'Ford',
    'Ranger',
    'XLT',
    2022,
    52990,
    30000,
    'in_stock',
    'used',
    true,
    null,
    null,
    'White',
    ['Tow Bar', 'Reversing Camera'],
  ],
  [
    'Ford',
    'Ranger',
    'Wildtrak',
    2024,
    69990,
    20,
    'in_stock',
    'new',
    true,
    null,
    'runout sale',
    'Blue',
    ['Tow Bar'],
  ],
  [
    'Ford',
    'Everest',
    'Trend',
    2023,
    64990,
    9000,
    'coming_soon',
    'demo',
    true,
    null,
    null,
    'Grey',
    [],
  ],
  [
    'Ford',
    'Puma',
    'ST-Line',
    2021,
    29990,
    41000,
    'sold',
    'used',
    true,
    1_000_000,
    null,
    'Red',
    ['Sunroof'],
  ],
  ['Ford', 'Mustang', 'GT', 2019, 59990, 35000, 'sold', 'used', true, 500_000, null, 'Red', []],
  [
    'Toyota',
    'HiLux',
    'SR5',
    2020,
    45990,
    80000,
    'in_stock',
    'used',
    true,
    null,
    'Test Drive Only',
    'White',
    ['Tow Bar', 'Sunroof'],
  ],
  [
    'Toyota',
    'Corolla',
    'Ascent Sport',
    2018,
    18990,
    95000,
    'in_stock',
    'used',
    true,
    null,
    null,
    'Silver',
    [],
  ],
  [
    'Toyota',
    'RAV4',
    'GXL',
    2023,
    0,
    12000,
    'in_stock',
    'used',
    false,
    null,
    null,
    'Black',
    ['Reversing Camera'],
  ],
  ['Mazda', 'CX-5', 'Touring', 2021, 34990, 50000, 'in_stock', 'used', true, null, null, 'Red', []],
  [
    'Land Rover',
    'Range Rover',
    'HSE',
    2017,
    89990,
    110000,
    'in_stock',
    'used',
    true,
    null,
    null,
    'Black',
    ['Sunroof'],
  ],
];

export const cars: TestCar[] = rows.map(
  (
    [make, model, badge, year, price, km, status, car_type, shown, sold, tag, colour, features],
    i,
  ) => ({
    objectID: String(i + 1),
    id: i + 1,
    name: `${year} ${make} ${model} ${badge}`,
    make,
    model,
    badge,
    stocknum: `STK${1000 + i}`,
    year,
    price,
    km,
    status,
    car_type,
    show_on_dealer_website: shown,
    sold_date_timestamp: sold,
    tag,
    colour,
    features,
    // Reverse record order, so the default ranking differs from insertion order.
    rank: 100 - i,
    _tags: [car_type, ...(tag ? [tag] : [])],
  }),
);

export const settings: IndexSettings = {
  searchableAttributes: ['name', 'make', 'model', 'badge', 'stocknum'],
  exactOnlyAttributes: ['stocknum'],
  attributesForFaceting: ['make', 'model', 'year', 'price', 'colour', 'status', 'features'],
  customRanking: [{ attribute: 'rank', order: 'desc' }],
  replicas: {
    cars_price_asc: [{ attribute: 'price', order: 'asc' }],
    cars_km_asc: [{ attribute: 'km', order: 'asc' }],
  },
  paginationLimitedTo: 1000,
};

export function makeEngine(cacheSize = 0) {
  const engine = new SearchEngine({ cacheSize });
  engine.addIndex('cars', cars as unknown as Record<string, unknown>[], settings);
  return engine;
}

export const ids = (hits: { objectID: string }[]) => hits.map((h) => Number(h.objectID));
