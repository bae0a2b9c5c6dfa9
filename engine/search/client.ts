/**
 * The engine as an InstantSearch search client inside the browser (a static build has no
 * search server). InstantSearch and algoliasearch-helper need only search(): facet value
 * searches arrive as requests of type "facet", as with the v5 client. Errors reject like
 * algoliasearch's ApiError: an Error with a status.
 */
import type { SearchEngine, MultiQueryRequest, SearchResponse, FacetSearchResponse } from './engine.ts';
import { SearchError } from './errors.ts';

export interface LocalSearchClient {
  search(requests: MultiQueryRequest[] | { requests: MultiQueryRequest[] }): Promise<{ results: (SearchResponse | FacetSearchResponse)[] }>;
  clearCache(): Promise<void>;
}

export function createLocalSearchClient(engine: SearchEngine): LocalSearchClient {
  return {
    search(requests) {
      try {
        const list = Array.isArray(requests) ? requests : requests.requests;
        // Results are cached and shared; hand out copies so a caller's changes stay its own.
        return Promise.resolve(structuredClone(engine.multipleQueries(list)));
      } catch (err) {
        const e = err instanceof SearchError ? Object.assign(new Error(err.message), { name: 'ApiError', status: err.status }) : err;
        return Promise.reject(e);
      }
    },
    clearCache() {
      engine.cache.clear();
      return Promise.resolve();
    },
  };
}
