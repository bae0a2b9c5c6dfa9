/**
 * The engine as an InstantSearch search client inside the browser (a static build has no
 * search server). InstantSearch and algoliasearch-helper need only search(): facet value
 * searches arrive as requests of type "facet", as with the v5 client. Errors reject like
 * algoliasearch's ApiError: an Error with a status.
 */
import type { SearchEngine } from './engine.ts';
import type { MultiQueryRequest, SearchResponse, FacetSearchResponse } from './engine-types.ts';
import { multipleQueriesOn } from './multi-query.ts';
import { CAR_INDEX } from './car-index.ts';
import { SearchError } from './errors.ts';
import { WorkBudget } from './limits.ts';

export interface LocalSearchClient {
  search(
    requests: MultiQueryRequest[] | { requests: MultiQueryRequest[] },
  ): Promise<{ results: (SearchResponse | FacetSearchResponse)[] }>;
  clearCache(): Promise<void>;
}

export interface LocalSearchOptions {
  /**
   * The time each search() may take (default: a public request's, limits.ts). The server's
   * own page rendering gives more (SERVER_RENDER_BUDGET_MS): a page rendered empty because
   * the first search after a start built a column is worse than a slower first page.
   */
  budgetMs?: number;
}

/** The work budget of the server's own searches while it renders a page. */
export const SERVER_RENDER_BUDGET_MS = 2_000;

/**
 * `engine` may be a function of the index searched, asked at each search (a server's site
 * engine is built when first searched, and the directories have their own: engine/server/services.ts).
 */
export function createLocalSearchClient(
  engine: SearchEngine | ((indexName: string) => SearchEngine),
  options: LocalSearchOptions = {},
): LocalSearchClient {
  const engineOf = typeof engine === 'function' ? engine : () => engine;
  return {
    search(requests) {
      try {
        const list = Array.isArray(requests) ? requests : requests.requests;
        // Started when the first query runs, after its engine is there (multipleQueriesOn).
        let budget: WorkBudget | undefined;
        const scope =
          options.budgetMs === undefined
            ? {}
            : () => ({ budget: (budget ??= new WorkBudget(options.budgetMs)) });
        // Results are cached and shared; hand out copies so a caller's changes stay its own.
        return Promise.resolve(structuredClone(multipleQueriesOn(engineOf, list, scope)));
      } catch (err) {
        const e =
          err instanceof SearchError
            ? Object.assign(new Error(err.message), { name: 'ApiError', status: err.status })
            : err;
        return Promise.reject(e);
      }
    },
    clearCache() {
      engineOf(CAR_INDEX).cache.clear();
      return Promise.resolve();
    },
  };
}
