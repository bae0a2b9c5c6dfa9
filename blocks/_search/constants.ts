/** The search box waits this long after the last keystroke before searching (docs/search-ui.md, "Filters"). */
export const SEARCH_DELAY_MS = 300;

/** Every list filter a search address may name (the index's facets the search page refines: docs/search-ui.md, "Filters"). */
export const URL_LIST_ATTRIBUTES: ReadonlySet<string> = new Set([
  'car_type',
  'make',
  'model',
  'make_model',
  'badge',
  'series',
  'simple_body',
  'body',
  'simple_fuel',
  'simple_transmission',
  'drive',
  'colour',
  'seats',
  'doors',
  'categories',
  'filtered_features',
  'tag',
  'state',
  'city',
  'location_name',
  'dealership_name',
  'dealership_slug',
  'price_range',
  'weekly_price_range',
  'item_type',
  'status',
]);

/** The range filters a search address may carry (the search page's sliders). */
export const RANGE_ATTRIBUTES: ReadonlySet<string> = new Set([
  'price',
  'subscription_price',
  'weekly_price',
  'year',
  'km',
]);
