/**
 * The embedded engine's Algolia-shaped requests and responses, its options, and what the
 * caller (not the request) decides about one search.
 */
import type { FacetHit, FacetStats } from './facets.ts';
import type { HighlightValue } from './highlight.ts';
import type { Budget } from './limits.ts';
import type { RawParams } from './params.ts';

export type Hit = Record<string, unknown> & {
  objectID: string;
  _highlightResult?: Record<string, HighlightValue>;
};

export interface SearchResponse {
  hits: Hit[];
  nbHits: number;
  page: number;
  nbPages: number;
  hitsPerPage: number;
  offset?: number;
  length?: number;
  facets: Record<string, Record<string, number>>;
  facets_stats?: Record<string, FacetStats>;
  exhaustiveFacetsCount: boolean;
  exhaustiveNbHits: boolean;
  exhaustiveTypo: boolean;
  exhaustive: { facetsCount: boolean; nbHits: boolean; typo: boolean };
  query: string;
  params: string;
  index: string;
  processingTimeMS: number;
  renderingContent: Record<string, never>;
  queryID?: string;
}

export interface FacetSearchResponse {
  facetHits: FacetHit[];
  exhaustiveFacetsCount: boolean;
  exhaustive: { facetsCount: boolean };
  processingTimeMS: number;
}

export interface MultiQueryRequest extends RawParams {
  indexName: string;
  type?: 'default' | 'facet';
  facet?: string;
  params?: string | RawParams;
}

export interface EngineOptions {
  /** Result cache entries (default 10, RESULT_CACHE_SIZE); 0 turns the cache off (benchmarks). */
  cacheSize?: number;
}

/** What the caller, not the request, decides about one search. */
export interface RequestScope {
  /**
   * A filter ANDed with whatever the request asks, which it cannot widen: the stock a public
   * request may see (public-access.ts).
   */
  baseFilter?: string;
  /** The time the request may take (default: a new WorkBudget, limits.ts). */
  budget?: Budget;
}
