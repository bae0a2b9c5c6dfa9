/**
 * Multi-query requests (Algolia's POST /1/indexes/*\/queries) over one engine or several.
 */
import { SearchError } from './errors.ts';
import { MAX_QUERIES_PER_REQUEST, WorkBudget } from './limits.ts';
import type { SearchEngine } from './engine.ts';
import type {
  FacetSearchResponse,
  MultiQueryRequest,
  RequestScope,
  SearchResponse,
} from './engine-types.ts';

/**
 * POST /1/indexes/*\/queries over engines chosen per index (`engineFor`: a site's own engine
 * or the whole stock's, engine/inventory/live-stock.ts): each request in order; a facet
 * request (type "facet") searches facet values.
 */
export function multipleQueriesOn(
  engineFor: (indexName: string) => SearchEngine,
  requests: MultiQueryRequest[],
  scope: RequestScope | ((indexName: string) => RequestScope) = {},
): { results: (SearchResponse | FacetSearchResponse)[] } {
  if (!Array.isArray(requests)) throw new SearchError('requests must be an array', 400);
  if (requests.length > MAX_QUERIES_PER_REQUEST)
    throw new SearchError('Too many queries in multi query request', 400);
  // The engines first: one built now (a site's first search) is the server's work, not the request's.
  const engines = requests.map((r) => {
    if (!r || typeof r !== 'object' || typeof r.indexName !== 'string')
      throw new SearchError('each request needs an indexName', 400);
    return engineFor(r.indexName);
  });
  // One budget for the whole request: fifty queries may not take fifty times as long.
  const budget = new WorkBudget();
  const scopeFor = (indexName: string): RequestScope => ({
    budget,
    ...(typeof scope === 'function' ? scope(indexName) : scope),
  });
  return {
    results: requests.map((r, i) => {
      const engine = engines[i];
      if (r.type === 'facet') {
        const { facet, ...rest } = r;
        if (typeof facet !== 'string' || !facet)
          throw new SearchError('a facet request needs a facet', 400);
        return engine.searchForFacetValues(r.indexName, facet, rest, scopeFor(r.indexName));
      }
      return engine.search(r.indexName, r, scopeFor(r.indexName));
    }),
  };
}
