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

type SearchArgs = Parameters<LiteClient['search']>;
type FacetFilter = string | FacetFilter[];

const attributeOf = (filter: string) => filter.slice(0, filter.indexOf(':'));

/** `facetFilters` without the filters of `attributes` (an OR group left empty goes). */
function withoutAttributes(filters: FacetFilter[], attributes: readonly string[]): FacetFilter[] {
  const kept: FacetFilter[] = [];
  for (const f of filters) {
    if (typeof f === 'string') {
      if (!attributes.includes(attributeOf(f))) kept.push(f);
      continue;
    }
    const group = f.filter((g) => typeof g !== 'string' || !attributes.includes(attributeOf(g)));
    if (group.length) kept.push(group);
  }
  return kept;
}

/** The one facet a facet-count request asks for, or undefined for a request of hits. */
function countedFacet(params: Record<string, unknown>): string | undefined {
  if (params.hitsPerPage !== 0) return undefined;
  const facets = params.facets;
  if (typeof facets === 'string') return facets;
  return Array.isArray(facets) && facets.length === 1 ? String(facets[0]) : undefined;
}

/** One request of a multi-search with the narrower facets' filters dropped when it counts a wider facet. */
export function widenFacetRequest<R>(request: R): R {
  const params = (request as { params?: Record<string, unknown> }).params;
  if (!params || typeof params !== 'object') return request;
  const facet = countedFacet(params);
  const narrower = facet ? NARROWER_FACETS[facet] : undefined;
  if (!narrower || !Array.isArray(params.facetFilters)) return request;
  const facetFilters = withoutAttributes(params.facetFilters as FacetFilter[], narrower);
  const next = { ...params, facetFilters };
  if (!facetFilters.length) delete (next as { facetFilters?: unknown }).facetFilters;
  return { ...request, params: next };
}

/** The client with every wider facet counted without its narrower facets' refinements. */
export function withDependentFacets<C extends Pick<LiteClient, 'search'>>(client: C): C {
  const search = (...[query, options]: SearchArgs) => {
    const widened = Array.isArray(query)
      ? query.map(widenFacetRequest)
      : { ...query, requests: query.requests.map(widenFacetRequest) };
    return client.search(widened as SearchArgs[0], options);
  };
  return { ...client, search } as C;
}
