/**
 * Facets that narrow another facet (a model narrows its make). InstantSearch counts a chosen
 * facet from a request of its own that drops that facet's refinements but keeps every other
 * one, so once a model was chosen the make list was counted inside that model and offered
 * only the makes that have it: a buyer could not change make. The make's own request here
 * also drops the refinements of the facets it contains, so the make list offers every make
 * the rest of the search allows (docs/search-ui.md, "Filters").
 */
import type { LiteClient } from 'algoliasearch/lite';

/** A facet → the facets whose values lie inside one of its values. */
export const NARROWER_FACETS: Readonly<Record<string, readonly string[]>> = {
  make: ['model', 'make_model'],
};

type FacetFilters = (string | string[])[];

/**
 * One request of a multi-search with the narrower facets' filters dropped when it counts a
 * wider facet (`facets` names one: `"make"` and `["make"]` both read "make"). Kept small: the
 * search page's scripts are at their ceiling to the byte (docs/search-ui.md, "What ships when").
 */
export function widenFacetRequest<R>(request: R): R {
  const params = (
    request as { params?: { hitsPerPage?: number; facets?: unknown; facetFilters?: FacetFilters } }
  ).params;
  const narrower = params?.hitsPerPage === 0 && NARROWER_FACETS[String(params.facets)];
  if (!narrower || !Array.isArray(params.facetFilters)) return request;
  const keep = (f: string) => !narrower.includes(f.split(':')[0]);
  const facetFilters = params.facetFilters
    .map((f) => (Array.isArray(f) ? f.filter(keep) : keep(f) ? f : []))
    .filter((f) => f.length);
  return { ...request, params: { ...params, facetFilters } };
}

/** The client with every wider facet counted without its narrower facets' refinements (InstantSearch sends a list of requests). */
export const withDependentFacets = <C extends Pick<LiteClient, 'search'>>(client: C): C => ({
  ...client,
  search: (
    query: Parameters<LiteClient['search']>[0],
    options?: Parameters<LiteClient['search']>[1],
  ) => client.search(Array.isArray(query) ? query.map(widenFacetRequest) : query, options),
});
