/**
 * The Car index as the product searches it: Car_production ranked by custom rank, its sort
 * replicas, the searchable attributes (text) and the facets. createCarSearchEngine() is what
 * the server (and a static build) calls with the inventory.
 */
import type { Car } from '../../schemas/types.gen.ts';
import { SearchEngine } from './engine.ts';
import type { EngineOptions } from './engine-types.ts';
import type { IndexSettings, SortSpec } from './search-index.ts';
import {
  CAR_EXACT_ONLY,
  CAR_INTERNAL_FACETS,
  CAR_LIST_FACETS,
  CAR_RANGE_FACETS,
  CAR_SEARCHABLE,
  CAR_SORTS,
} from '../../schemas/car-attributes.gen.ts';

export const CAR_INDEX = 'Car_production';

type SortKey = keyof typeof CAR_SORTS;

/** Sort choices and their replica index names (the car schema's x-sort: docs/cars.md, "Car fields described once"). */
export const CAR_REPLICAS = Object.fromEntries(
  Object.keys(CAR_SORTS).map((k) => [k, `${CAR_INDEX}_${k}`]),
) as { readonly [K in SortKey]: string };

/** Every facet the index counts: the car schema's x-facet fields (lists, ranges, site filters' own). */
export const CAR_FACETS: string[] = [
  ...CAR_LIST_FACETS,
  ...CAR_RANGE_FACETS,
  ...CAR_INTERNAL_FACETS,
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

/** A replica's sort: a sort by price puts the priced cars first (hasPrice). */
const replicaSort = (sort: SortSpec): SortSpec[] =>
  sort.attribute === 'price' ? [PRICED_FIRST, sort] : [sort];

export const CAR_INDEX_SETTINGS: IndexSettings = {
  searchableAttributes: [...CAR_SEARCHABLE],
  exactOnlyAttributes: [...CAR_EXACT_ONLY],
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
  replicas: Object.fromEntries(
    (Object.keys(CAR_SORTS) as SortKey[]).map((k) => [CAR_REPLICAS[k], replicaSort(CAR_SORTS[k])]),
  ),
  attributesToHighlight: [...CAR_SEARCHABLE],
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
