/** The embedded search engine's public, isomorphic API (HTTP lives in http.ts, node only). */
export { SearchEngine } from './engine.ts';
export type {
  SearchResponse,
  FacetSearchResponse,
  MultiQueryRequest,
  Hit,
  EngineOptions,
} from './engine-types.ts';
export { SearchError } from './errors.ts';
export {
  createCarSearchEngine,
  CAR_INDEX,
  CAR_REPLICAS,
  CAR_FACETS,
  CAR_INDEX_SETTINGS,
} from './car-index.ts';
export { createLocalSearchClient, type LocalSearchClient } from './client.ts';
export {
  buildSiteFilter,
  presetFilter,
  plainStockFilter,
  soldCutoff,
  dealerFilter,
  quote,
  type SiteFilterSource,
} from './site-filter.ts';
export { displayCount, COUNT_LIMIT } from './result-count.ts';
export { algoliaProblems } from './algolia-compat.ts';
export { parseFilters } from './filter-parser.ts';
export { ResultCache, RESULT_CACHE_SIZE } from './cache.ts';
export type { IndexSettings, SortSpec } from './search-index.ts';
export {
  addDirectoryIndexes,
  modelRecords,
  dealerRecords,
  MODEL_INDEX,
  DEALER_INDEX,
  DIRECTORY_PAGE_SIZE,
} from './directory-indexes.ts';
