/**
 * Ways out of an empty search (docs/search-ui.md, "Results, states, count"): the same search
 * without the typed words, or without one chosen filter, each with the number of cars it
 * would show, and the most stocked makes. Pure rules; EmptySuggestions.tsx asks the counts.
 */

/** At most this many chosen filters are tried one by one (each is one extra query). */
export const MAX_FILTERS_TRIED = 6;
/** At most this many "without …" suggestions show, the most cars first. */
export const MAX_WAYS_OUT = 3;
/** Makes offered after an empty search. */
export const POPULAR_MAKES = 6;

/** One refinement as react-instantsearch's current refinements list it. */
export interface ChosenRefinement {
  attribute: string;
  type: string;
  value: string | number;
  label: string;
  operator?: string;
}

/** The few parts of algoliasearch-helper's SearchParameters the suggestions change. */
export interface HelperState {
  query?: string;
  setQuery(q: string): HelperState;
  removeDisjunctiveFacetRefinement(attribute: string, value?: string): HelperState;
  removeFacetRefinement(attribute: string, value?: string): HelperState;
  removeExcludeRefinement(attribute: string, value: string): HelperState;
  removeHierarchicalFacetRefinement(attribute: string): HelperState;
  removeNumericRefinement(attribute: string, operator?: string, value?: number): HelperState;
  removeTagRefinement(tag: string): HelperState;
}

/** The search state without one refinement (the way InstantSearch's current refinements remove it). */
export function withoutRefinement(state: HelperState, r: ChosenRefinement): HelperState {
  switch (r.type) {
    case 'query':
      return state.setQuery('');
    case 'disjunctive':
      return state.removeDisjunctiveFacetRefinement(r.attribute, String(r.value));
    case 'facet':
      return state.removeFacetRefinement(r.attribute, String(r.value));
    case 'exclude':
      return state.removeExcludeRefinement(r.attribute, String(r.value));
    case 'hierarchical':
      return state.removeHierarchicalFacetRefinement(r.attribute);
    case 'numeric':
      return state.removeNumericRefinement(r.attribute, r.operator, Number(r.value));
    case 'tag':
      return state.removeTagRefinement(String(r.value));
    default:
      return state;
  }
}

export interface WayOut<T> {
  count: number;
  item: T;
}

/** The suggestions worth showing: those that find cars, the most first, at most MAX_WAYS_OUT. */
export function bestWaysOut<T>(ways: readonly WayOut<T>[], limit = MAX_WAYS_OUT): WayOut<T>[] {
  return ways
    .filter((w) => w.count > 0)
    .sort((a, b) => b.count - a.count)
    .slice(0, limit);
}

/** The most stocked makes from a facet's counts (ties alphabetical). */
export function popularMakes(
  counts: Record<string, number> | undefined,
  limit = POPULAR_MAKES,
): { name: string; count: number }[] {
  return Object.entries(counts ?? {})
    .filter(([, count]) => count > 0)
    .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
    .slice(0, limit)
    .map(([name, count]) => ({ name, count }));
}
