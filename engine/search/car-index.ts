/**
 * The Car index as the product searches it: Car_production ranked by custom rank, its sort
 * replicas, the searchable attributes (text) and the facets. createCarSearchEngine() is what
 * the server (and a static build) calls with the inventory.
 */
import type { Car } from '../../schemas/types.gen.ts';
import { SearchEngine } from './engine.ts';
import type { EngineOptions } from './engine-types.ts';
import type { IndexSettings } from './search-index.ts';

export const CAR_INDEX = 'Car_production';

/** Sort choices and their replica index names. */
export const CAR_REPLICAS = {
  price_asc: `${CAR_INDEX}_price_asc`,
  price_desc: `${CAR_INDEX}_price_desc`,
  year_desc: `${CAR_INDEX}_year_desc`,
  km_asc: `${CAR_INDEX}_km_asc`,
  newest: `${CAR_INDEX}_newest`,
} as const;

export const CAR_FACETS = [
  'make',
  'model',
  'make_model',
  'badge',
  'series',
  'year',
  'car_type',
  'item_type',
  'status',
  'listing_state',
  'simple_body',
  'body',
  'simple_fuel',
  'simple_transmission',
  'drive',
  'colour',
  'seats',
  'doors',
  'price',
  'subscription_price',
  'weekly_price',
  'km',
  'price_range',
  'weekly_price_range',
  'categories',
  'filtered_features',
  'tag',
  'state',
  'city',
  'location_name',
  'dealership_name',
  'dealership_slug',
  'dealership_id',
  'reserved',
  'certified',
  'show_on_dealer_website',
];

/**
 * Whether a car shows a price: a price of 0 (or none) reads "Enquire for price" on its card.
 * The price replicas rank such cars last in both directions (desc(has_price) before the
 * price), so "Price: low to high" opens with the cheapest priced car; on Algolia the
 * indexer adds the same boolean to each record and the replicas' ranking names it
 * (engine/search/README.md, "Indexes and ranking").
 */
export function hasPrice(car: Record<string, unknown>): boolean {
  return typeof car.price === 'number' && car.price > 0;
}

const PRICED_FIRST = { attribute: 'has_price', order: 'desc' } as const;

export const CAR_INDEX_SETTINGS: IndexSettings = {
  searchableAttributes: ['name', 'make', 'model', 'badge', 'series', 'stocknum', 'vin'],
  exactOnlyAttributes: ['stocknum', 'vin'],
  attributesForFaceting: CAR_FACETS,
  // Every facet and sort attribute is built at start (about half a second), so no visitor's
  // first refinement pays for building a column.
  // slug: every car page looks its car up by it (a cold column could exceed the first request's time budget);
  // before_price: the featured-stock block's specials filter it (docs/content-blocks.md, "Featured stock").
  eagerAttributes: [
    ...CAR_FACETS,
    '_tags',
    'listed_until',
    'custom_rank',
    'created_at_timestamp',
    'id',
    'slug',
    'before_price',
  ],
  // has_price is worked out from price (the price replicas sort on it).
  computedAttributes: { has_price: hasPrice },
  customRanking: [
    { attribute: 'custom_rank', order: 'desc' },
    { attribute: 'id', order: 'asc' },
  ],
  replicas: {
    [CAR_REPLICAS.price_asc]: [PRICED_FIRST, { attribute: 'price', order: 'asc' }],
    [CAR_REPLICAS.price_desc]: [PRICED_FIRST, { attribute: 'price', order: 'desc' }],
    [CAR_REPLICAS.year_desc]: [{ attribute: 'year', order: 'desc' }],
    [CAR_REPLICAS.km_asc]: [{ attribute: 'km', order: 'asc' }],
    [CAR_REPLICAS.newest]: [{ attribute: 'created_at_timestamp', order: 'desc' }],
  },
  attributesToHighlight: ['name', 'make', 'model', 'badge', 'series', 'stocknum', 'vin'],
  paginationLimitedTo: 1000,
};

/**
 * An engine holding the cars as Car_production and its replicas, warmed up unless `warm` is
 * false (a server warms it once it answers requests: docs/deploy.md, "Memory and start-up").
 */
export function createCarSearchEngine(
  cars: readonly Car[],
  options: EngineOptions & { indexName?: string; warm?: boolean } = {},
): SearchEngine {
  const engine = new SearchEngine(options);
  const name = options.indexName ?? CAR_INDEX;
  const settings =
    name === CAR_INDEX
      ? CAR_INDEX_SETTINGS
      : {
          ...CAR_INDEX_SETTINGS,
          replicas: Object.fromEntries(
            Object.entries(CAR_INDEX_SETTINGS.replicas ?? {}).map(([k, v]) => [
              k.replace(CAR_INDEX, name),
              v,
            ]),
          ),
        };
  engine.addIndex(name, cars as unknown as Record<string, unknown>[], settings);
  if (options.warm !== false) engine.warm();
  return engine;
}
